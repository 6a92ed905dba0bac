// Tables in CBOR: kube encodes each row's object as the typed object it is, so with
// includeObject=Object a Secret's data goes out under tag 22 inside the Table too.

import test from 'ava';
import { decodeCborObject, encodeCborAnswer, encodeCborWatchEvent } from '../src/codec/cbor/index.ts';

const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { k: 'AAEC/w==' } };
const table = {
  apiVersion: 'meta.k8s.io/v1',
  kind: 'Table',
  metadata: { resourceVersion: '5' },
  columnDefinitions: [{ name: 'Name', type: 'string', format: 'name', description: '', priority: 0 }],
  rows: [{ cells: ['s'], object: secret }],
};
// The key "k" (41 6b), then tag 22 (d6) over the four bytes (44 000102ff).
const taggedBytes = Buffer.from('416bd644000102ff', 'hex');

test('a Table answer holding whole Secrets writes their data as tag 22 byte strings', (t) => {
  const bytes = Buffer.from(encodeCborAnswer(table));
  t.true(bytes.includes(taggedBytes));
  t.deepEqual((decodeCborObject(bytes) as typeof table).rows[0]?.object.data, { k: 'AAEC/w==' });
});

test('a Table watch event holding a whole Secret writes its data as tag 22 byte strings', (t) => {
  t.true(Buffer.from(encodeCborWatchEvent('ADDED', table)).includes(taggedBytes));
});

test('a Table of PartialObjectMetadata (the default) is written as it is', (t) => {
  const partial = { ...table, rows: [{ cells: ['s'], object: { apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata: { name: 's' } } }] };
  t.like(decodeCborObject(encodeCborAnswer(partial)), { kind: 'Table', rows: [{ object: { kind: 'PartialObjectMetadata' } }] });
});
