// Test support: the declarations of a CRD that converts by strategy None, made without a
// conversion webhook (one asked for fails the test).

import type { JsonObject } from '../src/registry/object-meta.ts';
import { customResourceDefinitionsOf } from '../src/customresources/custom-resource-declaration.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';

export function declarationsWithoutWebhook(crd: JsonObject): ResourceDefinition[] {
  return customResourceDefinitionsOf(crd, () => {
    throw new Error('no conversion webhook in this test');
  });
}
