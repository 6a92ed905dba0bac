// Every kind with a defaulter, its object with every field at Go's zero value as client-go writes
// it in Protobuf and as encoding/json writes it (common/test/fixtures/clientgo-zero-values): both
// bodies, decoded as the API server decodes them and defaulted as it defaults them, end up the same
// object. A Protobuf zero lost or invented shows here as a default applied on one side only.

import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson } from '@capstan/common';
import { decodeProtobufObject } from '@capstan/common/protobuf';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { optionalResources } from '../src/resources/optional-resources.ts';
import { withoutNulls } from '../../common/test/go-json-null.ts';

interface Fixture {
  readonly apiVersion: string;
  readonly kind: string;
  readonly protobuf: string;
  readonly json: unknown;
}

const fixtures = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'common', 'test', 'fixtures', 'clientgo-zero-values', 'objects.json'), 'utf8')) as Fixture[];

const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

/** The built-in resources and those served when enabled (MutatingAdmissionPolicy). */
const definitions = [...builtinResources, ...optionalResources.map((optional) => optional.definition)];

const defaulted = fixtures.flatMap((fixture) => {
  const group = groupOf(fixture.apiVersion);
  const defaulter = definitions.find((definition) => definition.group === group && definition.kind === fixture.kind)?.behaviour.defaults;
  return defaulter === undefined ? [] : [{ fixture, defaulter }];
});

test('the kinds with a defaulter have zero-valued fixtures, the workloads among them', (t) => {
  const kinds = defaulted.map(({ fixture }) => fixture.kind);
  for (const kind of ['Pod', 'Deployment', 'Job', 'Service', 'StatefulSet', 'CronJob']) t.true(kinds.includes(kind), kind);
});

for (const { fixture, defaulter } of defaulted) {
  test(`${fixture.apiVersion} ${fixture.kind}: defaulted from Protobuf as from JSON`, (t) => {
    const fromProtobuf = withoutNulls(decodeProtobufObject(Buffer.from(fixture.protobuf, 'base64'))) as JsonObject;
    const fromJson = withoutNulls(parseJson(JSON.stringify(fixture.json))) as JsonObject;
    defaulter(fromProtobuf);
    defaulter(fromJson);
    t.deepEqual(fromProtobuf, fromJson);
  });
}
