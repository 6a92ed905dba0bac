// The admission of one request: the chain and who asks, with the attributes of its writes.

import { newForbidden, type StatusError } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { metadataOf } from '../registry/object-meta.ts';
import type { WriteAdmission } from '../registry/write-admission.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { AdmissionChain } from './admission-chain.ts';
import type { AdmissionAttributes, AdmissionOperation } from './admission-attributes.ts';

export interface RequestAdmission {
  readonly chain: AdmissionChain;
  readonly user: UserInfo;
  /**
   * For a request that is no create but may create (a PUT of a missing object, an apply that finds
   * none): kube's withAuthorization of its create validation, which asks the authorizer for
   * `create` too before the validating admission runs; a denial is the 403 of that verb.
   */
  readonly authorizeCreate?: () => Promise<void>;
  /** Where admission annotations go: the request's audit event. */
  readonly annotate?: (key: string, value: string) => void;
  /** Where admission warnings go: the response's Warning headers. */
  readonly warn?: (text: string) => void;
  /** What the storage checks before the admission plugins, for the resources it guards. */
  readonly guard?: WriteGuard;
}

/**
 * A check a resource's storage makes of a create or update before admission (kube's policy-based
 * RBAC storage refusing escalation): it may refuse by throwing, and changes nothing.
 */
export interface WriteGuard {
  guards(definition: ResourceDefinition): boolean;
  check(
    definition: ResourceDefinition,
    write: { readonly user: UserInfo; readonly object: JsonObject; readonly old: JsonObject | undefined; readonly namespace: string; readonly name: string },
  ): Promise<void>;
}

/** The attributes of a write of `object` (CREATE, UPDATE) or of the removal of a named object (DELETE). */
export function admissionAttributes(
  admission: RequestAdmission,
  definition: ResourceDefinition,
  write: {
    readonly operation: AdmissionOperation;
    readonly namespace: string | undefined;
    readonly name?: string;
    readonly object?: JsonObject;
    readonly oldObject?: JsonObject;
    readonly dryRun: boolean;
    readonly subresource?: string;
  },
): AdmissionAttributes {
  return {
    operation: write.operation,
    resource: { group: definition.group, version: definition.version, resource: definition.resource },
    subresource: write.subresource ?? '',
    kind: { group: definition.group, version: definition.version, kind: definition.kind },
    namespace: write.namespace ?? '',
    name: write.name ?? (write.object === undefined ? '' : (metadataOf(write.object).name ?? '')),
    object: write.object,
    oldObject: write.oldObject,
    dryRun: write.dryRun,
    userInfo: admission.user,
    ...(admission.annotate === undefined ? {} : { addAnnotation: admission.annotate }),
    ...(admission.warn === undefined ? {} : { addWarning: admission.warn }),
  };
}

/**
 * The admission of one create or update of the resource, for its stages to call (see
 * registry/write-admission.ts). `name` is the name the request gives: for a create, the body's,
 * empty while a generateName is still to be turned into one (kube's attributes keep it so for
 * both phases).
 */
export function writeAdmission(
  admission: RequestAdmission,
  definition: ResourceDefinition,
  write: { readonly operation: 'CREATE' | 'UPDATE'; readonly namespace: string | undefined; readonly name: string; readonly dryRun: boolean; readonly subresource?: string },
): WriteAdmission {
  const attributes = (object: JsonObject, oldObject: JsonObject | undefined): AdmissionAttributes =>
    admissionAttributes(admission, definition, { ...write, object, ...(oldObject === undefined ? {} : { oldObject }) });
  const { chain, guard, user } = admission;
  const refused = write.operation === 'CREATE' ? terminatingCreateRefusal(definition, write.name) : undefined;
  const guarded = guard?.guards(definition) === true ? guard : undefined;
  const admit = async (object: JsonObject, old: JsonObject | undefined): Promise<void> => {
    if (refused !== undefined) throw refused;
    await guarded?.check(definition, { user, object, old, namespace: write.namespace ?? '', name: write.operation === 'CREATE' ? '' : write.name });
    await chain.admit(attributes(object, old));
  };
  const authorizeCreate = write.operation === 'CREATE' ? admission.authorizeCreate : undefined;
  return {
    // A guarded write needs its whole object where the guard runs.
    mutates: guarded !== undefined || chain.mutates(definition.group, definition.resource),
    validates: authorizeCreate !== undefined || chain.validates(write.operation),
    mutate: admit,
    validate:
      authorizeCreate === undefined
        ? (object, old) => chain.validate(attributes(object, old))
        : async (object, old) => {
            await authorizeCreate();
            return chain.validate(attributes(object, old));
          },
  };
}

/**
 * kube's forbidCreateAdmission: while a custom resource's CRD is Terminating, a create of its
 * objects (by POST, or by an apply that finds none) is refused before any admission plugin runs.
 * `name` is the request's: "" for a generateName, which kube's message then leaves out.
 */
function terminatingCreateRefusal(definition: ResourceDefinition, name: string): StatusError | undefined {
  if (definition.custom?.terminating() !== true) return undefined;
  return newForbidden({ group: definition.group, resource: definition.resource }, name, 'create not allowed while custom resource definition is terminating');
}
