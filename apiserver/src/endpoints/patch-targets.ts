// What a PATCH writes, per endpoint: the object itself (whose apply may create it), its status
// (applied and tracked as the status subresource), or its scale (a Scale, tracked on the parent).

import { fieldManagerFor } from '../apply/field-tracking.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { Registry } from '../registry/registry.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { declaredTypeName } from './builtin-type-lookup.ts';
import { createFromBody } from './create.ts';
import { namespaceOf } from './get.ts';
import { mainView, scaleView, statusView } from './object-view.ts';
import type { PatchTarget } from './patch.ts';

/** The type every scale subresource reads and writes (autoscaling/v1 Scale). */
const scaleTypeName = 'io.k8s.api.autoscaling.v1.Scale';

export async function mainPatchTarget(registry: Registry, store: GenericStore, info: RequestInfo, hooks: ResourceHooks | undefined): Promise<PatchTarget> {
  const { definition } = store;
  const namespace = namespaceOf(info);
  const view = mainView(store, namespace, info.name, hooks);
  const typeName = await declaredTypeName(definition);
  const fieldManager = await fieldManagerFor(definition);
  if (typeName === undefined || fieldManager === undefined) return { view, typeName };
  const create = (object: Record<string, unknown>, dryRun: boolean) => createFromBody(registry, store, namespace, object, { dryRun }, hooks);
  return { view, typeName, fieldManager, apply: { view, name: info.name, ...definition, typeName, fieldManager, create } };
}

export async function subresourcePatchTarget(store: GenericStore, info: RequestInfo, subresource: 'status' | 'scale'): Promise<PatchTarget> {
  const { definition } = store;
  const namespace = namespaceOf(info);
  const fieldManager = await fieldManagerFor(definition, subresource);
  if (subresource === 'scale') return { view: scaleView(store, namespace, info.name), typeName: scaleTypeName, ...(fieldManager === undefined ? {} : { fieldManager }) };
  const view = statusView(store, namespace, info.name);
  const typeName = await declaredTypeName(definition);
  if (typeName === undefined || fieldManager === undefined) return { view, typeName };
  return { view, typeName, fieldManager, apply: { view, name: info.name, ...definition, typeName, fieldManager } };
}
