// The operations kube-apiserver publishes for a custom resource's version (apiextensions' OpenAPI
// builder), the same for /openapi/v2 and /openapi/v3: list (across namespaces too), create and
// delete a collection; read, replace, delete and patch one; read, replace and patch its status and
// scale when it has them. Unlike a built-in resource's: JSON and YAML only, no strategic merge
// patch (kubectl apply reads that to choose a JSON merge patch), no deprecated /watch/ paths, and
// every operation carries the custom kind's group-version-kind, the scale ones too.

import {
  deleteItemParameters,
  getParameters,
  listParameters,
  nameParameter,
  namespaceParameter,
  patchParameters,
  prettyParameter,
  writeParameters,
  type Parameter,
} from './openapi-v2-parameters.ts';
import { operationIdOf, type Method } from './openapi-v2-paths.ts';
import { customSchemaName } from './schema-name.ts';
import type { CustomResourceDefinition } from '../resources/resource-definition.ts';

export interface CustomResourceRoute {
  readonly path: string;
  readonly method: Method;
  /** x-kubernetes-action. */
  readonly action: string;
  readonly operationId: string;
  readonly description: string;
  /** In v2 form, the body among them; those of the path (name, namespace, pretty) too. */
  readonly parameters: readonly Parameter[];
  /** The answers' status codes, each with the schema `response` names. */
  readonly codes: readonly string[];
  readonly response: string;
  readonly consumes: readonly string[];
}

export const customResourceMedia: readonly string[] = ['application/json', 'application/yaml'];
export const customResourcePatchMedia: readonly string[] = ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml'];

const statusName = 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';
const scaleName = 'io.k8s.api.autoscaling.v1.Scale';

export function customResourceRoutes(definition: CustomResourceDefinition): CustomResourceRoute[] {
  const { group, version, kind, resource, namespaced } = definition;
  const self = customSchemaName(group, version, kind);
  const list = customSchemaName(group, version, definition.custom.listKind);
  const base = `/apis/${group}/${version}`;
  const collection = namespaced ? `${base}/namespaces/{namespace}/${resource}` : `${base}/${resource}`;
  const item = `${collection}/{name}`;
  const scoped = `${namespaced ? 'Namespaced' : ''}${kind}`;
  const common = namespaced ? [namespaceParameter, prettyParameter] : [prettyParameter];
  const itemCommon = [nameParameter(kind), ...common];
  const id = (verb: string, suffix: string): string => operationIdOf(group, version, verb, suffix);
  const route = (fields: Omit<CustomResourceRoute, 'consumes'> & { consumes?: readonly string[] }): CustomResourceRoute => ({
    consumes: customResourceMedia,
    ...fields,
  });

  const routes: CustomResourceRoute[] = [];
  const listing = { method: 'get', action: 'list', description: `lists or watches ${kind} objects`, codes: ['200'], response: list } as const;
  if (namespaced)
    routes.push(route({ ...listing, path: `${base}/${resource}`, operationId: id('list', `${kind}ForAllNamespaces`), parameters: [prettyParameter, ...listParameters] }));
  routes.push(
    route({ ...listing, path: collection, operationId: id('list', scoped), parameters: [...common, ...listParameters] }),
    route({
      path: collection,
      method: 'post',
      action: 'post',
      operationId: id('create', scoped),
      description: `creates a ${kind}`,
      parameters: [...common, ...writeParameters(self)],
      codes: ['200', '201', '202'],
      response: self,
    }),
    route({
      path: collection,
      method: 'delete',
      action: 'deletecollection',
      operationId: id('delete', `Collection${scoped}`),
      description: `deletes a collection of ${kind} objects`,
      parameters: [...common, ...listParameters],
      codes: ['200'],
      response: statusName,
    }),
    ...objectRoutes(item, { of: `the named ${kind}`, self, id: (verb) => id(verb, scoped), itemCommon }),
    route({
      path: item,
      method: 'delete',
      action: 'delete',
      operationId: id('delete', scoped),
      description: `deletes the named ${kind}`,
      parameters: [...itemCommon, ...deleteItemParameters],
      codes: ['200', '202'],
      response: statusName,
    }),
  );
  const subresources = new Set(definition.subresources.map((subresource) => subresource.name));
  if (subresources.has('status')) {
    routes.push(...objectRoutes(`${item}/status`, { of: `the status of the named ${kind}`, self, id: (verb) => id(verb, `${scoped}Status`), itemCommon }));
  }
  if (subresources.has('scale')) {
    routes.push(...objectRoutes(`${item}/scale`, { of: `the scale of the named ${kind}`, self: scaleName, id: (verb) => id(verb, `${scoped}Scale`), itemCommon }));
  }
  return routes;
}

interface ObjectRoutes {
  /** What the operations act on, for their descriptions. */
  readonly of: string;
  /** The schema read and written. */
  readonly self: string;
  readonly id: (verb: string) => string;
  readonly itemCommon: readonly Parameter[];
}

/** GET, PUT and PATCH of one object, its status or its scale. */
function objectRoutes(path: string, { of, self, id, itemCommon }: ObjectRoutes): CustomResourceRoute[] {
  return [
    {
      path,
      method: 'get',
      action: 'get',
      operationId: id('read'),
      description: `reads ${of}`,
      parameters: [...itemCommon, ...getParameters],
      codes: ['200'],
      response: self,
      consumes: customResourceMedia,
    },
    {
      path,
      method: 'put',
      action: 'put',
      operationId: id('replace'),
      description: `replaces ${of}`,
      parameters: [...itemCommon, ...writeParameters(self)],
      codes: ['200', '201'],
      response: self,
      consumes: customResourceMedia,
    },
    {
      path,
      method: 'patch',
      action: 'patch',
      operationId: id('patch'),
      description: `partially updates ${of}`,
      parameters: [...itemCommon, ...patchParameters],
      codes: ['200'],
      response: self,
      consumes: customResourcePatchMedia,
    },
  ];
}
