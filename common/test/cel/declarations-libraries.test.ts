// The checker's declarations of the extension and Kubernetes libraries: overload ids unique in an
// environment, receivers on member overloads, no signature declared twice, and the same function
// names (in the same global or receiver form) as the run-time tables that implement them.

import test from 'ava';
import { mergeFunctionDecls, type FunctionDecl, type OverloadDecl } from '../../src/cel/checker/function-declarations.ts';
import { cidrFunctionDecls, cidrTypeIdentifiers } from '../../src/cel/declarations/cidr.ts';
import { extListsVersion3FunctionDecls } from '../../src/cel/declarations/ext-lists.ts';
import { formatFunctionDecls } from '../../src/cel/declarations/format.ts';
import { ipFunctionDecls, ipTypeIdentifiers } from '../../src/cel/declarations/ip.ts';
import { kubernetesListsFunctionDecls } from '../../src/cel/declarations/lists.ts';
import { quantityFunctionDecls } from '../../src/cel/declarations/quantity.ts';
import { regexFunctionDecls } from '../../src/cel/declarations/regex.ts';
import { semverVersion1FunctionDecls } from '../../src/cel/declarations/semver.ts';
import { setsFunctionDecls } from '../../src/cel/declarations/sets.ts';
import { stringsVersion0FunctionDecls, stringsVersion2FunctionDecls } from '../../src/cel/declarations/strings.ts';
import type { IdentifierDecl } from '../../src/cel/declarations/standard.ts';
import { urlFunctionDecls } from '../../src/cel/declarations/urls.ts';
import type { FunctionTable } from '../../src/cel/interpreter/functions.ts';
import { cidrFunctions } from '../../src/cel/library/cidr.ts';
import { formatFunctions } from '../../src/cel/library/format.ts';
import { ipFunctions } from '../../src/cel/library/ip.ts';
import { listFunctions } from '../../src/cel/library/lists.ts';
import { quantityFunctions } from '../../src/cel/library/quantity.ts';
import { regexFunctions } from '../../src/cel/library/regex.ts';
import { semverFunctions } from '../../src/cel/library/semver.ts';
import { setFunctions } from '../../src/cel/library/sets.ts';
import { stringFunctions } from '../../src/cel/library/strings.ts';
import { urlFunctions } from '../../src/cel/library/url.ts';
import { sameType } from '../../src/cel/types/cel-types.ts';
import { celTypeName } from '../../src/cel/types/type-names.ts';

/** The libraries of Kubernetes 1.35's base environment, apart from the authorizer's. */
const kubernetes135Libraries: Readonly<Record<string, readonly FunctionDecl[]>> = {
  strings: stringsVersion2FunctionDecls,
  lists: kubernetesListsFunctionDecls,
  extLists: extListsVersion3FunctionDecls,
  sets: setsFunctionDecls,
  regex: regexFunctionDecls,
  urls: urlFunctionDecls,
  ip: ipFunctionDecls,
  cidr: cidrFunctionDecls,
  quantity: quantityFunctionDecls,
  semver: semverVersion1FunctionDecls,
  format: formatFunctionDecls,
};

/** Kubernetes 1.28's: strings version 0, no sets, IP, CIDR, format, semver or list extension. */
const kubernetes128Libraries: readonly (readonly FunctionDecl[])[] = [
  stringsVersion0FunctionDecls,
  kubernetesListsFunctionDecls,
  regexFunctionDecls,
  urlFunctionDecls,
  quantityFunctionDecls,
];

const overloadsOf = (decls: readonly FunctionDecl[]): OverloadDecl[] => decls.flatMap((decl) => decl.overloads);

const signature = (overload: OverloadDecl): string => `${overload.member ? 'member' : 'global'}(${overload.params.map(celTypeName).join(', ')}) -> ${celTypeName(overload.result)}`;

const sameSignature = (a: OverloadDecl, b: OverloadDecl): boolean =>
  a.member === b.member && a.params.length === b.params.length && a.params.every((param, i) => sameType(param, b.params[i]!));

function duplicateIds(overloads: readonly OverloadDecl[]): string[] {
  const seen = new Set<string>();
  return overloads.filter((overload) => seen.has(overload.id) || !seen.add(overload.id)).map((overload) => overload.id);
}

test('overload ids are unique across the libraries of an environment', (t) => {
  t.deepEqual(duplicateIds(overloadsOf(Object.values(kubernetes135Libraries).flat())), []);
  t.deepEqual(duplicateIds(overloadsOf(kubernetes128Libraries.flat())), []);
});

test('an overload id keeps its signature across the strings versions', (t) => {
  const version2 = new Map(overloadsOf(stringsVersion2FunctionDecls).map((overload) => [overload.id, overload]));
  for (const overload of overloadsOf(stringsVersion0FunctionDecls)) {
    const later = version2.get(overload.id);
    t.truthy(later, overload.id);
    if (later !== undefined) t.is(signature(later), signature(overload), overload.id);
  }
  t.deepEqual(
    overloadsOf(stringsVersion2FunctionDecls)
      .map((overload) => overload.id)
      .filter((id) => !overloadsOf(stringsVersion0FunctionDecls).some((overload) => overload.id === id)),
    ['string_format', 'strings_quote'],
  );
});

test('every member overload has a receiver', (t) => {
  for (const [library, decls] of Object.entries(kubernetes135Libraries)) {
    for (const decl of decls) {
      for (const overload of decl.overloads) if (overload.member) t.true(overload.params.length >= 1, `${library}: ${decl.name} ${overload.id}`);
    }
  }
});

