// One OpenAPI v3 document per group-version, derived from the resource declarations and the type
// declarations (exact schemas where every type a kind reaches is declared, shallow ones that keep
// unknown fields elsewhere). The operations carry what kubectl reads: x-kubernetes-group-version-kind,
// an inline fieldValidation parameter on PATCH, and the patch media types.

import type { ResourceDefinition, Verb } from '../resources/resource-definition.ts';
import { patchSchemaName, schemaName } from './schema-name.ts';
import { servedSchemas } from './served-schemas.ts';

type Json = Record<string, unknown>;

const ok = { '200': { description: 'OK' } };
const queryParameter = (name: string, type = 'string'): Json => ({ name, in: 'query', schema: { type } });
const writeParameters = [queryParameter('dryRun'), queryParameter('fieldManager'), queryParameter('fieldValidation')];
const patchTypes = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

export function openApiV3Document(definitions: readonly ResourceDefinition[], kubernetesVersion: string): Json {
  const paths: Record<string, Json> = {};
  const schemas = servedSchemas(definitions);
  for (const definition of definitions) {
    const gvk = { group: definition.group, version: definition.version, kind: definition.kind };
    const ref = { $ref: `#/components/schemas/${schemaName(definition)}` };
    const has = (verb: Verb): boolean => definition.verbs.includes(verb);
    const operation = (action: string, extra: Json = {}): Json => ({
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk,
      ...extra,
      responses: ok,
    });
    const base = definition.group === '' ? `/api/${definition.version}` : `/apis/${definition.group}/${definition.version}`;
    const collection = definition.namespaced ? `${base}/namespaces/{namespace}/${definition.resource}` : `${base}/${definition.resource}`;
    const collectionOps: Json = {};
    if (has('list')) collectionOps.get = operation('list');
    if (has('create')) {
      collectionOps.post = operation('post', { parameters: writeParameters, requestBody: { required: true, content: { 'application/json': { schema: ref } } } });
    }
    if (has('deletecollection')) collectionOps.delete = operation('deletecollection');
    if (Object.keys(collectionOps).length > 0) paths[collection] = collectionOps;
    const itemOps: Json = {};
    if (has('get')) itemOps.get = operation('get');
    if (has('update')) {
      itemOps.put = operation('put', { parameters: writeParameters, requestBody: { required: true, content: { 'application/json': { schema: ref } } } });
    }
    if (has('patch')) {
      itemOps.patch = operation('patch', {
        parameters: [...writeParameters, queryParameter('force', 'boolean')],
        requestBody: {
          required: true,
          content: Object.fromEntries(patchTypes.map((type) => [type, { schema: { $ref: `#/components/schemas/${patchSchemaName}` } }])),
        },
      });
    }
    if (has('delete')) itemOps.delete = operation('delete');
    if (Object.keys(itemOps).length > 0) paths[`${collection}/{name}`] = itemOps;
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: kubernetesVersion }, paths, components: { schemas } };
}
