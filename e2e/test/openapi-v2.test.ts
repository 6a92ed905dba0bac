import test from 'ava';
import protobuf from 'protobufjs';
import { readReference, referenceTest } from '../../common/test/reference-documents.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();

type Json = Record<string, unknown>;
const protobufType = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
/** kube-apiserver 1.35's swagger.json (read in the test that compares with it). */
const upstreamSwagger = (): { definitions: Record<string, Json> } => JSON.parse(readReference('swagger.json')) as { definitions: Record<string, Json> };

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shared.server().url}${path}`, { headers });
const swagger = async (): Promise<Json & { definitions: Record<string, Json>; paths: Record<string, Json>; parameters: Record<string, Json> }> =>
  (await (await get('/openapi/v2', { accept: 'application/json' })).json()) as never;

/** A schema without descriptions (Capstan's own words); a property named "description" stays. */
function comparable(schema: unknown, inProperties = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => comparable(item));
  if (typeof schema !== 'object' || schema === null) return schema;
  const kept = Object.entries(schema).filter(([key]) => inProperties || key !== 'description');
  return Object.fromEntries(kept.map(([key, value]) => [key, comparable(value, key === 'properties' && !inProperties)]));
}

referenceTest(test, ['swagger.json'])('every definition equals kube-apiserver 1.35 swagger.json but for descriptions, enum values included', async (t) => {
  const upstream = upstreamSwagger();
  const { definitions } = await swagger();
  const names = Object.keys(definitions);
  const unknown = names.filter((name) => upstream.definitions[name] === undefined);
  t.deepEqual(unknown, []);
  const differing = names.filter((name) => JSON.stringify(sorted(comparable(definitions[name]))) !== JSON.stringify(sorted(comparable(upstream.definitions[name]))));
  t.log(`definitions equal to upstream: ${names.length - differing.length}/${names.length}`);
  for (const name of differing) t.deepEqual(sorted(comparable(definitions[name])), sorted(comparable(upstream.definitions[name])), name);
  t.deepEqual(differing, []);
  t.true(names.includes('io.k8s.api.core.v1.Pod') && names.includes('io.k8s.api.apps.v1.Deployment') && names.length > 500);
});

test('enum values are listed in v2 only, as kube lists them: on strings, list items and map values; the v3 document has none', async (t) => {
  const { definitions } = await swagger();
  const property = (type: string, name: string) => (definitions[type]?.properties as Record<string, Json>)[name] as Json;
  t.deepEqual(property('io.k8s.api.core.v1.ContainerPort', 'protocol').enum, ['SCTP', 'TCP', 'UDP']);
  t.deepEqual((property('io.k8s.api.core.v1.PersistentVolumeClaimSpec', 'accessModes').items as Json).enum, ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod']);
  t.deepEqual((property('io.k8s.api.core.v1.PersistentVolumeClaimStatus', 'allocatedResourceStatuses').additionalProperties as Json).enum, [
    'ControllerResizeInProgress',
    'ControllerResizeInfeasible',
    'NodeResizeInProgress',
    'NodeResizeInfeasible',
    'NodeResizePending',
  ]);
  const index = (await (await get('/openapi/v3')).json()) as { paths: Record<string, { serverRelativeURL: string }> };
  const v3 = await (await get(index.paths['api/v1']?.serverRelativeURL ?? '')).text();
  t.true(v3.includes('"io.k8s.api.core.v1.ContainerPort"'));
  t.false(v3.includes('"enum"'));
});

test('the document: Swagger 2.0 with kube info and security, operations with action and GVK, shared parameters, every reference resolves', async (t) => {
  const document = await swagger();
  const version = (await (await get('/version')).json()) as { gitVersion: string };
  t.is(document.swagger, '2.0');
  t.deepEqual(document.info, { title: 'Kubernetes', version: version.gitVersion });
  t.deepEqual(document.securityDefinitions, { BearerToken: { description: 'Bearer Token authentication', in: 'header', name: 'authorization', type: 'apiKey' } });
  t.deepEqual(document.security, [{ BearerToken: [] }]);
  const item = document.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'] as { patch: Json & { parameters: Json[] }; parameters: Json[] };
  const patch = item.patch;
  t.is(patch['x-kubernetes-action'], 'patch');
  t.deepEqual(patch['x-kubernetes-group-version-kind'], { group: '', kind: 'ConfigMap', version: 'v1' });
  t.deepEqual(patch.consumes, [
    'application/json-patch+json',
    'application/merge-patch+json',
    'application/strategic-merge-patch+json',
    'application/apply-patch+yaml',
    'application/apply-patch+cbor',
  ]);
  // kubectl's v2 verifier reads fieldValidation inline; shared parameters are references.
  t.true(patch.parameters.some((p) => p.name === 'fieldValidation' && p.in === 'query'));
  t.true(patch.parameters.some((p) => typeof p.$ref === 'string' && (p.$ref as string).startsWith('#/parameters/force-')));
  t.deepEqual(
    item.parameters.map((p) => p.name ?? p.$ref).map((n) => String(n).replace(/-[\w-]{8}$/, '')),
    ['name', '#/parameters/namespace', '#/parameters/pretty'],
  );
  const scale = document.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale'] as Record<string, Json>;
  t.deepEqual(scale.put?.['x-kubernetes-group-version-kind'], { group: 'autoscaling', kind: 'Scale', version: 'v1' });
  t.is(scale.put?.operationId, 'replaceAppsV1NamespacedDeploymentScale');
  t.deepEqual(
    Object.keys(document.paths).filter((p) => p.includes('/watch/') && p.endsWith('/deployments')),
    ['/apis/apps/v1/watch/deployments', '/apis/apps/v1/watch/namespaces/{namespace}/deployments'],
  );
  t.is((document.paths['/api/v1/pods'] as Record<string, Json>).get?.operationId, 'listCoreV1PodForAllNamespaces');
  const dangling = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const ref = (value as Json).$ref;
    if (typeof ref === 'string') {
      const [, section, name] = ref.split('/');
      if ((document as Record<string, Record<string, unknown>>)[section as string]?.[name as string] === undefined) dangling.add(ref);
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(document.paths);
  visit(document.definitions);
  t.deepEqual([...dangling], []);
});

test('media types, ETag, 304 and 406 as kube-openapi answers them', async (t) => {
  const json = await get('/openapi/v2');
  t.is(json.status, 200);
  t.is(json.headers.get('content-type'), 'application/json');
  const etag = json.headers.get('etag') ?? '';
  t.regex(etag, /^"[0-9A-F]{128}"$/);
  t.regex(json.headers.get('vary') ?? '', /\bAccept\b/);
  t.truthy(Date.parse(json.headers.get('last-modified') ?? ''));
  t.is((await get('/openapi/v2', { accept: '*/*' })).headers.get('content-type'), 'application/json');
  const pb = await get('/openapi/v2', { accept: `${protobufType}, application/json;q=0.5` });
  t.is(pb.headers.get('content-type'), 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
  t.is(pb.headers.get('etag'), etag);
  t.is((await get('/openapi/v2', { 'if-none-match': etag })).status, 304);
  t.is((await get('/openapi/v2', { accept: protobufType, 'if-none-match': etag })).status, 304);
  t.is((await get('/openapi/v2', { 'if-none-match': '"0000"' })).status, 200);
  const refused = await get('/openapi/v2', { accept: 'text/html' });
  t.is(refused.status, 406);
  t.is(await refused.text(), '');
  t.is((await get('/openapi/v2/')).status, 404);
});

// gnostic's openapi.v2 messages, only the fields checked here, written independently of the server's.
const gnostic = protobuf
  .parse(`
