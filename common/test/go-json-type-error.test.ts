// Wrongly typed values of a written body are refused in Go's words, as kube's decoding refuses
// them. The oracle is kube's own JSON serializer: e2e/clientgo/cmd/json-type-errors replaced one
// value at a time in the zero-valued object of every built-in kind and kept the decoder's error
// (common/test/fixtures/go-json-type-errors.json).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { declarationOfKind } from '../src/codec/protobuf/decode-object.ts';
import { builtinTypes } from '../src/schema/builtin-types.ts';
import { goJsonTypeError } from '../src/schema/go-json-type-error.ts';

interface TypeErrorCase {
  readonly apiVersion: string;
  readonly kind: string;
  readonly path: readonly (string | number)[];
  readonly value: unknown;
  readonly error: string;
}

const fixtures = join(import.meta.dirname, 'fixtures');
const objects = JSON.parse(readFileSync(join(fixtures, 'clientgo-zero-values', 'objects.json'), 'utf8')) as { apiVersion: string; kind: string; json: Record<string, unknown> }[];
const cases = JSON.parse(readFileSync(join(fixtures, 'go-json-type-errors.json'), 'utf8')) as TypeErrorCase[];
const lookup = (name: string) => builtinTypes.get(name);

function replaced(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaced(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head as string]: replaced(record[head as string], rest, replacement) };
}

// The kinds Capstan declares (the fixture objects also hold a few it does not serve, such as ConversionReview).
const typeNameOf = (apiVersion: string, kind: string): string | undefined => declarationOfKind(apiVersion, kind)?.name;

test('the fixture covers the served kinds with a few hundred values', (t) => {
  t.true(cases.length > 1000);
  t.true(new Set(cases.map((c) => c.kind)).size > 60);
});

test('every wrongly typed value of the zero-valued objects is refused as kube refuses it', (t) => {
  const wrong: string[] = [];
  for (const c of cases) {
    const object = objects.find((o) => o.apiVersion === c.apiVersion && o.kind === c.kind);
    if (object === undefined) throw new Error(`no object for ${c.apiVersion} ${c.kind}`);
    const typeName = typeNameOf(c.apiVersion, c.kind);
    if (typeName === undefined) continue;
    const body = replaced(object.json, c.path, c.value) as Record<string, unknown>;
    const ours = goJsonTypeError(body, typeName, lookup);
    if (ours !== c.error) wrong.push(`${c.kind} ${JSON.stringify(c.path)} = ${JSON.stringify(c.value)}:\n  kube:    ${c.error}\n  capstan: ${ours}`);
  }
  t.deepEqual(wrong.slice(0, 15), [], `${wrong.length} of ${cases.length} differ`);
});

test('the zero-valued objects themselves are all well typed', (t) => {
  for (const object of objects) {
    const typeName = typeNameOf(object.apiVersion, object.kind);
    if (typeName !== undefined) t.is(goJsonTypeError(object.json, typeName, lookup), undefined, object.kind);
  }
});
