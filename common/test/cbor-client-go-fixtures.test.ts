// Capstan's CBOR against what kube's own serializer (client-go's) writes and reads. The fixtures
// under fixtures/cbor come from client-go v0.35; regenerate them with
//   cd e2e/clientgo && go run ./cmd/cbor-fixtures ../../common/test/fixtures/cbor

import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CborDecodeError, decodeCborObject, encodeCborAnswer, encodeCborWatchEvent } from '../src/codec/cbor/index.ts';
import { parseJson } from '../src/json/parse-json.ts';
import { isRawJSON } from '../src/json/raw-json.ts';

const fixtures = join(import.meta.dirname, 'fixtures', 'cbor');
const bytesOf = (name: string): Buffer => readFileSync(join(fixtures, `${name}.cbor`));
// parseJson keeps integers beyond 2^53 exact, as the API server reads them.
const jsonOf = (name: string): Record<string, unknown> => parseJson(readFileSync(join(fixtures, `${name}.json`), 'utf8')) as Record<string, unknown>;
const objects = readdirSync(fixtures)
  .filter((file) => file.endsWith('.cbor') && !file.startsWith('watch-event'))
  .map((file) => file.slice(0, -'.cbor'.length));

/** JSON text with object keys sorted, as Go's encoding/json writes a map; exact for integers held as raw JSON. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null && !isRawJSON(value)) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

test('the fixtures cover the kinds of the brief', (t) => {
  t.true(objects.includes('secret') && objects.includes('configmap') && objects.includes('dynamic-configmap') && objects.includes('status-not-found'));
});

for (const name of objects) {
  test(`${name}: what client-go sends (byte-string keys and strings, tag 22 bytes) reads as its JSON`, (t) => {
    t.is(canonicalJson(decodeCborObject(bytesOf(name))), canonicalJson(jsonOf(name)));
  });
}

for (const name of objects.filter((object) => object !== 'dynamic-configmap')) {
  test(`${name}: Capstan writes the JSON form byte for byte as kube's encoder writes the typed object`, (t) => {
    t.is(Buffer.from(encodeCborAnswer(jsonOf(name))).toString('hex'), bytesOf(name).toString('hex'));
  });
}

test('a ConfigMap sent by the dynamic client (binaryData as a plain base64 string) is answered with binaryData under tag 22, as the typed object', (t) => {
  const object = decodeCborObject(bytesOf('dynamic-configmap')) as { binaryData: Record<string, string> };
  t.deepEqual(object.binaryData, { bin: 'AAEC/w==' });
  const answer = Buffer.from(encodeCborAnswer(object));
  t.true(answer.includes(Buffer.from('d644000102ff', 'hex')));
});

test('a watch event is framed as kube-apiserver frames it: a self-described {type, object} with the object self-described too', (t) => {
  const { type, object } = jsonOf('watch-event-secret') as { type: string; object: unknown };
  t.is(Buffer.from(encodeCborWatchEvent(type, object)).toString('hex'), bytesOf('watch-event-secret').toString('hex'));
  t.is(canonicalJson(decodeCborObject(bytesOf('watch-event-secret'))), canonicalJson({ type, object }));
});

/** Whether every non-null value of `actual` is in `expected` too, as it is. */
function agreesWith(actual: unknown, expected: unknown): boolean {
  if (typeof actual !== 'object' || actual === null || isRawJSON(actual)) return canonicalJson(actual) === canonicalJson(expected);
  if (Array.isArray(actual)) return Array.isArray(expected) && actual.length === expected.length && actual.every((item, i) => agreesWith(item, expected[i]));
  if (typeof expected !== 'object' || expected === null) return false;
  return Object.entries(actual).every(([key, value]) => value === null || agreesWith(value, (expected as Record<string, unknown>)[key]));
}

interface DecodingCase {
  readonly name: string;
  readonly hex: string;
  readonly json?: unknown;
  readonly error?: string;
}
const decodingCases = parseJson(readFileSync(join(fixtures, 'decoding.json'), 'utf8')) as DecodingCase[];

for (const { name, hex, json, error } of decodingCases) {
  if (error === undefined) {
    test(`kube's decoder accepts: ${name}`, (t) => {
      t.is(canonicalJson(decodeCborObject(Buffer.from(hex, 'hex'))), canonicalJson(json));
    });
  } else {
    test(`kube's decoder refuses: ${name}`, (t) => {
      const thrown = t.throws(() => decodeCborObject(Buffer.from(hex, 'hex')), { instanceOf: CborDecodeError });
      t.is(thrown?.message, error);
    });
  }
}

const typedDecodingCases = parseJson(readFileSync(join(fixtures, 'typed-decoding.json'), 'utf8')) as DecodingCase[];

for (const { name, hex, json, error } of typedDecodingCases) {
  // Unknown fields are for fieldValidation, after decoding: not the decoder's to refuse.
  if (error?.startsWith('strict decoding error:') === true) continue;
  if (error === undefined) {
    // kube's answer is the typed object, with Go's zero values filled in (containers: null,
    // status: {}) and nulls of omitempty fields dropped; the decoded body must agree with it on
    // everything it holds.
    test(`kube-apiserver reads a body: ${name}`, (t) => {
      const decoded = decodeCborObject(Buffer.from(hex, 'hex'));
      t.true(agreesWith(decoded, json), `${canonicalJson(decoded)} against ${canonicalJson(json)}`);
    });
  } else {
    test(`kube-apiserver refuses a body: ${name}`, (t) => {
      const thrown = t.throws(() => decodeCborObject(Buffer.from(hex, 'hex')), { instanceOf: CborDecodeError });
      t.is(thrown?.message, error);
    });
  }
}
