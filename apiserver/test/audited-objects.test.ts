// The objects an audit event shows: JSON whatever the wire's encoding, managedFields left out when
// the policy says so (of an object, a list's items, a Table's rows), a patch as it was sent.

import test from 'ava';
import { encodedRequestObject, encodedResponseObject } from '../src/audit/audited-objects.ts';
import type { RequestAuditConfig } from '../src/audit/policy-rule-evaluator.ts';
import { defaultedObject, kindWritesOf } from '../src/registry/write-preparation.ts';
import { secretResource } from '../src/resources/core/secrets.ts';

const config = (omitManagedFields: boolean): RequestAuditConfig => ({ level: 'RequestResponse', omitStages: new Set(), omitManagedFields });
const managed = { name: 'a', managedFields: [{ manager: 'kubectl' }] };

test('omitManagedFields leaves managedFields out of an object, a list’s items and a Table’s row objects', (t) => {
  const list = { kind: 'ConfigMapList', items: [{ metadata: managed }] };
  t.is(encodedResponseObject({ object: list }, config(true))?.json, '{"kind":"ConfigMapList","items":[{"metadata":{"name":"a"}}]}');
  const table = { kind: 'Table', rows: [{ cells: ['a'], object: { metadata: managed } }] };
  t.is(encodedResponseObject({ object: table }, config(true))?.json, '{"kind":"Table","rows":[{"cells":["a"],"object":{"metadata":{"name":"a"}}}]}');
  const bytes = Buffer.from(`${JSON.stringify({ metadata: managed })}\n`);
  t.is(encodedResponseObject({ json: bytes }, config(true))?.json, '{"metadata":{"name":"a"}}');
  t.is(encodedResponseObject({ json: bytes }, config(false))?.json, JSON.stringify({ metadata: managed }), 'compact JSON goes in as sent');
});

test('a YAML body is shown as JSON with its kind first; a patch as sent; a body that cannot be decoded not at all', async (t) => {
  const yaml = await encodedRequestObject(
    { bytes: Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: why}\n'), mediaType: 'application/yaml', patch: false },
    config(false),
    undefined,
  );
  t.is(yaml?.encoded?.json, '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"why"}}');
  const patch = await encodedRequestObject({ bytes: Buffer.from('{"data":{"x":"y"}}'), mediaType: 'application/merge-patch+json', patch: true }, config(false), undefined);
  t.is(patch?.encoded?.json, '{"data":{"x":"y"}}');
  t.is(await encodedRequestObject({ bytes: Buffer.from('{bad'), mediaType: 'application/json', patch: false }, config(false), undefined), undefined);
});

test('the object sent is shown defaulted, as kube decodes it (a Secret gets its type)', async (t) => {
  const writes = kindWritesOf(secretResource);
  const body = { bytes: Buffer.from('{"kind":"Secret","apiVersion":"v1","metadata":{"name":"s"},"data":{"a":"Yg=="}}'), mediaType: 'application/json', patch: false };
  const shown = await encodedRequestObject(body, config(false), (object) => defaultedObject(writes, object));
  t.is(shown?.encoded?.json, '{"kind":"Secret","apiVersion":"v1","metadata":{"name":"s"},"data":{"a":"Yg=="},"type":"Opaque"}');
});
