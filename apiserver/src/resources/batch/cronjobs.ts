// CronJob (batch): everything the API server does with cronjobs, in one place: what discovery says,
// and the behaviour its store, endpoints and Table output take from here.

import { defaultCronJob } from '../../registry/defaulting/workload-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import { cronJobErrors } from './cronjobs/cron-job-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { cronJobColumns } from './job-columns.ts';

// batch/v1: jobs and cron jobs.
export const cronJobResource: ResourceDefinition = {
  group: 'batch',
  version: 'v1',
  resource: 'cronjobs',
  singularName: 'cronjob',
  kind: 'CronJob',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['cj'],
  categories: ['all'],
  subresources: [status('CronJob')],
  storagePrefix: 'cronjobs',
  behaviour: {
    strategy: {},
    defaults: defaultCronJob,
    validation: {
      validate: cronJobErrors,
    },
    names: 'cronJob',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: cronJobColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
