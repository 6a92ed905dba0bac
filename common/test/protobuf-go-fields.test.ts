// The declarations against Go's own struct fields (test/fixtures/clientgo-zero-values/go-fields.json,
// written by e2e/clientgo/cmd/protobuf-fixtures from k8s.io/api v0.35): which fields are pointers,
// and which non-pointer scalars Go's JSON shows at their zero value. The Protobuf reader keeps or
// drops a zero by these two facts, so each must be right for every field of every kind.

import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinTypes } from '../src/schema/builtin-types.ts';
import { scalarZero, zeroIsShown } from '../src/schema/schema.ts';

interface GoField {
  readonly pointer?: boolean;
  readonly omitempty?: boolean;
  readonly kind: string;
}

const goFields = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'clientgo-zero-values', 'go-fields.json'), 'utf8')) as Record<string, Record<string, GoField>>;

/** Go types Capstan does not declare: the core/v1 kinds kube-apiserver does not serve, and ConversionReview (a webhook's message, never stored). */
const undeclared = new Set([
  'io.k8s.api.core.v1.PodStatusResult',
  'io.k8s.api.core.v1.RangeAllocation',
  'io.k8s.api.core.v1.SerializedReference',
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.ConversionReview',
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.ConversionRequest',
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.ConversionResponse',
]);

test('every Go struct reachable from a served kind is declared, with every one of its fields', (t) => {
  const missing: string[] = [];
  for (const [name, fields] of Object.entries(goFields)) {
    if (undeclared.has(name)) continue;
    const declaration = builtinTypes.get(name);
    if (declaration?.kind !== 'struct') {
      missing.push(name);
      continue;
    }
    for (const field of Object.keys(fields)) if (declaration.fields[field] === undefined) missing.push(`${name}.${field}`);
  }
  t.deepEqual(missing, []);
});

test('a field is declared a pointer exactly when its Go field is one', (t) => {
  const wrong: string[] = [];
  for (const [name, fields] of Object.entries(goFields)) {
    const declaration = builtinTypes.get(name);
    if (declaration?.kind !== 'struct') continue;
    for (const [field, go] of Object.entries(fields)) {
      const declared = declaration.fields[field];
      if (declared !== undefined && (declared.pointer === true) !== (go.pointer === true)) wrong.push(`${name}.${field}: Go ${go.pointer === true ? 'pointer' : 'value'}`);
    }
  }
  t.deepEqual(wrong, []);
  t.true(
    Object.values(goFields).some((fields) => Object.values(fields).some((field) => field.pointer)),
    'the fixture names pointer fields',
  );
});

test("a non-pointer scalar shows its zero exactly when Go's JSON has no omitempty for it", (t) => {
  const wrong: string[] = [];
  let checked = 0;
  for (const [name, fields] of Object.entries(goFields)) {
    const declaration = builtinTypes.get(name);
    if (declaration?.kind !== 'struct') continue;
    for (const [field, go] of Object.entries(fields)) {
      const declared = declaration.fields[field];
      if (declared === undefined || go.pointer === true || scalarZero(declared.schema) === undefined) continue;
      checked += 1;
      if (zeroIsShown(declared) !== (go.omitempty !== true)) wrong.push(`${name}.${field}: Go ${go.omitempty === true ? 'omitempty' : 'always shown'}`);
    }
  }
  t.deepEqual(wrong, []);
  t.true(checked > 900, `${checked} fields checked`);
});
