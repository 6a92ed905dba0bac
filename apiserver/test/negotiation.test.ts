// Content negotiation as kube-apiserver 1.35 does it: the Accept header's clauses in goautoneg's
// order, the media types and conversions each endpoint allows, the 406 and 415 Statuses, pretty
// printing, gzip, the YAML encoder's key order and the conversions to Table and PartialObjectMetadata.

import test from 'ava';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { StatusError } from '@capstan/common';
import { acceptsGzip, gzipThresholdBytes } from '../src/endpoints/compress-response.ts';
import { encodeAnswer, goYamlKeyOrder } from '../src/endpoints/encode-response.ts';
import { isPrettyPrint, jsonMediaType, negotiateMediaType, negotiateOutput, parseAccept, watchNotAcceptable, yamlMediaType } from '../src/endpoints/negotiate-media-type.ts';
import { convertAnswer } from '../src/endpoints/negotiated-conversion.ts';
import { mediaTypeOf, readJsonBody } from '../src/endpoints/read-body.ts';

const kubectlTable = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

const request = (headers: Record<string, string>, url = '/api/v1/namespaces/default/configmaps'): IncomingMessage => ({ headers, url }) as unknown as IncomingMessage;

/** The media type and conversion an Accept header gets on a resource endpoint, as text. */
function chosen(accept: string | undefined, endpoint: 'resource' | 'custom-resource' | 'plain' = 'resource'): string {
  const negotiated = negotiateMediaType(accept, endpoint);
  if (negotiated === undefined) return '406';
  const { mediaType, conversion, prettyParameter } = negotiated;
  return [mediaType.mediaType, conversion === undefined ? '' : `${conversion.kind}/${conversion.version}`, prettyParameter ? 'pretty' : ''].filter((s) => s !== '').join(' ');
}

test('Accept clauses come with their parameters, most preferred first', (t) => {
  t.deepEqual(
    parseAccept(kubectlTable).map((c) => [c.type, c.subType, c.q, Object.fromEntries(c.params)]),
    [
      ['application', 'json', 1, { as: 'Table', v: 'v1', g: 'meta.k8s.io' }],
      ['application', 'json', 1, { as: 'Table', v: 'v1beta1', g: 'meta.k8s.io' }],
      ['application', 'json', 1, {}],
    ],
  );
  t.deepEqual(
    parseAccept('text/html, application/yaml;q=0.5, */*;q=0.8, application/json; q=0.9').map((c) => `${c.type}/${c.subType};${c.q.toFixed(1)}`),
    ['text/html;1.0', 'application/json;0.9', '*/*;0.8', 'application/yaml;0.5'],
  );
});

test('a specific type goes before a wildcard of the same q, and ties keep their order', (t) => {
  t.deepEqual(
    parseAccept('*/*, application/yaml, application/json').map((c) => c.subType),
    ['yaml', 'json', '*'],
  );
  t.deepEqual(
    parseAccept('application/*, application/yaml').map((c) => c.subType),
    ['yaml', '*'],
  );
});

test('goautoneg lifts a specific type over a wildcard even of higher q, and kube-apiserver follows it', (t) => {
  t.is(chosen('*/*;q=0.5, application/yaml;q=0.1'), 'application/yaml');
  t.deepEqual(
    parseAccept('image/*, application/json;q=0.9').map((c) => c.type),
    ['application', 'image'],
  );
});

test('an unreadable q counts as 0, and malformed media ranges are skipped', (t) => {
  t.is(chosen('application/yaml;q=high, application/json;q=0.1'), 'application/json');
  t.is(chosen('application/yaml;q= 0.9, application/json;q=0.1'), 'application/json');
  t.deepEqual(
    parseAccept('json, a/b/c, , application/yaml').map((c) => c.subType),
    ['yaml'],
  );
});

test('no Accept header, a wildcard or a type kube-apiserver serves picks that media type', (t) => {
  t.is(chosen(undefined), 'application/json');
  t.is(chosen(''), 'application/json');
  t.is(chosen('*/*'), 'application/json');
  t.is(chosen('*'), 'application/json');
  t.is(chosen('application/*'), 'application/json');
  t.is(chosen('application/json, */*'), 'application/json');
  t.is(chosen('application/yaml'), 'application/yaml');
  t.is(chosen('application/json;charset=utf-8'), 'application/json');
  // kubectl's typed clients prefer Protobuf.
  t.is(chosen('application/vnd.kubernetes.protobuf,application/json'), 'application/vnd.kubernetes.protobuf');
  t.is(chosen('application/vnd.kubernetes.protobuf'), 'application/vnd.kubernetes.protobuf');
  // The metadata client asks for Protobuf PartialObjectMetadata first: its JSON clause answers.
  t.is(
    chosen('application/vnd.kubernetes.protobuf;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1'),
    'application/json PartialObjectMetadataList/v1',
  );
  t.is(chosen('application/json;pretty=1'), 'application/json pretty');
});

