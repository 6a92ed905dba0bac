// The oracle test of the schema declarations: the OpenAPI v3 schema Capstan derives from each
// declared type must equal the one kube-apiserver 1.35 publishes (../shared/reference), except for
// descriptions. Prints the share of upstream definitions declared and matching.
// SCHEMA_ORACLE_PREFIX=io.k8s.api.apps.v1.,io.k8s.api.batch.v1. narrows the check and the report to
// the types under those prefixes.

import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { builtinTypes } from '../src/schema/builtin-types.ts';
import { openApiSchemaOf } from '../src/schema/openapi-schema.ts';
import { referenceDir, referenceTest } from './reference-documents.ts';

type Json = { [key: string]: unknown };

const reference = referenceDir;
/** A test that compares with the reference documents (skipped, with the reason, where they are absent). */
const oracleTest = referenceTest(test, ['resources.tsv', 'openapi-v3']);

/** Group-versions kube-apiserver 1.35 serves only when enabled, whose types Capstan declares. */
const optionalDocuments = ['apis/admissionregistration.k8s.io/v1beta1'];

/** The group-versions kube-apiserver 1.35 serves by default, and the optional ones above, as paths of their OpenAPI documents. */
function servedDocuments(): string[] {
  const rows = readFileSync(join(reference, 'resources.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  const paths = rows.filter((row) => row[9] === 'true').map((row) => (row[0] === '' ? `api/${row[1]}` : `apis/${row[0]}/${row[1]}`));
  return [...new Set([...paths, ...optionalDocuments])].map((path) => join(reference, 'openapi-v3', `${path}.json`));
}

function upstreamSchemas(): Map<string, Json> {
  const schemas = new Map<string, Json>();
  for (const document of servedDocuments()) {
    const parsed = JSON.parse(readFileSync(document, 'utf8')) as { components: { schemas: Record<string, Json> } };
    for (const [name, schema] of Object.entries(parsed.components.schemas)) if (!schemas.has(name)) schemas.set(name, schema);
  }
  return schemas;
}

/**
 * A schema without descriptions, a lone reference unwrapped from allOf (kube-openapi writes
 * `{allOf: [{$ref}]}` only when a description stands beside it), and required as a set.
 */
function normalized(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalized);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === 'description') continue;
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, property]) => [name, normalized(property)]));
    else if (key === 'required') out[key] = [...(value as string[])].sort();
    else if (key === 'x-kubernetes-group-version-kind' || key === 'x-kubernetes-unions' || key === 'x-kubernetes-list-map-keys') out[key] = value;
    else out[key] = normalized(value);
  }
  const keys = Object.keys(out);
  if (keys.length === 1 && keys[0] === 'allOf' && Array.isArray(out.allOf) && out.allOf.length === 1) return out.allOf[0];
  return out;
}

/** The first few differences between two normalized schemas, as paths. */
function differences(ours: unknown, theirs: unknown, path = '', found: string[] = []): string[] {
  if (found.length >= 8 || isDeepStrictEqual(ours, theirs)) return found;
  if (typeof ours === 'object' && ours !== null && typeof theirs === 'object' && theirs !== null && !Array.isArray(ours) && !Array.isArray(theirs)) {
    for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
      differences((ours as Json)[key], (theirs as Json)[key], `${path}/${key}`, found);
    }
    return found;
  }
  found.push(`${path || '/'}: ours ${JSON.stringify(ours)?.slice(0, 200)}, kube's ${JSON.stringify(theirs)?.slice(0, 200)}`);
  return found;
}

let upstreamCache: Map<string, Json> | undefined;
const upstream = (): Map<string, Json> => (upstreamCache ??= upstreamSchemas());
const prefixes = (process.env.SCHEMA_ORACLE_PREFIX ?? '').split(',').filter((p) => p !== '');
const inScope = (name: string): boolean => prefixes.length === 0 || prefixes.some((p) => name.startsWith(p));

oracleTest('every declared type derives the OpenAPI v3 schema kube-apiserver 1.35 publishes for it', (t) => {
  const upstreamTypes = upstream();
  const mismatches: string[] = [];
  let matching = 0;
  for (const [name, declaration] of builtinTypes) {
    if (!inScope(name)) continue;
    const theirs = upstreamTypes.get(name);
    if (theirs === undefined) {
      mismatches.push(`${name}: not a type kube-apiserver 1.35 publishes for the served group-versions`);
      continue;
    }
    const found = differences(normalized(openApiSchemaOf(declaration)), normalized(theirs));
    if (found.length === 0) matching++;
    else mismatches.push(`${name}:\n    ${found.join('\n    ')}`);
  }
  const wanted = [...upstreamTypes.keys()].filter(inScope);
  const missing = wanted.filter((name) => !builtinTypes.has(name));
  t.log(
    `${matching} of ${wanted.length} upstream definitions${prefixes.length === 0 ? '' : ` under ${prefixes.join(', ')}`} declared and matching (${Math.round((matching / wanted.length) * 100)}%)`,
  );
  if (prefixes.length > 0) t.log(`not yet declared: ${missing.length === 0 ? 'none' : missing.join(', ')}`);
  t.deepEqual(mismatches, []);
  t.deepEqual(missing, [], 'every type kube-apiserver 1.35 publishes for its served group-versions is declared');
});

test('every reference of a declared type names a declared type', (t) => {
  const dangling: string[] = [];
  const visit = (schema: unknown, owner: string): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const { type, name } = schema as { type?: string; name?: string };
    if (type === 'ref' && name !== undefined && !builtinTypes.has(name)) dangling.push(`${owner} -> ${name}`);
    for (const value of Object.values(schema)) visit(value, owner);
  };
  for (const declaration of builtinTypes.values()) if (declaration.kind === 'struct') visit(declaration.fields, declaration.name);
  t.deepEqual(dangling, []);
});

oracleTest('the reference documents are where the oracle expects them', (t) => {
  t.true(readdirSync(join(reference, 'openapi-v3', 'apis')).length > 20);
  t.true(upstream().has('io.k8s.api.core.v1.Pod'));
});
