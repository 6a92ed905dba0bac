// ResourceClaim (resource.k8s.io): everything the API server does with resourceclaims, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultResourceClaim } from './resource-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { resourceClaimStrategy } from './resource-strategies.ts';
import { resourceClaimErrors, resourceClaimUpdateErrors } from './resource-claim-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { resourceClaimColumns } from './resource-columns.ts';

export const resourceClaimResource: ResourceDefinition = {
  group: 'resource.k8s.io',
  version: 'v1',
  resource: 'resourceclaims',
  singularName: 'resourceclaim',
  kind: 'ResourceClaim',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [status('ResourceClaim', { noTables: true })],
  storagePrefix: 'resourceclaims',
  behaviour: {
    strategy: { ...resourceClaimStrategy, returnsDeletedObject: true },
    defaults: defaultResourceClaim,
    validation: { validate: resourceClaimErrors, validateUpdate: resourceClaimUpdateErrors },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: resourceClaimColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
