// /openapi/v2 and /openapi/v3 follow the custom resources served: a CRD's kinds appear when its
// declarations are served, change with its schema (the v3 index's hash too, which kubectl caches
// by), and go with it; the operations are those of kube's CRD builder (no strategic merge patch,
// fieldValidation on PATCH), and the Protobuf answer put together from parts is the document's.

import test from 'ava';
import { gunzipSync } from 'node:zlib';
import { OpenApiV2Endpoint } from '../src/openapi/openapi-v2-endpoint.ts';
import { encodeOpenApiV2Document, openApiV2Messages } from '../src/openapi/openapi-v2-protobuf.ts';
import { OpenApiV3Endpoints } from '../src/openapi/openapi-v3-endpoints.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';
import { declarationsWithoutWebhook } from './crd-declarations.ts';

type Json = Record<string, unknown>;

function gadgetCrd(description: string, versions: readonly string[] = ['v1']): Json {
  return {
    metadata: { name: 'gadgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
      versions: versions.map((name, i) => ({
        name,
        served: true,
        storage: i === 0,
        subresources: { status: {} },
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', description, properties: { size: { type: 'integer' } } } } } },
      })),
    },
    status: { acceptedNames: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' } },
  };
}

const served = (crd?: Json): ResourceDefinition[] => [...builtinResources, ...(crd === undefined ? [] : declarationsWithoutWebhook(crd))];
const get = (endpoints: OpenApiV3Endpoints, path: string, query = '') => endpoints.respond(path, new URLSearchParams(query), {});
const json = (body: Uint8Array): Json => JSON.parse(Buffer.from(body).toString());

function references(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => references(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner.replace(/^#\/(components\/schemas|definitions|parameters)\//, ''));
      else references(inner, found);
    }
  }
  return found;
}

test('v3: the group-version appears in the index, its hash changes with the schema, and it goes with the CRD', async (t) => {
  const endpoints = new OpenApiV3Endpoints(builtinResources, 'v1.35.0');
  const index = async (): Promise<Record<string, { serverRelativeURL: string }>> => json((await get(endpoints, '/openapi/v3'))?.body ?? new Uint8Array()).paths as never;
  t.false('apis/example.com/v1' in (await index()));

  endpoints.update(served(gadgetCrd('The first spec.')));
  const first = (await index())['apis/example.com/v1']?.serverRelativeURL ?? '';
  t.regex(first, /^\/openapi\/v3\/apis\/example\.com\/v1\?hash=[0-9A-F]{128}$/);
  const answer = await get(endpoints, '/openapi/v3/apis/example.com/v1', first.split('?')[1]);
  t.is(answer?.status, 200);
  const document = json(answer?.body ?? new Uint8Array()) as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
  t.like(document.components.schemas['com.example.v1.Gadget'], { properties: { spec: { description: 'The first spec.' } } });
  t.deepEqual(
    [...references(document)].filter((name) => !(name in document.components.schemas)),
    [],
  );
  const patch = document.paths['/apis/example.com/v1/namespaces/{namespace}/gadgets/{name}']?.patch as { parameters: Json[]; requestBody: { content: Json } };
  t.true(patch.parameters.some((p) => p.name === 'fieldValidation' && p.in === 'query'));
  t.deepEqual(Object.keys(patch.requestBody.content), ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml']);
  t.truthy(document.paths['/apis/example.com/v1/namespaces/{namespace}/gadgets/{name}/status']?.put);

  // The same declarations again change nothing; a new schema is a new hash, the old one redirects to it.
  endpoints.update(served(gadgetCrd('The first spec.')));
  t.is((await index())['apis/example.com/v1']?.serverRelativeURL, first);
  endpoints.update(served(gadgetCrd('The second spec.')));
  const second = (await index())['apis/example.com/v1']?.serverRelativeURL ?? '';
  t.not(second, first);
  const stale = await get(endpoints, '/openapi/v3/apis/example.com/v1', first.split('?')[1]);
  t.is(stale?.status, 301);
  t.is(stale?.headers.location, second);

  endpoints.update(served());
  t.false('apis/example.com/v1' in (await index()));
  t.is(await get(endpoints, '/openapi/v3/apis/example.com/v1'), undefined);
  t.truthy((await index())['apis/apps/v1']);
});

test('v2: the definitions and paths appear and go, the ETag follows, and the patch media types have no strategic merge', async (t) => {
  const endpoint = new OpenApiV2Endpoint(builtinResources, 'v1.35.0');
  const fetchDocument = async () => {
    const answer = await endpoint.respond('/openapi/v2', {});
    return { etag: answer?.headers.etag, document: json(answer?.body ?? new Uint8Array()) as { paths: Record<string, Record<string, Json>>; definitions: Json } };
  };
  const before = await fetchDocument();
  t.false('com.example.v1.Gadget' in before.document.definitions);

  endpoint.update(served(gadgetCrd('The first spec.', ['v1', 'v2'])));
  const withCrd = await fetchDocument();
  t.not(withCrd.etag, before.etag);
  t.like(withCrd.document.definitions['com.example.v1.Gadget'], { properties: { spec: { description: 'The first spec.' } } });
  t.truthy(withCrd.document.definitions['com.example.v2.GadgetList']);
  t.deepEqual(
    [...references(withCrd.document)].filter((name) => !(name in withCrd.document.definitions) && !name.includes('-')),
    [],
  );
  const patch = withCrd.document.paths['/apis/example.com/v1/namespaces/{namespace}/gadgets/{name}']?.patch;
  t.deepEqual(patch?.consumes, ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml']);
  t.is((await endpoint.respond('/openapi/v2', { 'if-none-match': withCrd.etag }))?.status, 304);

  // A version no longer served goes; the other stays.
  endpoint.update(served(gadgetCrd('The first spec.', ['v1'])));
  const oneVersion = await fetchDocument();
  t.truthy(oneVersion.document.definitions['com.example.v1.Gadget']);
  t.false('com.example.v2.Gadget' in oneVersion.document.definitions);
  t.false('/apis/example.com/v2/namespaces/{namespace}/gadgets' in oneVersion.document.paths);

  endpoint.update(served());
  const after = await fetchDocument();
  t.is(after.etag, before.etag);
  t.false('com.example.v1.Gadget' in after.document.definitions);
});

test('v2: the Protobuf answer put together from encoded parts is the JSON document', async (t) => {
  const endpoint = new OpenApiV2Endpoint(builtinResources, 'v1.35.0');
  endpoint.update(served(gadgetCrd('A spec.')));
  const asJson = json((await endpoint.respond('/openapi/v2', {}))?.body ?? new Uint8Array());
  const protobuf = await endpoint.respond('/openapi/v2', { accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf', 'accept-encoding': 'gzip' });
  const assembled = gunzipSync(protobuf?.body ?? new Uint8Array());
  // Byte for byte what encoding the whole document at once gives.
  t.true(Buffer.from(encodeOpenApiV2Document(asJson)).equals(assembled));
  const documentType = openApiV2Messages.lookupType('openapi.v2.Document');
  const decoded = documentType.toObject(documentType.decode(assembled), { defaults: false }) as {
    paths: { path: { name: string }[] };
    definitions: { additionalProperties: { name: string; value: Json }[] };
  };
  t.deepEqual(
    decoded.paths.path.map((entry) => entry.name),
    Object.keys(asJson.paths as Json),
  );
  t.deepEqual(
    decoded.definitions.additionalProperties.map((entry) => entry.name),
    Object.keys(asJson.definitions as Json),
  );
  const gadget = decoded.definitions.additionalProperties.find((entry) => entry.name === 'com.example.v1.Gadget');
  t.like(gadget?.value, { properties: { additionalProperties: [{ name: 'apiVersion' }, { name: 'kind' }, { name: 'metadata' }, { name: 'spec' }] } });
});