syntax = "proto3";
package openapi.v2;
message Document { string swagger = 1; Info info = 2; Paths paths = 8; Definitions definitions = 9; ParameterDefinitions parameters = 10; }
message Info { string title = 1; string version = 2; }
message Any { string yaml = 2; }
message NamedAny { string name = 1; Any value = 2; }
message Paths { repeated NamedPathItem path = 2; }
message NamedPathItem { string name = 1; PathItem value = 2; }
message PathItem { Operation get = 2; Operation patch = 8; repeated ParametersItem parameters = 9; }
message Operation { repeated string tags = 1; string operation_id = 5; repeated ParametersItem parameters = 8; repeated NamedAny vendor_extension = 13; }
message ParametersItem { Parameter parameter = 1; JsonReference json_reference = 2; }
message JsonReference { string _ref = 1; }
message Parameter { NonBodyParameter non_body_parameter = 2; }
message NonBodyParameter { QueryParameterSubSchema query_parameter_sub_schema = 3; PathParameterSubSchema path_parameter_sub_schema = 4; }
message QueryParameterSubSchema { string in = 2; string name = 4; string type = 6; bool unique_items = 20; }
message PathParameterSubSchema { bool required = 1; string in = 2; string name = 4; string type = 5; }
message ParameterDefinitions { repeated NamedParameter additional_properties = 1; }
message NamedParameter { string name = 1; Parameter value = 2; }
message Definitions { repeated NamedSchema additional_properties = 1; }
message NamedSchema { string name = 1; Schema value = 2; }
message Properties { repeated NamedSchema additional_properties = 1; }
message TypeItem { repeated string value = 1; }
message ItemsItem { repeated Schema schema = 1; }
message Schema { string _ref = 1; string format = 2; repeated string required = 19; repeated Any enum = 20; TypeItem type = 22; ItemsItem items = 23; Properties properties = 25; repeated NamedAny vendor_extension = 31; }
`)
  .root.lookupType('openapi.v2.Document');

test('the Protobuf answer is gnostic openapi.v2.Document and carries what the JSON says', async (t) => {
  const json = await swagger();
  const answer = await get('/openapi/v2', { accept: protobufType });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const document = gnostic.toObject(gnostic.decode(bytes)) as any;
  t.log(`JSON ${JSON.stringify(json).length} bytes, Protobuf ${bytes.length} bytes`);
  t.is(document.swagger, '2.0');
  t.deepEqual(document.info, json.info);
  const definitions = new Map<string, any>(document.definitions.additionalProperties.map((d: any) => [d.name, d.value]));
  t.deepEqual([...definitions.keys()], Object.keys(json.definitions));
  const extension = (schema: any, name: string): unknown => JSON.parse(schema.vendorExtension.find((e: any) => e.name === name).value.yaml);
  const pod = definitions.get('io.k8s.api.core.v1.Pod');
  t.deepEqual(pod.type.value, ['object']);
  t.deepEqual(extension(pod, 'x-kubernetes-group-version-kind'), [{ group: '', kind: 'Pod', version: 'v1' }]);
  const containers = definitions.get('io.k8s.api.core.v1.PodSpec').properties.additionalProperties.find((p: any) => p.name === 'containers').value;
  t.is(containers.items.schema[0]._ref, '#/definitions/io.k8s.api.core.v1.Container');
  t.is(extension(containers, 'x-kubernetes-patch-merge-key'), 'name');
  t.deepEqual(definitions.get('io.k8s.api.core.v1.Container').required, ['name']);
  const protocol = definitions.get('io.k8s.api.core.v1.ContainerPort').properties.additionalProperties.find((p: any) => p.name === 'protocol').value;
  t.deepEqual(
    protocol.enum.map((value: any) => JSON.parse(value.yaml)),
    ['SCTP', 'TCP', 'UDP'],
  );
  t.is(document.paths.path.length, Object.keys(json.paths).length);
  const item = document.paths.path.find((p: any) => p.name === '/api/v1/namespaces/{namespace}/configmaps/{name}').value;
  t.is(item.patch.operationId, 'patchCoreV1NamespacedConfigMap');
  t.deepEqual(extension(item.patch, 'x-kubernetes-group-version-kind'), { group: '', kind: 'ConfigMap', version: 'v1' });
  const fieldValidation = item.patch.parameters.find((p: any) => p.parameter?.nonBodyParameter?.queryParameterSubSchema?.name === 'fieldValidation');
  t.deepEqual(fieldValidation.parameter.nonBodyParameter.queryParameterSubSchema, { in: 'query', name: 'fieldValidation', type: 'string', uniqueItems: true });
  t.true(item.parameters.some((p: any) => p.parameter?.nonBodyParameter?.pathParameterSubSchema?.name === 'name'));
  const shared = new Set(document.parameters.additionalProperties.map((p: any) => `#/parameters/${p.name}`));
  t.true(item.parameters.filter((p: any) => p.jsonReference !== undefined).every((p: any) => shared.has(p.jsonReference._ref)));
});

test('kubectl explain --output=plaintext-openapiv2 reads the Protobuf document', async (t) => {
  const { stdout } = await shared.kubectl('explain', 'pods.spec.containers', '--output=plaintext-openapiv2');
  t.regex(stdout, /^KIND:\s+Pod\nVERSION:\s+v1\n/);
  t.regex(stdout, /RESOURCE:\s+containers <\[\]Object>/);
  t.regex(stdout, /\n {3}image\t<string>\n/);
  t.regex(stdout, /\n {3}name\t<string> -required-\n/);
  t.regex(stdout, /\n {3}ports\t<\[\]Object>\n/);
  const deployment = (await shared.kubectl('explain', 'deployments.spec.replicas', '--output=plaintext-openapiv2')).stdout;
  t.regex(deployment, /^KIND:\s+Deployment\nVERSION:\s+apps\/v1\n/);
  t.regex(deployment, /FIELD:\s+replicas <integer>/);
});

/** Objects with their keys in order, so that equal schemas serialize alike. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Json)[key])]),
  );
}