test('nothing served fits: 406, with media types matched case-sensitively as kube-apiserver does', (t) => {
  t.is(chosen('text/html'), '406');
  t.is(chosen('Application/JSON'), '406');
  t.is(chosen('*/json'), '406');
});

test('kubectl get asks for a meta.k8s.io/v1 Table', (t) => {
  t.is(chosen(kubectlTable), 'application/json Table/v1');
  t.is(chosen('application/json;as=Table;v=v1beta1;g=meta.k8s.io'), 'application/json Table/v1beta1');
  t.is(chosen('application/yaml;as=Table;v=v1;g=meta.k8s.io'), 'application/yaml Table/v1');
  t.is(chosen('*/*;as=Table;v=v1;g=meta.k8s.io'), 'application/json Table/v1');
});

test('a conversion the server does not know falls through to the next clause, or to 406', (t) => {
  t.is(chosen('application/json;as=Table;g=meta.k8s.io;v=v2'), '406');
  t.is(chosen('application/json;as=Table;g=meta.k8s.io;v=v2, application/yaml'), 'application/yaml');
  t.is(chosen('application/json;as=Table;v=v1, application/yaml'), 'application/yaml');
  t.is(chosen('application/json;g=meta.k8s.io;v=v1, application/yaml'), 'application/yaml');
  t.is(chosen('application/json;as=Status;g=meta.k8s.io;v=v1'), '406');
});

test('PartialObjectMetadata and PartialObjectMetadataList, as client-go metadata informers ask', (t) => {
  t.is(chosen('application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json'), 'application/json PartialObjectMetadata/v1');
  t.is(chosen('application/yaml;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1beta1'), 'application/yaml PartialObjectMetadataList/v1beta1');
});

test('errors and plain endpoints allow no conversion and no server version', (t) => {
  t.is(chosen(kubectlTable, 'plain'), 'application/json');
  t.is(chosen('application/json;as=Table;v=v1;g=meta.k8s.io', 'plain'), '406');
  t.is(chosen('application/json;sv=v1', 'plain'), '406');
  t.is(chosen('application/json;sv=v1'), 'application/json');
  t.is(chosen('application/json;sv=v2, application/yaml'), 'application/yaml');
});

test('stream=watch is allowed on a media type that streams only', (t) => {
  t.is(chosen('application/json;stream=watch'), 'application/json');
  t.is(chosen('application/yaml;stream=watch'), '406');
  t.is(chosen('application/json;stream=other, application/yaml'), 'application/yaml');
});

test('406 is kube-apiserver Status listing the served media types', (t) => {
  const error = t.throws(() => negotiateOutput(request({ accept: 'text/html' })), { instanceOf: StatusError }) as StatusError;
  t.deepEqual(error.status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    reason: 'NotAcceptable',
    code: 406,
  });
  t.is(watchNotAcceptable().message, 'only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch');
});

test('pretty: ?pretty=<Go bool>, pretty=1 in the media type, or a curl, wget or browser User-Agent', (t) => {
  const pretty = (url: string, userAgent = 'kubectl/v1.35.2 (linux/amd64) kubernetes/fdc9d74', accept = 'application/json') =>
    negotiateOutput(request({ accept, 'user-agent': userAgent }, url)).pretty;
  t.true(pretty('/api/v1/namespaces?pretty=true'));
  t.true(pretty('/api/v1/namespaces?pretty=1'));
  t.true(pretty('/api/v1/namespaces?pretty=T'));
  t.false(pretty('/api/v1/namespaces?pretty=false', 'curl/8.5.0'));
  t.false(pretty('/api/v1/namespaces?pretty=yes', 'curl/8.5.0'));
  t.true(pretty('/api/v1/namespaces?pretty=', 'curl/8.5.0'));
  t.true(pretty('/api/v1/namespaces', 'curl/8.5.0'));
  t.true(pretty('/api/v1/namespaces', 'Wget/1.21'));
  t.true(pretty('/api/v1/namespaces', 'Mozilla/5.0 (X11; Linux x86_64)'));
  t.false(pretty('/api/v1/namespaces'));
  t.false(pretty('/api/v1/namespaces', 'node'));
  t.true(pretty('/api/v1/namespaces', 'node', 'application/json;pretty=1'));
  // YAML has no indented form to choose.
  t.false(pretty('/api/v1/namespaces?pretty=true', 'curl/8.5.0', 'application/yaml'));
  t.false(isPrettyPrint({ url: '/api/v1/pretty/x', headers: {} }));
});

