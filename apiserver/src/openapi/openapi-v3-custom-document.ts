// The OpenAPI v3 document of a group-version whose resources are custom, as kube-apiserver's CRD
// OpenAPI controller merges it from each CRD's version: the operations (custom-resource-routes.ts)
// with their parameters, request bodies and JSON and YAML answers, the kinds' and Lists' schemas,
// and the metadata, status, options and (for a scale subresource) Scale schemas they refer to.

import type { CustomResourceDefinition } from '../resources/resource-definition.ts';
import { customKindSchemas } from './custom-kind-schemas.ts';
import { customResourceMedia, customResourceRoutes, type CustomResourceRoute } from './custom-resource-routes.ts';
import { declaredSchemas } from './declared-schemas.ts';
import type { Parameter } from './openapi-v2-parameters.ts';
import { definitionRefPrefix } from './openapi-v2-schema.ts';
import { tagOf } from './openapi-v2-paths.ts';

type Json = Record<string, unknown>;

const sharedRoots = [
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta',
  'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Status',
  'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Patch',
];
const scaleRoot = 'io.k8s.api.autoscaling.v1.Scale';

const responseDescriptions: Readonly<Record<string, string>> = { '200': 'OK', '201': 'Created', '202': 'Accepted' };

const byName = ([a]: readonly [string, unknown], [b]: readonly [string, unknown]): number => (a < b ? -1 : a > b ? 1 : 0);

export function customResourcesV3Document(definitions: readonly CustomResourceDefinition[]): Json {
  const hasScale = definitions.some((definition) => definition.subresources.some((subresource) => subresource.name === 'scale'));
  const schemas: Record<string, Json> = { ...declaredSchemas(hasScale ? [...sharedRoots, scaleRoot] : sharedRoots) };
  const routes = new Map<string, { route: CustomResourceRoute; definition: CustomResourceDefinition }[]>();
  for (const definition of definitions) {
    Object.assign(schemas, customKindSchemas(definition, 'v3'));
    for (const route of customResourceRoutes(definition)) routes.set(route.path, [...(routes.get(route.path) ?? []), { route, definition }]);
  }
  const paths = Object.fromEntries([...routes].sort(byName).map(([path, operations]) => [path, pathItem(operations)]));
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes CRD Swagger', version: 'v0.1.0' },
    paths,
    components: { schemas: Object.fromEntries(Object.entries(schemas).sort(byName)) },
  };
}

/** A path's operations; the parameters all of them take (but a body) stand on the path. */
function pathItem(operations: readonly { route: CustomResourceRoute; definition: CustomResourceDefinition }[]): Json {
  const onEvery = (operations[0]?.route.parameters ?? []).filter((p) => p.in !== 'body' && operations.every(({ route }) => route.parameters.includes(p)));
  const item: Json = {};
  for (const { route, definition } of operations) {
    const own = route.parameters.filter((p) => p.in !== 'body' && !onEvery.includes(p));
    const body = route.parameters.find((p) => p.in === 'body');
    const schema = { $ref: `#/components/schemas/${route.response}` };
    item[route.method] = {
      tags: [tagOf(definition.group, definition.version)],
      description: route.description,
      operationId: route.operationId,
      ...(own.length > 0 ? { parameters: sortedParameters(own) } : {}),
      ...(body === undefined ? {} : { requestBody: requestBody(body, route.consumes) }),
      responses: {
        ...Object.fromEntries(route.codes.map((code) => [code, { description: responseDescriptions[code], content: mediaOf(customResourceMedia, schema) }])),
        '401': { description: 'Unauthorized' },
      },
      'x-kubernetes-action': route.action,
      'x-kubernetes-group-version-kind': { group: definition.group, version: definition.version, kind: definition.kind },
    };
  }
  if (onEvery.length > 0) item.parameters = sortedParameters(onEvery);
  return item;
}

const mediaOf = (types: readonly string[], schema: Json): Json => Object.fromEntries(types.map((type) => [type, { schema }]));

/** A v2 body parameter as a v3 request body of the route's media types. */
function requestBody(body: Parameter, consumes: readonly string[]): Json {
  const ref = String((body.schema as Json).$ref).slice(definitionRefPrefix.length);
  return { content: mediaOf(consumes, { $ref: `#/components/schemas/${ref}` }), ...(body.required === true ? { required: true } : {}) };
}

/** v2 query and path parameters in v3's form (the type in a schema), by name. */
function sortedParameters(parameters: readonly Parameter[]): Json[] {
  return [...parameters]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, in: where, description, required, type, uniqueItems }) => ({
      name,
      in: where,
      description,
      ...(required === true ? { required: true } : {}),
      schema: { type, ...(uniqueItems === true ? { uniqueItems: true } : {}) },
    }));
}
