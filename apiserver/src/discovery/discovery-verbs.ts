// The verbs discovery lists for a resource: those it declares, except for a custom resource whose
// CRD is Terminating, which kube's CRD discovery controller lists without create, patch and update
// (its objects are being deleted; a create is refused, while updates are still served).

import type { ResourceDefinition, Verb } from '../resources/resource-definition.ts';

const terminatingVerbs: readonly Verb[] = ['delete', 'deletecollection', 'get', 'list', 'watch'];

export const discoveryVerbs = (def: ResourceDefinition): readonly Verb[] => (def.custom?.terminating() === true ? terminatingVerbs : def.verbs);
