// What a PATCH writes, per endpoint: the object itself (whose apply may create it), its status
// or a CertificateSigningRequest's approval (applied and tracked as that subresource), or its
// scale (a Scale, tracked on the parent).

import type { RequestScope } from './request-scope.ts';
import type { FieldManager } from '../apply/field-manager.ts';
import { fieldManagerFor, type ManagedResource } from '../apply/field-tracking.ts';
import { parentManagedFields, scaleManagedFields } from '../apply/scale-managed-fields.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { apiVersionOf } from '../resources/resource-definition.ts';
import type { ApplyTarget } from './apply-patch.ts';
import type { RequestAdmission } from '../admission/request-admission.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { scaleOf } from '../registry/scale.ts';
import { scalePathFields, scalePathsOf } from '../registry/custom-resource-scale.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { declaredTypeName } from '../openapi/builtin-type-lookup.ts';
import { createFromBody } from './create.ts';
import { namespaceOf } from './get.ts';
import { approvalView, mainView, resizeView, scaleView, statusView, type ObjectView } from './object-view.ts';
import type { PatchTarget } from './patch.ts';

/** The type every scale subresource reads and writes (autoscaling/v1 Scale). */
const scaleTypeName = 'io.k8s.api.autoscaling.v1.Scale';

/** The field manager of applies to a Scale (the same for every kind with one). */
const scaleFieldManager = (): Promise<FieldManager | undefined> => fieldManagerFor(scaleDefinition, 'scale');

/** A Scale as the field manager sees it: its status is the parent's, never owned by an apply. */
const scaleDefinition: ManagedResource = { group: 'autoscaling', version: 'v1', resource: 'scale', kind: 'Scale', subresources: [{ name: 'status' }] };

/**
 * An apply to a Scale: merged and owned as a Scale, whose owners of spec.replicas then become the
 * parent's (kube's ScaleHandler), the rest of the parent's managedFields kept.
 */
function scaleApplyTarget(store: GenericStore, namespace: string | undefined, name: string, view: ObjectView, fieldManager: FieldManager): ApplyTarget {
  const parentApiVersion = apiVersionOf(store.definition);
  // A custom resource's replicas are where its CRD says; kube names their owners in autoscaling/v1 then.
  const paths = scalePathsOf(store.definition);
  const parentReplicas = paths === undefined ? undefined : scalePathFields(paths.specReplicasPath);
  const ownersApiVersion = paths === undefined ? parentApiVersion : 'autoscaling/v1';
  const scaleView: ObjectView = {
    get: async () => {
      const parent = await store.get(namespace, name);
      const scale = scaleOf(store.definition, parent);
      return { ...scale, metadata: { ...metadataOf(scale), managedFields: scaleManagedFields(metadataOf(parent).managedFields, ownersApiVersion, parentReplicas) } };
    },
    update: (scale, options) => {
      const track = (next: JsonObject, old: JsonObject): JsonObject => ({
        ...next,
        metadata: { ...metadataOf(next), managedFields: parentManagedFields(metadataOf(old).managedFields, metadataOf(scale).managedFields, parentApiVersion, parentReplicas) },
      });
      return view.update(scale, { ...options, track });
    },
  };
  return { view: scaleView, name, group: 'autoscaling', version: 'v1', kind: 'Scale', fieldManager };
}

export async function mainPatchTarget({ store, info, writes }: RequestScope): Promise<PatchTarget> {
  const { definition } = store;
  const namespace = namespaceOf(info);
  const view = mainView(store, namespace, info.name, writes);
  // A built-in kind's type name: strategic merge patch and Go's type checks read it; custom kinds have none.
  const typeName = await declaredTypeName(definition);
  const fieldManager = await fieldManagerFor(definition);
  const { schema } = definition.behaviour;
  const target: PatchTarget = schema === undefined ? { view, typeName } : { view, typeName, schema };
  if (fieldManager === undefined) return target;
  const create = (object: Record<string, unknown>, dryRun: boolean) => createFromBody(store, namespace, object, { dryRun }, writes);
  const apply = { view, name: info.name, ...definition, fieldManager, create };
  // Large writes go to a work thread, which knows the built-in kinds only.
  const object = typeName === undefined ? undefined : { store, namespace, name: info.name, writes };
  return { ...target, fieldManager, apply, ...(object === undefined ? {} : { object }) };
}

export async function subresourcePatchTarget(
  store: GenericStore,
  info: RequestInfo,
  subresource: 'status' | 'scale' | 'approval' | 'resize',
  admission?: RequestAdmission,
): Promise<PatchTarget> {
  const { definition } = store;
  const namespace = namespaceOf(info);
  const fieldManager = await fieldManagerFor(definition, subresource);
  if (subresource === 'scale') {
    const view = scaleView(store, namespace, info.name);
    const scaleManager = await scaleFieldManager();
    if (fieldManager === undefined || scaleManager === undefined) return { view, typeName: scaleTypeName };
    return { view, typeName: scaleTypeName, fieldManager, apply: scaleApplyTarget(store, namespace, info.name, view, scaleManager) };
  }
  const view =
    subresource === 'approval'
      ? approvalView(store, info.name, admission)
      : subresource === 'resize'
        ? resizeView(store, namespace, info.name, admission)
        : statusView(store, namespace, info.name, admission);
  const typeName = await declaredTypeName(definition);
  const { schema } = definition.behaviour;
  const target: PatchTarget = schema === undefined || subresource === 'approval' ? { view, typeName } : { view, typeName, schema };
  if (fieldManager === undefined) return target;
  return { ...target, fieldManager, apply: { view, name: info.name, ...definition, fieldManager } };
}
