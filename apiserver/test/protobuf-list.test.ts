// Lists answered in Protobuf join item messages kept from earlier lists: cold, warm, after a
// change, in pages and past the size that goes to the encoding thread, the answer is byte for byte
// what the codec writes for the same list read as JSON.

import test from 'ava';
import { parseJson } from '@capstan/common';
import { encodeProtobufObject } from '@capstan/common/protobuf';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-pb-list-' });
});
test.after.always(() => server?.stop());

const url = (): string => (server as ApiServerChild).url;

async function create(namespace: string, name: string, payload: string): Promise<void> {
  const answer = await fetch(`${url()}/api/v1/namespaces/${namespace}/configmaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name, labels: { n: name } }, data: { payload, big: '9007199254740993' } }),
  });
  if (answer.status !== 201) throw new Error(`create ${name}: ${answer.status} ${await answer.text()}`);
}

/** The list in Protobuf, and the codec's bytes for the same list read as JSON (at the same revision). */
async function bothForms(path: string): Promise<[Buffer, Buffer]> {
  const protobuf = Buffer.from(await (await fetch(`${url()}${path}`, { headers: { accept: 'application/vnd.kubernetes.protobuf' } })).arrayBuffer());
  const json = parseJson(await (await fetch(`${url()}${path}`, { headers: { accept: 'application/json' } })).text()) as Record<string, unknown>;
  return [protobuf, Buffer.from(encodeProtobufObject(json))];
}

test.serial("a list in Protobuf is the codec's bytes of the list, cold, warm, after a change and in pages", async (t) => {
  await fetch(`${url()}/api/v1/namespaces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'small' } }) });
  for (let i = 0; i < 20; i++) await create('small', `cm-${i}`, 'x'.repeat(100));
  const path = '/api/v1/namespaces/small/configmaps';
  const [cold, expectedCold] = await bothForms(path);
  t.deepEqual(cold, expectedCold);
  const [warm, expectedWarm] = await bothForms(path);
  t.deepEqual(warm, expectedWarm);
  t.deepEqual(warm, cold, 'nothing changed in between');
  const changed = await fetch(`${url()}${path}/cm-3`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ data: { payload: 'changed' } }),
  });
  t.is(changed.status, 200);
  const [after, expectedAfter] = await bothForms(path);
  t.deepEqual(after, expectedAfter);
  t.notDeepEqual(after, warm);
  const [page, expectedPage] = await bothForms(`${path}?limit=7`);
  t.deepEqual(page, expectedPage);
});

test.serial('a list whose items are past the thread threshold is encoded there, and is the same bytes', async (t) => {
  await fetch(`${url()}/api/v1/namespaces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'large' } }) });
  for (let i = 0; i < 300; i++) await create('large', `cm-${i}`, 'y'.repeat(1024));
  const path = '/api/v1/namespaces/large/configmaps';
  const [cold, expected] = await bothForms(path);
  t.true(cold.length > 300 * 1024);
  t.deepEqual(cold, expected);
  const [warm] = await bothForms(path);
  t.deepEqual(warm, cold);
});
