// The resources kube-apiserver 1.35 serves only when asked: those of alpha and beta group-versions
// that are off by default (enabled with --runtime-config), some of them behind a feature gate as
// well. builtin-resources.ts lists the ones served by default.

import type { apiServerFeatures } from '../server/feature-gates.ts';
import { mutatingAdmissionPolicyResource } from './admissionregistration/mutatingadmissionpolicies.ts';
import { mutatingAdmissionPolicyBindingResource } from './admissionregistration/mutatingadmissionpolicybindings.ts';
import type { ResourceDefinition } from './resource-definition.ts';

export interface OptionalResource {
  readonly definition: ResourceDefinition;
  /** The feature gate that must be on as well as the group-version, as kube registers the storage. */
  readonly featureGate: keyof typeof apiServerFeatures | undefined;
}

export const optionalResources: readonly OptionalResource[] = [
  { definition: mutatingAdmissionPolicyResource, featureGate: 'MutatingAdmissionPolicy' },
  { definition: mutatingAdmissionPolicyBindingResource, featureGate: 'MutatingAdmissionPolicy' },
];
