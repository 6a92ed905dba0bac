// Shorthands for the discovery facts the resource declarations share: kube's usual verb sets and
// the status and scale subresources.

import type { SubresourceDefinition, Verb } from './resource-definition.ts';

export const allVerbs: readonly Verb[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
export const createOnly: readonly Verb[] = ['create'];
export const getPatchUpdate: readonly Verb[] = ['get', 'patch', 'update'];
export const proxyVerbs: readonly Verb[] = ['create', 'delete', 'get', 'patch', 'update'];

/** The status subresource, carrying the resource's own kind. */
export const status = (kind: string, facts: Partial<SubresourceDefinition> = {}): SubresourceDefinition => ({
  name: 'status',
  kind,
  verbs: getPatchUpdate,
  endpoint: 'status',
  ...facts,
});

/** The scale subresource: autoscaling/v1 Scale for every resource that has one. */
export const scale: SubresourceDefinition = { name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: getPatchUpdate, endpoint: 'scale' };
