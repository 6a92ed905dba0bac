// Secret (core): everything the API server does with secrets, in one place: what discovery says,
// and the behaviour its store, endpoints and Table output take from here.

import { defaultSecret } from './core-defaults.ts';
import { field, notSupported, same } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { secretErrors } from './config-validation.ts';
import { immutable, immutableDataErrors } from '../../registry/validation/update-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { secretColumns } from './config-columns.ts';
import { fieldInvalid } from '@capstan/common';

export const secretResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'secrets',
  singularName: 'secret',
  kind: 'Secret',
  namespaced: true,
  verbs: allVerbs,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: 'secrets',
  behaviour: {
    strategy: {},
    defaults: defaultSecret,
    validation: {
      validate: secretErrors,
      validateUpdate: (next, old, objectErrors) => [
        ...(next.type === old.type ? [] : [fieldInvalid('type', typeof next.type === 'string' ? next.type : null, immutable)]),
        ...immutableDataErrors(next, old, ['data']),
        ...objectErrors,
      ],
    },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: false,
    fieldLabels: { accepted: same('type'), metadataNamespace: true, readers: [['type', field('type')]], unsupported: notSupported },
    table: secretColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
