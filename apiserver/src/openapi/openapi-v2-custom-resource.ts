// A custom resource's version in /openapi/v2: its operations, as path items laid out as the
// built-in resources' are, and its kind's and List's definitions in v2 form.

import type { CustomResourceDefinition } from '../resources/resource-definition.ts';
import { customKindSchemas } from './custom-kind-schemas.ts';
import { customResourceMedia, customResourceRoutes } from './custom-resource-routes.ts';
import type { OpenApiV2Parts } from './openapi-v2-document.ts';
import { answers, openApiV2PathItem, refTo, tagOf, type OpenApiV2Operation } from './openapi-v2-paths.ts';

export function customResourceV2Parts(definition: CustomResourceDefinition): OpenApiV2Parts {
  const { group, version, kind } = definition;
  const operations: Record<string, Record<string, OpenApiV2Operation>> = {};
  for (const route of customResourceRoutes(definition)) {
    (operations[route.path] ??= {})[route.method] = {
      method: route.method,
      action: route.action,
      operationId: route.operationId,
      description: route.description,
      gvk: { group, version, kind },
      tag: tagOf(group, version),
      parameters: route.parameters,
      responses: answers(route.codes, refTo(route.response)),
      consumes: route.consumes,
      produces: customResourceMedia,
    };
  }
  const paths = Object.fromEntries(Object.entries(operations).map(([path, byMethod]) => [path, openApiV2PathItem(byMethod)]));
  return { paths, definitions: customKindSchemas(definition, 'v2') };
}