test('gzip only for the gzip token, q-values aside, past 128 KiB', (t) => {
  t.is(gzipThresholdBytes, 131072);
  t.true(acceptsGzip('gzip'));
  t.true(acceptsGzip('deflate, gzip'));
  t.true(acceptsGzip('gzip, deflate, br'));
  t.false(acceptsGzip('gzip;q=1'));
  t.false(acceptsGzip('x-gzip'));
  t.false(acceptsGzip('identity'));
  t.false(acceptsGzip(undefined));
});

test('YAML map keys in go-yaml v2 order: punctuation and digits before letters, numbers by value', (t) => {
  t.deepEqual(['b', 'a10', 'A', 'a9', '_x', '1', '10', '9', 'a-b', 'ab', 'a.b', 'Z', 'apiVersion', 'kind'].sort(goYamlKeyOrder), [
    '_x',
    '1',
    '9',
    '10',
    'A',
    'Z',
    'a-b',
    'a.b',
    'a9',
    'a10',
    'ab',
    'apiVersion',
    'b',
    'kind',
  ]);
});

test('answers: compact JSON ends in a newline, indented JSON does not, YAML is sorted and quotes YAML 1.1 scalars', (t) => {
  const status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'configmaps "x" not found',
    reason: 'NotFound',
    details: { name: 'x', kind: 'configmaps' },
    code: 404,
  };
  t.is(encodeAnswer({ a: [1], b: {} }, jsonMediaType, false).toString(), '{"a":[1],"b":{}}\n');
  t.is(encodeAnswer({ a: [1], b: {} }, jsonMediaType, true).toString(), '{\n  "a": [\n    1\n  ],\n  "b": {}\n}');
  t.is(
    encodeAnswer(status, yamlMediaType, false).toString(),
    'apiVersion: v1\ncode: 404\ndetails:\n  kind: configmaps\n  name: x\nkind: Status\nmessage: configmaps "x" not found\nmetadata: {}\nreason: NotFound\nstatus: Failure\n',
  );
  const shared = { a: 'x' };
  t.is(
    encodeAnswer({ data: { on: 'yes', t: '2024-01-02T03:04:05Z', n: '0755', list: [shared, shared], text: 'a\nb' } }, yamlMediaType, false).toString(),
    'data:\n  list:\n  - a: x\n  - a: x\n  "n": "0755"\n  "on": "yes"\n  t: "2024-01-02T03:04:05Z"\n  text: |-\n    a\n    b\n',
  );
});

const configMap = {
  kind: 'ConfigMap',
  apiVersion: 'v1',
  metadata: { name: 'cm', namespace: 'default', resourceVersion: '7', creationTimestamp: '2024-01-02T03:04:05Z' },
  data: { a: '1' },
};
const configMapList = {
  kind: 'ConfigMapList',
  apiVersion: 'v1',
  metadata: { resourceVersion: '9', continue: 'next' },
  items: [{ metadata: configMap.metadata, data: configMap.data }],
};

test('PartialObjectMetadata keeps the metadata alone; on a list it is kube-apiserver 406', (t) => {
  t.deepEqual(convertAnswer(configMap, { kind: 'PartialObjectMetadata', version: 'v1' }, request({})), {
    kind: 'PartialObjectMetadata',
    apiVersion: 'meta.k8s.io/v1',
    metadata: configMap.metadata,
  });
  t.deepEqual(convertAnswer(configMapList, { kind: 'PartialObjectMetadataList', version: 'v1' }, request({})), {
    kind: 'PartialObjectMetadataList',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '9', continue: 'next' },
    items: [{ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: configMap.metadata }],
  });
  const onList = t.throws(() => convertAnswer(configMapList, { kind: 'PartialObjectMetadata', version: 'v1' }, request({})), { instanceOf: StatusError }) as StatusError;
  t.is(onList.code, 406);
  t.is(onList.reason, 'NotAcceptable');
  t.is(onList.message, 'you requested PartialObjectMetadata, but the requested object is a list (*core.ConfigMapList)');
  t.throws(() => convertAnswer({ ...configMap, kind: 'Deployment', apiVersion: 'apps/v1' }, { kind: 'PartialObjectMetadataList', version: 'v1' }, request({})), {
    message: 'you requested PartialObjectMetadataList, but the requested object is not a list (*apps.Deployment)',
  });
});

