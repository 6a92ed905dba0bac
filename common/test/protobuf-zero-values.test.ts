// Every served kind with every field at its Go zero value, as client-go writes it in Protobuf and
// as encoding/json writes it (test/fixtures/clientgo-zero-values/objects.json, written by
// e2e/clientgo/cmd/protobuf-fixtures): the Protobuf body must read as the JSON one does, a zero in a
// pointer field kept, a zero in a non-pointer field shown or left out as Go's JSON does.

import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declarationOfKind, decodeProtobufObject } from '../src/codec/protobuf/decode-object.ts';
import { encodeProtobufObject } from '../src/codec/protobuf/encode-object.ts';
import { withoutNulls } from './go-json-null.ts';

interface Fixture {
  readonly apiVersion: string;
  readonly kind: string;
  readonly protobuf: string;
  readonly json: unknown;
}

const fixtures = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'clientgo-zero-values', 'objects.json'), 'utf8')) as Fixture[];

const served = fixtures.filter((fixture) => declarationOfKind(fixture.apiVersion, fixture.kind) !== undefined);

test('the fixtures cover the served kinds, Pod and CustomResourceDefinition among them', (t) => {
  const kinds = served.map((fixture) => `${fixture.apiVersion}/${fixture.kind}`);
  t.true(kinds.length > 60, `${kinds.length} kinds`);
  for (const kind of ['v1/Pod', 'apps/v1/Deployment', 'batch/v1/Job', 'coordination.k8s.io/v1/Lease', 'apiextensions.k8s.io/v1/CustomResourceDefinition'])
    t.true(kinds.includes(kind), kind);
});

for (const fixture of served) {
  test(`${fixture.apiVersion} ${fixture.kind} read from client-go's Protobuf equals its JSON`, (t) => {
    const decoded = decodeProtobufObject(Buffer.from(fixture.protobuf, 'base64'));
    t.deepEqual(withoutNulls(decoded), withoutNulls(fixture.json));
  });
}

for (const fixture of served) {
  test(`${fixture.apiVersion} ${fixture.kind} written back as Protobuf reads the same, its zeros in pointers kept`, (t) => {
    const decoded = decodeProtobufObject(Buffer.from(fixture.protobuf, 'base64'));
    t.deepEqual(decodeProtobufObject(encodeProtobufObject(decoded)), decoded);
  });
}
