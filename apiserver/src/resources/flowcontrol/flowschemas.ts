// FlowSchema (flowcontrol.apiserver.k8s.io): everything the API server does with flowschemas, in
// one place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import { defaultFlowSchema } from '../../registry/defaulting/admission-defaults.ts';
import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { flowSchemaErrors } from './flowschemas/flow-schema-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { flowSchemaColumns } from '../../table/columns/cluster-extension-columns.ts';

// flowcontrol.apiserver.k8s.io/v1: API priority and fairness.
export const flowSchemaResource: ResourceDefinition = {
  group: 'flowcontrol.apiserver.k8s.io',
  version: 'v1',
  resource: 'flowschemas',
  singularName: 'flowschema',
  kind: 'FlowSchema',
  namespaced: false,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [status('FlowSchema')],
  storagePrefix: 'flowschemas',
  behaviour: {
    strategy: {},
    defaults: defaultFlowSchema,
    validation: { validate: flowSchemaErrors },
    names: 'dns1123Subdomain',
    generation: specGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: flowSchemaColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
