// The rules every node is allowed by for what the graph does not decide: kube's system:node
// ClusterRole (NodeRules() of the bootstrap policy, with kube 1.35's default feature gates:
// DynamicResourceAllocation and KubeletServiceAccountTokenForCredentialProviders on,
// ClusterTrustBundle and PodCertificateRequest off), with the small matcher kube's
// rbac.RulesAllow applies to them.

import type { Attributes } from '../authorizer.ts';

export interface PolicyRule {
  readonly verbs: readonly string[];
  readonly apiGroups: readonly string[];
  /** "resource" or "resource/subresource". */
  readonly resources: readonly string[];
}

const read = ['get', 'list', 'watch'];

export const nodeRules: readonly PolicyRule[] = [
  // API access checks; these creates change nothing.
  { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['tokenreviews'] },
  { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['subjectaccessreviews', 'localsubjectaccessreviews'] },
  // The services of the pods' environment variables.
  { verbs: read, apiGroups: [''], resources: ['services'] },
  // Its Node and the Node's status (NodeRestriction keeps a node to its own).
  { verbs: ['create', 'get', 'list', 'watch'], apiGroups: [''], resources: ['nodes'] },
  { verbs: ['update', 'patch'], apiGroups: [''], resources: ['nodes/status'] },
  { verbs: ['update', 'patch'], apiGroups: [''], resources: ['nodes'] },
  { verbs: ['create', 'update', 'patch'], apiGroups: ['', 'events.k8s.io'], resources: ['events'] },
  // Pods: reads, mirror pods, their status and evictions (the graph and NodeRestriction narrow them).
  { verbs: read, apiGroups: [''], resources: ['pods'] },
  { verbs: ['create', 'delete'], apiGroups: [''], resources: ['pods'] },
  { verbs: ['update', 'patch'], apiGroups: [''], resources: ['pods/status'] },
  { verbs: ['create'], apiGroups: [''], resources: ['pods/eviction'] },
  { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['secrets', 'configmaps'] },
  { verbs: ['get'], apiGroups: [''], resources: ['persistentvolumeclaims', 'persistentvolumes'] },
  { verbs: ['get'], apiGroups: [''], resources: ['endpoints'] },
  // Its own client certificate's signing requests.
  { verbs: ['create', 'get', 'list', 'watch'], apiGroups: ['certificates.k8s.io'], resources: ['certificatesigningrequests'] },
  { verbs: ['get', 'create', 'update', 'patch', 'delete'], apiGroups: ['coordination.k8s.io'], resources: ['leases'] },
  { verbs: ['get'], apiGroups: ['storage.k8s.io'], resources: ['volumeattachments'] },
  { verbs: ['create'], apiGroups: [''], resources: ['serviceaccounts/token'] },
  { verbs: ['get', 'update', 'patch'], apiGroups: [''], resources: ['persistentvolumeclaims/status'] },
  { verbs: ['get', 'watch', 'list'], apiGroups: ['storage.k8s.io'], resources: ['csidrivers'] },
  { verbs: ['get', 'create', 'update', 'patch', 'delete'], apiGroups: ['storage.k8s.io'], resources: ['csinodes'] },
  { verbs: ['get', 'list', 'watch'], apiGroups: ['node.k8s.io'], resources: ['runtimeclasses'] },
  { verbs: ['get'], apiGroups: ['resource.k8s.io'], resources: ['resourceclaims'] },
  { verbs: ['deletecollection'], apiGroups: ['resource.k8s.io'], resources: ['resourceslices'] },
  { verbs: ['get'], apiGroups: [''], resources: ['serviceaccounts'] },
];

const matches = (values: readonly string[], value: string): boolean => values.includes('*') || values.includes(value);

/** Whether a rule allows a resource request (the node rules name no paths, so other requests never match). */
export function rulesAllow(attributes: Attributes, rules: readonly PolicyRule[]): boolean {
  if (!attributes.isResourceRequest) return false;
  const resource = attributes.subresource === '' ? attributes.resource : `${attributes.resource}/${attributes.subresource}`;
  return rules.some((rule) => matches(rule.verbs, attributes.verb) && matches(rule.apiGroups, attributes.group) && matches(rule.resources, resource));
}
