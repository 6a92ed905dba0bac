// The stores of MutatingAdmissionPolicies and their bindings, when the server serves them
// (admissionregistration.k8s.io/v1beta1, with the MutatingAdmissionPolicy gate and --runtime-config).

import type { GenericStore } from '../../registry/generic-store.ts';
import type { Registry } from '../../registry/registry.ts';

export interface MutatingPolicyStores {
  readonly policies: GenericStore;
  readonly bindings: GenericStore;
}

const group = 'admissionregistration.k8s.io';

/** The two stores, or undefined when the server does not serve them. */
export function mutatingPolicyStores(registry: Registry): MutatingPolicyStores | undefined {
  const policies = registry.store(group, 'v1beta1', 'mutatingadmissionpolicies');
  const bindings = registry.store(group, 'v1beta1', 'mutatingadmissionpolicybindings');
  return policies === undefined || bindings === undefined ? undefined : { policies, bindings };
}
