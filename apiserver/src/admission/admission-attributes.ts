// kube's admission.Attributes: what an admission plugin is told about a request. `object` is the
// object about to be stored, which a mutating plugin may change in place.

import type { GroupResource } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import type { AuditLevel } from '../audit/audit-policy.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { ReinvocationContext } from './reinvocation-context.ts';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface AdmissionAttributes {
  readonly operation: AdmissionOperation;
  /** The resource requested, e.g. { group: '', resource: 'pods' }; with its version. */
  readonly resource: GroupResource & { readonly version: string };
  /** "" for the object itself, e.g. "status" or "binding" otherwise. */
  readonly subresource: string;
  /** The kind of the object, e.g. { group: '', version: 'v1', kind: 'Pod' }. */
  readonly kind: { readonly group: string; readonly version: string; readonly kind: string };
  /** "" for a cluster-scoped object. */
  readonly namespace: string;
  /** "" when the object's name is not known yet (generateName). */
  readonly name: string;
  /** The object to store (CREATE, UPDATE); undefined for DELETE and CONNECT. */
  readonly object: JsonObject | undefined;
  /** The stored object (UPDATE, DELETE). */
  readonly oldObject: JsonObject | undefined;
  readonly dryRun: boolean;
  readonly userInfo: UserInfo;
  /** kube's AddAnnotation: a plugin's finding for the request's audit event (key `<plugin's domain>/<name>`), kept only by events of `level` or more (Metadata unless given); absent outside a request. */
  readonly addAnnotation?: (key: string, value: string, level?: AuditLevel) => void;
  /** kube's warning.AddWarning: a warning for the client's Warning header; absent outside a request. */
  readonly addWarning?: (text: string) => void;
  /** What the request's options (CreateOptions, UpdateOptions, DeleteOptions) hold, without their kind, e.g. dryRun and fieldManager. */
  readonly operationOptions?: JsonObject;
  /** The mutating phase's reinvocation state, which the chain gives its plugins (absent outside the chain). */
  readonly reinvocation?: ReinvocationContext;
}
