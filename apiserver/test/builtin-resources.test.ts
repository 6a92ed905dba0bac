// Checks builtinResources against the kube-apiserver 1.35 oracle (resources.tsv, servedByDefault rows)
// and the invariants of the declarations themselves: unique names, storage prefixes and known verbs.

import test from 'ava';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import type { ResourceDefinition, Verb } from '../src/resources/resource-definition.ts';
import { readReference, referenceTest } from '../../common/test/reference-documents.ts';

const knownVerbs: ReadonlySet<string> = new Set<Verb>(['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);

/** Resources kube serves in more than one group-version on purpose, backed by one stored object. */
const sharedStorage: Readonly<Record<string, readonly string[]>> = {
  events: ['/v1', 'events.k8s.io/v1'],
  horizontalpodautoscalers: ['autoscaling/v1', 'autoscaling/v2'],
};

const virtualResources = [
  'bindings',
  'componentstatuses',
  'localsubjectaccessreviews',
  'selfsubjectaccessreviews',
  'selfsubjectreviews',
  'selfsubjectrulesreviews',
  'subjectaccessreviews',
  'tokenreviews',
];

interface OracleSubresource {
  readonly name: string;
  /** "group/version.Kind" as the resource's own group/version resolves it; undefined if the tsv gives none. */
  readonly kind: string | undefined;
  readonly verbs: readonly string[];
}

interface OracleRow {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly subresources: readonly OracleSubresource[];
}

const list = (cell: string | undefined): string[] =>
  (cell ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
const gv = (group: string, version: string): string => `${group}/${version}`;
const key = (r: { group: string; version: string; resource: string }): string => `${gv(r.group, r.version)}/${r.resource}`;

/** "name(kindSpec)[verb,verb]" where kindSpec is "v1.Kind" (own group) or "group/v1.Kind". */
const parseSubresource = (group: string, text: string): OracleSubresource => {
  const m = /^([a-z]+)(?:\(([^)]*)\))?\[([^\]]*)\]$/.exec(text.trim());
  if (m === null) throw new Error(`unparseable subresource cell part: ${text}`);
  const [, name = '', spec, verbs] = m;
  let kind: string | undefined;
  if (spec !== undefined) {
    const dot = spec.lastIndexOf('.');
    const version = spec.slice(0, dot);
    kind = `${version.includes('/') ? version : gv(group, version)}.${spec.slice(dot + 1)}`;
  }
  return { name, kind, verbs: list(verbs) };
};

const readOracle = (): OracleRow[] => {
  const [header = '', ...lines] = readReference('resources.tsv')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const columns = header.split('\t');
  const col = (cells: readonly string[], name: string): string => {
    const i = columns.indexOf(name);
    if (i < 0) throw new Error(`resources.tsv has no column ${name}`);
    return cells[i] ?? '';
  };
  return lines
    .map((line) => line.split('\t'))
    .filter((cells) => col(cells, 'servedByDefault') === 'true')
    .map((cells) => {
      const group = col(cells, 'group');
      return {
        group,
        version: col(cells, 'version'),
        resource: col(cells, 'resource'),
        kind: col(cells, 'kind'),
        namespaced: col(cells, 'namespaced') === 'true',
        verbs: list(col(cells, 'verbs')),
        shortNames: list(col(cells, 'shortNames')),
        categories: list(col(cells, 'categories')),
        subresources: col(cells, 'subresources')
          .split(';')
          .filter((s) => s.trim() !== '')
          .map((s) => parseSubresource(group, s)),
      };
    });
};

const sorted = (xs: readonly string[]): string[] => [...xs].sort();

const declaredSubresources = (r: ResourceDefinition): OracleSubresource[] =>
  r.subresources.map((s) => ({
    name: s.name,
    kind: `${gv(s.group ?? r.group, s.version ?? r.version)}.${s.kind}`,
    verbs: sorted(s.verbs),
  }));

const oracleTest = referenceTest(test, ['resources.tsv']);

oracleTest('builtinResources declares exactly the resources kube-apiserver 1.35 serves by default', (t) => {
  const oracle = readOracle();
  t.is(oracle.length, 66, 'the oracle lists 66 resources served by default');
  t.deepEqual(sorted(builtinResources.map(key)), sorted(oracle.map(key)));
  t.is(new Set(oracle.map((r) => gv(r.group, r.version))).size, 22);
});

oracleTest('each declaration matches the oracle row for its resource', (t) => {
  const byKey = new Map(builtinResources.map((r) => [key(r), r]));
  for (const row of readOracle()) {
    const r = byKey.get(key(row));
    if (r === undefined) continue; // reported by the test above
    const where = key(row);
    t.is(r.kind, row.kind, `${where} kind`);
    t.is(r.namespaced, row.namespaced, `${where} namespaced`);
    t.deepEqual(sorted(r.verbs), sorted(row.verbs), `${where} verbs`);
    t.deepEqual(r.shortNames, row.shortNames, `${where} shortNames`);
    t.deepEqual(sorted(r.categories), sorted(row.categories), `${where} categories`);
    const declared = new Map(declaredSubresources(r).map((s) => [s.name, s]));
    t.deepEqual(sorted([...declared.keys()]), sorted(row.subresources.map((s) => s.name)), `${where} subresource names`);
    for (const s of row.subresources) {
      const d = declared.get(s.name);
      if (d === undefined) continue;
      t.deepEqual(d.verbs, sorted(s.verbs), `${where}/${s.name} verbs`);
      if (s.kind !== undefined) t.is(d.kind, s.kind, `${where}/${s.name} kind`);
    }
  }
});

test('no two declarations share group, version and resource', (t) => {
  const seen = new Set<string>();
  for (const r of builtinResources) {
    t.false(seen.has(key(r)), `duplicate declaration ${key(r)}`);
    seen.add(key(r));
  }
});

test('singular names are the lower-case kind', (t) => {
  for (const r of builtinResources) t.is(r.singularName, r.kind.toLowerCase(), key(r));
});

test('exactly the virtual resources have no storage prefix', (t) => {
  t.deepEqual(sorted(builtinResources.filter((r) => r.storagePrefix === undefined).map((r) => r.resource)), sorted(virtualResources));
});

test('storage prefixes are unique except where kube shares one stored object across group-versions', (t) => {
  const byPrefix = new Map<string, string[]>();
  for (const r of builtinResources) {
    if (r.storagePrefix === undefined) continue;
    t.regex(r.storagePrefix, /^[a-z0-9.]+(\/[a-z0-9.]+)*$/, `${key(r)} prefix has no leading or trailing slash`);
    byPrefix.set(r.storagePrefix, [...(byPrefix.get(r.storagePrefix) ?? []), key(r)]);
  }
  for (const [prefix, keys] of byPrefix) {
    if (keys.length === 1) continue;
    const resources = new Set(keys.map((k) => k.slice(k.lastIndexOf('/') + 1)));
    t.is(resources.size, 1, `prefix ${prefix} is shared by different resources: ${keys.join(', ')}`);
    const [resource = ''] = resources;
    t.deepEqual(sorted(keys), sorted((sharedStorage[resource] ?? []).map((g) => `${g}/${resource}`)), `prefix ${prefix} shared unexpectedly`);
  }
  // The other direction: every resource served in more than one group-version shares one prefix.
  const gvsByResource = new Map<string, ResourceDefinition[]>();
  for (const r of builtinResources) gvsByResource.set(r.resource, [...(gvsByResource.get(r.resource) ?? []), r]);
  const multi = [...gvsByResource].filter(([, rs]) => rs.length > 1);
  t.deepEqual(sorted(multi.map(([resource]) => resource)), sorted(Object.keys(sharedStorage)));
  for (const [resource, rs] of multi) {
    t.deepEqual(sorted(rs.map((r) => gv(r.group, r.version))), sorted(sharedStorage[resource] ?? []), resource);
    t.is(new Set(rs.map((r) => r.storagePrefix)).size, 1, `${resource} is one stored object in every group-version`);
  }
});

test('every verb and subresource verb is a known verb', (t) => {
  for (const r of builtinResources) {
    for (const v of r.verbs) t.true(knownVerbs.has(v), `${key(r)} verb ${v}`);
    for (const s of r.subresources) {
      t.true(s.verbs.length > 0, `${key(r)}/${s.name} has verbs`);
      for (const v of s.verbs) t.true(knownVerbs.has(v), `${key(r)}/${s.name} verb ${v}`);
      t.is(s.group === undefined, s.version === undefined, `${key(r)}/${s.name} sets group and version together`);
    }
  }
});
