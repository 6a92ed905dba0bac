// CertificateSigningRequest (certificates.k8s.io): everything the API server does with
// certificatesigningrequests, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { field, notSupported, same } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { certificateSigningRequestErrors } from './certificatesigningrequests/csr-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, getPatchUpdate, status } from '../resource-facts.ts';
import { certificateSigningRequestColumns } from '../../table/columns/cluster-extension-columns.ts';

// certificates.k8s.io/v1: certificate signing requests.
export const certificateSigningRequestResource: ResourceDefinition = {
  group: 'certificates.k8s.io',
  version: 'v1',
  resource: 'certificatesigningrequests',
  singularName: 'certificatesigningrequest',
  kind: 'CertificateSigningRequest',
  namespaced: false,
  verbs: allVerbs,
  shortNames: ['csr'],
  categories: [],
  subresources: [{ name: 'approval', kind: 'CertificateSigningRequest', verbs: getPatchUpdate, endpoint: 'approval' }, status('CertificateSigningRequest')],
  storagePrefix: 'certificatesigningrequests',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: { validate: certificateSigningRequestErrors },
    // "We don't care what you call your certificate requests": only the generic check applies.
    names: 'pathSegment',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: { accepted: same('spec.signerName'), metadataNamespace: false, readers: [['spec.signerName', field('spec', 'signerName')]], unsupported: notSupported },
    table: certificateSigningRequestColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