test('a Table of a list keeps its list metadata; in v1beta1 its rows say so; a Status is never converted', (t) => {
  const table = convertAnswer(configMapList, { kind: 'Table', version: 'v1beta1' }, request({}));
  t.is(table.kind, 'Table');
  t.is(table.apiVersion, 'meta.k8s.io/v1beta1');
  t.deepEqual(table.metadata, { resourceVersion: '9', continue: 'next' });
  t.deepEqual(
    (table.rows as { object: unknown }[]).map((row) => row.object),
    [{ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1beta1', metadata: configMap.metadata }],
  );
  const whole = convertAnswer(configMapList, { kind: 'Table', version: 'v1' }, request({}, '/api/v1/configmaps?includeObject=Object'));
  t.deepEqual(
    (whole.rows as { object: unknown }[]).map((row) => row.object),
    [configMap],
  );
  const status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' };
  t.is(convertAnswer(status, { kind: 'Table', version: 'v1' }, request({})), status);
});

/** A request carrying a body, as the endpoints read one. */
const withBody = (headers: Record<string, string>, body: string): IncomingMessage =>
  Object.assign(Readable.from([Buffer.from(body)]), { headers, url: '/api/v1/namespaces/default/configmaps' }) as unknown as IncomingMessage;

test('request bodies: JSON, or YAML read as go-yaml v2 reads it', async (t) => {
  t.deepEqual(await readJsonBody(withBody({ 'content-type': 'application/json' }, '{"a":1}')), { a: 1 });
  t.deepEqual(await readJsonBody(withBody({}, '{"a":1}')), { a: 1 });
  t.deepEqual(
    await readJsonBody(
      withBody(
        { 'content-type': 'application/yaml; charset=utf-8' },
        'kind: ConfigMap\ndata:\n  enabled: yes\n  mode: 0755\n  at: 2024-01-02T03:04:05Z\n  time: 1:20\n  a: 1\n  a: 2\n---\nkind: Secret\n',
      ),
    ),
    { kind: 'ConfigMap', data: { enabled: true, mode: 493, at: '2024-01-02T03:04:05Z', time: '1:20', a: 2 } },
  );
  await t.throwsAsync(readJsonBody(withBody({ 'content-type': 'application/yaml' }, 'a: [1\n')), { message: /^the body of the request could not be decoded as YAML/ });
  await t.throwsAsync(readJsonBody(withBody({ 'content-type': 'application/yaml' }, '- a\n')), { message: 'the body of the request must be a JSON object' });
});

test('415 lists the media types a body may come in; 406 comes first', async (t) => {
  const unsupported = (await t.throwsAsync(readJsonBody(withBody({ 'content-type': 'text/plain' }, 'x')), { instanceOf: StatusError })) as StatusError;
  t.is(unsupported.code, 415);
  t.is(unsupported.reason, 'UnsupportedMediaType');
  t.is(
    unsupported.message,
    'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  );
  const notAcceptable = (await t.throwsAsync(readJsonBody(withBody({ 'content-type': 'text/plain', accept: 'text/html' }, 'x')), { instanceOf: StatusError })) as StatusError;
  t.is(notAcceptable.code, 406);
});

test('Content-Type is read as Go mime.ParseMediaType reads it', (t) => {
  t.is(mediaTypeOf(undefined), 'application/json');
  t.is(mediaTypeOf('APPLICATION/YAML'), 'application/yaml');
  t.is(mediaTypeOf('application/json; charset="utf-8"'), 'application/json');
  t.is(mediaTypeOf('application/json;'), 'application/json');
  t.is(mediaTypeOf('application/json;;'), undefined);
  t.is(mediaTypeOf('application/json; charset'), undefined);
  t.is(mediaTypeOf('application'), undefined);
  t.is(mediaTypeOf('text/plain'), 'text/plain');
});

test("a custom resource's objects are never Protobuf: the next choice answers, or kube's 406 (kube-apiserver 1.35.4)", (t) => {
  t.is(chosen('application/vnd.kubernetes.protobuf,application/json', 'custom-resource'), 'application/json');
  t.is(chosen('application/vnd.kubernetes.protobuf;q=1,application/yaml;q=0.5', 'custom-resource'), 'application/yaml');
  t.is(chosen('application/vnd.kubernetes.protobuf', 'custom-resource'), '406');
  t.is(chosen('application/vnd.kubernetes.protobuf;stream=watch', 'custom-resource'), '406');
  t.is(chosen('*/*', 'custom-resource'), 'application/json');
  t.is(chosen(kubectlTable, 'custom-resource'), 'application/json Table/v1');
  // Built-in resources are answered in Protobuf.
  t.is(chosen('application/vnd.kubernetes.protobuf,application/json'), 'application/vnd.kubernetes.protobuf');
});