test('no function declares the same signature twice, even merged with the other libraries', (t) => {
  for (const decl of mergeFunctionDecls(...Object.values(kubernetes135Libraries)).values()) {
    decl.overloads.forEach((overload, i) => {
      const earlier = decl.overloads.slice(0, i).find((other) => sameSignature(other, overload));
      t.is(earlier, undefined, `${decl.name}: ${overload.id} repeats ${earlier?.id} (${signature(overload)})`);
    });
  }
});

test('a library function is declared once per library', (t) => {
  for (const [library, decls] of Object.entries(kubernetes135Libraries)) {
    const names = decls.map((decl) => decl.name);
    t.deepEqual(
      names.filter((name, i) => names.indexOf(name) !== i),
      [],
      library,
    );
  }
});

test('the type parameters are the ones Kubernetes and cel-go name', (t) => {
  const paramNames = (decls: readonly FunctionDecl[]): string[] => [
    ...new Set(overloadsOf(decls).flatMap((overload) => [...overload.params, overload.result].map(celTypeName).flatMap((name) => name.match(/\b[A-Z]\b/g) ?? []))),
  ];
  t.deepEqual(paramNames(kubernetesListsFunctionDecls), ['A']);
  t.deepEqual(paramNames(extListsVersion3FunctionDecls), ['T']);
  t.deepEqual(paramNames(setsFunctionDecls), ['T']);
});

test('sum, min and max of Kubernetes lists are declared per element type, with the element type as result', (t) => {
  const byName = mergeFunctionDecls(kubernetesListsFunctionDecls);
  const describe = (name: string): string[] => byName.get(name)!.overloads.map((overload) => `${overload.id}: ${signature(overload)}`);
  t.deepEqual(describe('sum'), [
    'list_int_sum_int: member(list(int)) -> int',
    'list_uint_sum_uint: member(list(uint)) -> uint',
    'list_double_sum_double: member(list(double)) -> double',
    'list_duration_sum_duration: member(list(google.protobuf.Duration)) -> google.protobuf.Duration',
  ]);
  t.is(describe('min').length, 8);
  t.true(describe('max').includes('list_timestamp_max_timestamp: member(list(google.protobuf.Timestamp)) -> google.protobuf.Timestamp'));
});

test('the list extension names its sort overloads after cel-go type names', (t) => {
  const sort = mergeFunctionDecls(extListsVersion3FunctionDecls).get('sort')!;
  t.true(sort.overloads.some((overload) => overload.id === 'list_google.protobuf.Duration_sort'));
  t.true(sort.overloads.some((overload) => overload.id === 'list_google.protobuf.Timestamp_sort'));
});

test('IP and CIDR name their types in expressions: net.IP is a type(net.IP)', (t) => {
  const describe = (identifiers: readonly IdentifierDecl[]): string[] => identifiers.map(({ name, type }) => `${name}: ${celTypeName(type)}`);
  t.deepEqual(describe(ipTypeIdentifiers), ['net.IP: type(net.IP)']);
  t.deepEqual(describe(cidrTypeIdentifiers), ['net.CIDR: type(net.CIDR)']);
});

/** Each name a table or declaration set has, with the forms it is called in. */
function runtimeForms(table: FunctionTable): Map<string, string> {
  return new Map([...table].map(([name, forms]) => [name, [forms.global && 'global', forms.member && 'member'].filter(Boolean).join('+')]));
}

function declaredForms(decls: readonly FunctionDecl[]): Map<string, string> {
  return new Map(
    [...mergeFunctionDecls(decls)].map(([name, decl]) => [
      name,
      [decl.overloads.some((o) => !o.member) && 'global', decl.overloads.some((o) => o.member) && 'member'].filter(Boolean).join('+'),
    ]),
  );
}

/** Names whose forms differ between a run-time table and its declarations, as `name: runtime / declared`. */
function formDifferences(table: FunctionTable, decls: readonly FunctionDecl[]): string[] {
  const runtime = runtimeForms(table);
  const declared = declaredForms(decls);
  return [...new Set([...runtime.keys(), ...declared.keys()])]
    .filter((name) => runtime.get(name) !== declared.get(name))
    .map((name) => `${name}: ${runtime.get(name) ?? 'none'} / ${declared.get(name) ?? 'none'}`)
    .sort();
}

test('the run-time tables and the declarations have the same functions in the same forms', (t) => {
  t.deepEqual(formDifferences(listFunctions, [...kubernetesListsFunctionDecls, ...extListsVersion3FunctionDecls]), []);
  t.deepEqual(formDifferences(setFunctions, setsFunctionDecls), []);
  t.deepEqual(formDifferences(urlFunctions, urlFunctionDecls), []);
  t.deepEqual(formDifferences(ipFunctions, ipFunctionDecls), []);
  t.deepEqual(formDifferences(cidrFunctions, cidrFunctionDecls), []);
  t.deepEqual(formDifferences(quantityFunctions, quantityFunctionDecls), []);
  t.deepEqual(formDifferences(semverFunctions, semverVersion1FunctionDecls), []);
  t.deepEqual(formDifferences(formatFunctions, formatFunctionDecls), []);
});

test('the strings table also implements reverse (version 3), which Kubernetes 1.35 does not declare for strings', (t) => {
  t.deepEqual(formDifferences(stringFunctions, stringsVersion2FunctionDecls), ['reverse: member / none']);
});

test("the regex table also implements matches, which CEL's standard library declares", (t) => {
  t.deepEqual(formDifferences(regexFunctions, regexFunctionDecls), ['matches: global+member / none']);
});
