// Every []byte field of every built-in kind (format "byte" in its declaration) goes out in CBOR as
// kube writes []byte: its bytes under tag 22, which client-go requires, and reads back as base64.

import test from 'ava';
import { decodeCborObject, encodeCborAnswer } from '../src/codec/cbor/index.ts';
import { builtinTypes } from '../src/schema/builtin-types.ts';
import type { Schema } from '../src/schema/schema.ts';

type Path = readonly (string | number)[];

/** The paths from a type to its byte fields, through structs, lists and maps (each type once per path). */
function byteFieldPaths(schema: Schema, seen: ReadonlySet<string>): Path[] {
  switch (schema.type) {
    case 'string':
      return schema.format === 'byte' ? [[]] : [];
    case 'list':
      return byteFieldPaths(schema.items, seen).map((path) => [0, ...path]);
    case 'map':
      return byteFieldPaths(schema.values, seen).map((path) => ['key', ...path]);
    case 'ref': {
      const declaration = builtinTypes.get(schema.name);
      if (declaration?.kind !== 'struct' || seen.has(schema.name)) return [];
      const inner = new Set([...seen, schema.name]);
      return Object.entries(declaration.fields).flatMap(([name, field]) => byteFieldPaths(field.schema, inner).map((path) => [name, ...path]));
    }
    default:
      return [];
  }
}

/** An object holding `value` at `path` (numbers are list indexes). */
function objectAt(path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [objectAt(rest, value)] : { [head as string]: objectAt(rest, value) };
}

const kinds = [...builtinTypes.values()].flatMap((declaration) =>
  declaration.kind === 'struct' ? (declaration.groupVersionKinds ?? []).map((gvk) => ({ declaration, gvk })) : [],
);
const bytes = Buffer.from([0, 1, 2, 255, 0x80]);
const taggedBytes = Buffer.concat([Buffer.from([0xd6, 0x45]), bytes]);

test('the kinds with []byte fields are found (Secret, ConfigMap, CertificateSigningRequest, webhook configurations, APIService, ...)', (t) => {
  const withBytes = kinds.filter(({ declaration }) => byteFieldPaths({ type: 'ref', name: declaration.name }, new Set()).length > 0).map(({ gvk }) => gvk.kind);
  for (const kind of ['Secret', 'ConfigMap', 'CertificateSigningRequest', 'ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration', 'APIService'])
    t.true(withBytes.includes(kind), kind);
});

for (const { declaration, gvk } of kinds) {
  const paths = byteFieldPaths({ type: 'ref', name: declaration.name }, new Set());
  if (paths.length === 0) continue;
  const apiVersion = gvk.group === '' ? gvk.version : `${gvk.group}/${gvk.version}`;
  test(`${apiVersion} ${gvk.kind}: each []byte field goes out under tag 22 and reads back as base64 (${paths.length})`, (t) => {
    for (const path of paths) {
      const object = { apiVersion, kind: gvk.kind, ...(objectAt(path, bytes.toString('base64')) as object) };
      const encoded = Buffer.from(encodeCborAnswer(object));
      t.true(encoded.includes(taggedBytes), path.join('.'));
      t.deepEqual(decodeCborObject(encoded), object, path.join('.'));
    }
  });
}
