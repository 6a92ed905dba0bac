// Job (batch): everything the API server does with jobs, in one place: what discovery says, and the
// behaviour its store, endpoints and Table output take from here.

import { defaultJob } from '../../registry/defaulting/workload-defaults.ts';
import { at, count, same } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { jobStrategy } from './jobs/job-strategy.ts';
import { jobTemplateErrors, selectorErrors } from '../../registry/validation/update-validation.ts';
import { jobErrors } from '../../registry/validation/workload-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { jobColumns } from './job-columns.ts';
import { goQuote } from '@capstan/common';

export const jobResource: ResourceDefinition = {
  group: 'batch',
  version: 'v1',
  resource: 'jobs',
  singularName: 'job',
  kind: 'Job',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: ['all'],
  subresources: [status('Job')],
  storagePrefix: 'jobs',
  behaviour: {
    strategy: jobStrategy,
    defaults: defaultJob,
    validation: {
      validate: jobErrors,
      validateUpdate: (next, old, objectErrors) => [...objectErrors, ...selectorErrors(next, old), ...jobTemplateErrors(next, old)],
    },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: {
      accepted: same('status.successful'),
      metadataNamespace: true,
      // The label says "successful", the field it reads is status.succeeded.
      readers: [['status.successful', (object) => count(at(object, 'status', 'succeeded'))]],
      unsupported: (label) => `field label ${goQuote(label)} not supported for Job`,
    },
    table: jobColumns,
    garbageCollection: 'OrphanDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
