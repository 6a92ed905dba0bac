// CustomResourceDefinition (apiextensions.k8s.io): everything the API server does with
// customresourcedefinitions, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { metadataFieldLabels } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { allMetadataMutable } from '../../registry/status-update-metadata.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, status } from '../resource-facts.ts';
import { defaultColumns } from '../../table/table-columns.ts';
import { defaultCustomResourceDefinition } from './customresourcedefinitions/crd-defaults.ts';
import { customResourceDefinitionStrategy } from './customresourcedefinitions/crd-strategy.ts';
import { customResourceDefinitionErrors, customResourceDefinitionUpdateErrors } from './customresourcedefinitions/crd-validation.ts';

// apiextensions.k8s.io/v1: CRDs; stored by apiextensions-apiserver under <group>/<resource>.
export const customResourceDefinitionResource: ResourceDefinition = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  singularName: 'customresourcedefinition',
  kind: 'CustomResourceDefinition',
  namespaced: false,
  verbs: allVerbs,
  shortNames: ['crd', 'crds'],
  categories: ['api-extensions'],
  subresources: [status('CustomResourceDefinition')],
  storagePrefix: 'apiextensions.k8s.io/customresourcedefinitions',
  behaviour: {
    strategy: customResourceDefinitionStrategy,
    defaults: defaultCustomResourceDefinition,
    // kube checks a new CRD and an update with different options (an update tolerates what an old CRD had).
    validation: { validateCreate: customResourceDefinitionErrors, validateUpdate: customResourceDefinitionUpdateErrors },
    names: 'customResourceDefinition',
    generation: specGeneration,
    initialStatus: undefined,
    // Its status strategy resets the new metadata to itself, which changes nothing.
    statusKeeps: allMetadataMutable,
    createOnUpdate: false,
    fieldLabels: metadataFieldLabels,
    table: defaultColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
