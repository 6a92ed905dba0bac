// What one request's writes of a resource go through besides the generic store: the admission
// chain (with who asks), and the resource's storage hooks (a Service's cluster IPs and node ports).

import type { RequestAdmission } from '../admission/request-admission.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

export interface ResourceWrites {
  readonly admission: RequestAdmission;
  readonly hooks: ResourceHooks | undefined;
}

/** Whether an admission plugin or a storage hook may change the resource's objects on their way to the store (their writes then stay on the event loop). */
export function writesAreChanged(writes: ResourceWrites, definition: ResourceDefinition, on: 'create' | 'update'): boolean {
  if (writes.admission.chain.mutates(definition.group, definition.resource) || writes.admission.guard?.guards(definition) === true) return true;
  return on === 'create' ? writes.hooks?.beforeCreate !== undefined : writes.hooks?.beforeCreate !== undefined || writes.hooks?.beforeUpdate !== undefined;
}
