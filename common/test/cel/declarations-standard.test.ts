// The checker's declarations of CEL's standard library, optional types and two-variable
// comprehensions: integrity rules cel-go enforces when it builds an environment (unique overload
// ids, receivers, no overlapping signatures) and spot checks of signatures against cel-go v0.26.

import test from 'ava';
import { type FunctionDecl, type OverloadDecl, functionDecl, globalOverload, memberOverload, mergeFunctionDecls } from '../../src/cel/checker/function-declarations.ts';
import { crossTypeNumericComparisonOverloadIds, standardFunctionDecls, standardTypeIdentifiers } from '../../src/cel/declarations/standard.ts';
import { optionalFunctionDecls, optionalTypeIdentifiers } from '../../src/cel/declarations/optionals.ts';
import { twoVarComprehensionFunctionDecls } from '../../src/cel/declarations/two-var-comprehensions.ts';
import { type CelType, dynType, intType, listOf, stringType, typeParam } from '../../src/cel/types/cel-types.ts';
import { celTypeName } from '../../src/cel/types/type-names.ts';
import { typeParamNames } from '../../src/cel/checker/type-unification.ts';

const groups = { standard: standardFunctionDecls, optionals: optionalFunctionDecls, twoVarComprehensions: twoVarComprehensionFunctionDecls };
const merged = mergeFunctionDecls(...Object.values(groups));
const allOverloads = [...merged.values()].flatMap((decl) => decl.overloads);

/** `id: (params) -> result`, with `.` after the receiver of a member overload. */
const signature = (overload: OverloadDecl): string => {
  const params = overload.params.map(celTypeName);
  const shown = overload.member ? `${params[0]}.(${params.slice(1).join(', ')})` : `(${params.join(', ')})`;
  return `${overload.id}: ${shown} -> ${celTypeName(overload.result)}`;
};

const signaturesOf = (name: string): string[] => (merged.get(name)?.overloads ?? []).map(signature);

// cel-go's IsAssignableType: dyn and type parameters take anything; otherwise the same type with
// assignable parameters.
function assignable(to: CelType, from: CelType): boolean {
  if (to.kind === 'dyn' || to.kind === 'any' || to.kind === 'type_param') return true;
  if (to.kind !== from.kind) return false;
  switch (to.kind) {
    case 'list':
      return from.kind === 'list' && assignable(to.elem, from.elem);
    case 'map':
      return from.kind === 'map' && assignable(to.key, from.key) && assignable(to.value, from.value);
    case 'optional':
      return from.kind === 'optional' && assignable(to.value, from.value);
    case 'type':
      return from.kind === 'type' && (to.type === undefined || from.type === undefined ? to.type === from.type : assignable(to.type, from.type));
    case 'object':
      return from.kind === 'object' && from.name === to.name;
    case 'opaque':
      return from.kind === 'opaque' && from.name === to.name && from.params.length === to.params.length && to.params.every((param, i) => assignable(param, from.params[i]!));
    default:
      return true;
  }
}

/** cel-go's SignatureOverlaps: it refuses a function whose overloads could both match one call. */
const overlap = (a: OverloadDecl, b: OverloadDecl): boolean =>
  a.member === b.member && a.params.length === b.params.length && a.params.every((param, i) => assignable(param, b.params[i]!) || assignable(b.params[i]!, param));

function overlappingPairs(decl: FunctionDecl): string[] {
  const pairs: string[] = [];
  decl.overloads.forEach((a, i) => {
    for (const b of decl.overloads.slice(i + 1)) if (overlap(a, b)) pairs.push(`${decl.name}: ${a.id} and ${b.id}`);
  });
  return pairs;
}

test('every overload id is declared once across the standard, optional and two-variable libraries', (t) => {
  const seen = new Map<string, number>();
  for (const overload of allOverloads) seen.set(overload.id, (seen.get(overload.id) ?? 0) + 1);
  t.deepEqual(
    [...seen].filter(([, count]) => count > 1),
    [],
  );
  t.is(seen.size, 183);
});

test('a function is declared once per library and member overloads have a receiver', (t) => {
  for (const [group, decls] of Object.entries(groups)) {
    const names = decls.map((decl) => decl.name);
    t.deepEqual(
      names.filter((name, i) => names.indexOf(name) !== i),
      [],
      group,
    );
  }
  t.deepEqual(
    allOverloads.filter((overload) => overload.member && overload.params.length === 0).map((overload) => overload.id),
    [],
  );
});

test('no two overloads of a function could match the same call, as cel-go requires', (t) => {
  t.deepEqual([...merged.values()].flatMap(overlappingPairs), []);
  // The rule itself: dyn and type parameters overlap with any type; receivers and arity separate.
  const f = (...overloads: OverloadDecl[]) => overlappingPairs(functionDecl('f', ...overloads));
  t.deepEqual(f(globalOverload('a', [dynType], intType), globalOverload('b', [stringType], intType)), ['f: a and b']);
  t.deepEqual(f(globalOverload('a', [listOf(typeParam('A'))], intType), globalOverload('b', [listOf(stringType)], intType)), ['f: a and b']);
  t.deepEqual(f(globalOverload('a', [stringType], intType), memberOverload('b', [stringType], intType)), []);
  t.deepEqual(f(globalOverload('a', [stringType], intType), globalOverload('b', [stringType, stringType], intType)), []);
});

test('the standard library uses type parameters A and B, the optional and comprehension libraries K and V', (t) => {
  const namesIn = (decls: readonly FunctionDecl[]) =>
    [...new Set(decls.flatMap((decl) => decl.overloads.flatMap((o) => [...o.params, o.result].flatMap((type) => [...typeParamNames(type)]))))].sort();
  t.deepEqual(namesIn(standardFunctionDecls), ['A', 'B']);
  t.deepEqual(namesIn(optionalFunctionDecls), ['K', 'V']);
  t.deepEqual(namesIn(twoVarComprehensionFunctionDecls), ['K', 'V']);
});

test('arithmetic and list concatenation have cel-go signatures', (t) => {
  t.deepEqual(signaturesOf('_+_'), [
    'add_bytes: (bytes, bytes) -> bytes',
    'add_double: (double, double) -> double',
    'add_duration_duration: (google.protobuf.Duration, google.protobuf.Duration) -> google.protobuf.Duration',
    'add_duration_timestamp: (google.protobuf.Duration, google.protobuf.Timestamp) -> google.protobuf.Timestamp',
    'add_timestamp_duration: (google.protobuf.Timestamp, google.protobuf.Duration) -> google.protobuf.Timestamp',
    'add_int64: (int, int) -> int',
    'add_list: (list(A), list(A)) -> list(A)',
    'add_string: (string, string) -> string',
    'add_uint64: (uint, uint) -> uint',
  ]);
  t.deepEqual(signaturesOf('_-_').slice(3, 5), [
    'subtract_timestamp_duration: (google.protobuf.Timestamp, google.protobuf.Duration) -> google.protobuf.Timestamp',
    'subtract_timestamp_timestamp: (google.protobuf.Timestamp, google.protobuf.Timestamp) -> google.protobuf.Duration',
  ]);
  t.deepEqual(signaturesOf('_%_'), ['modulo_int64: (int, int) -> int', 'modulo_uint64: (uint, uint) -> uint']);
  t.deepEqual(signaturesOf('-_'), ['negate_double: (double) -> double', 'negate_int64: (int) -> int']);
});

test('logical operators, equality and the conditional are generic where cel-go makes them so', (t) => {
  t.deepEqual(signaturesOf('_?_:_'), ['conditional: (bool, A, A) -> A']);
  t.deepEqual(signaturesOf('_==_'), ['equals: (A, A) -> bool']);
  t.deepEqual(signaturesOf('_!=_'), ['not_equals: (A, A) -> bool']);
  t.deepEqual(signaturesOf('_&&_'), ['logical_and: (bool, bool) -> bool']);
  t.deepEqual(signaturesOf('@not_strictly_false'), ['not_strictly_false: (bool) -> bool']);
  t.deepEqual(signaturesOf('@in'), ['in_list: (A, list(A)) -> bool', 'in_map: (A, map(A, B)) -> bool']);
  // Only the evaluator knows the deprecated spellings.
  t.false(merged.has('_in_') || merged.has('in') || merged.has('__not_strictly_false__'));
});

test('each ordering operator has 14 overloads, 6 of them across numeric types', (t) => {
  for (const [name, prefix] of [
    ['_<_', 'less'],
    ['_<=_', 'less_equals'],
    ['_>_', 'greater'],
    ['_>=_', 'greater_equals'],
  ] as const) {
    const ids = merged.get(name)!.overloads.map((overload) => overload.id);
    t.is(ids.length, 14, name);
    t.deepEqual(
      ids.filter((id) => crossTypeNumericComparisonOverloadIds.has(id)),
      ['int64_double', 'int64_uint64', 'uint64_double', 'uint64_int64', 'double_int64', 'double_uint64'].map((suffix) => `${prefix}_${suffix}`),
    );
  }
  t.is(crossTypeNumericComparisonOverloadIds.size, 24);
  t.is(signaturesOf('_<_')[2], 'less_int64_double: (int, double) -> bool');
  t.is(signaturesOf('_>=_')[12], 'greater_equals_timestamp: (google.protobuf.Timestamp, google.protobuf.Timestamp) -> bool');
});

test('indexing and size cover lists, maps, and with optionals optional lists and maps', (t) => {
  t.deepEqual(signaturesOf('_[_]'), [
    'index_list: (list(A), int) -> A',
    'index_map: (map(A, B), A) -> B',
    'optional_list_index_int: (optional_type(list(V)), int) -> optional_type(V)',
    'optional_map_index_value: (optional_type(map(K, V)), K) -> optional_type(V)',
  ]);
  t.deepEqual(signaturesOf('size'), [
    'size_bytes: (bytes) -> int',
    'bytes_size: bytes.() -> int',
    'size_list: (list(A)) -> int',
    'list_size: list(A).() -> int',
    'size_map: (map(A, B)) -> int',
    'map_size: map(A, B).() -> int',
    'size_string: (string) -> int',
    'string_size: string.() -> int',
  ]);
});

test('conversions have one overload per source type, type() keeps its argument type', (t) => {
  t.deepEqual(signaturesOf('type'), ['type: (A) -> type(A)']);
  t.deepEqual(signaturesOf('dyn'), ['to_dyn: (A) -> dyn']);
  t.deepEqual(signaturesOf('int'), [
    'int64_to_int64: (int) -> int',
    'double_to_int64: (double) -> int',
    'duration_to_int64: (google.protobuf.Duration) -> int',
    'string_to_int64: (string) -> int',
    'timestamp_to_int64: (google.protobuf.Timestamp) -> int',
    'uint64_to_int64: (uint) -> int',
  ]);
  t.deepEqual(
    ['bool', 'bytes', 'double', 'duration', 'string', 'timestamp', 'uint'].map((name) => merged.get(name)!.overloads.length),
    [2, 2, 4, 3, 8, 3, 4],
  );
  t.is(signaturesOf('duration')[1], 'int64_to_duration: (int) -> google.protobuf.Duration');
});

test('string tests are members, matches is also global', (t) => {
  t.deepEqual(signaturesOf('contains'), ['contains_string: string.(string) -> bool']);
  t.deepEqual(signaturesOf('startsWith'), ['starts_with_string: string.(string) -> bool']);
  t.deepEqual(signaturesOf('endsWith'), ['ends_with_string: string.(string) -> bool']);
  t.deepEqual(signaturesOf('matches'), ['matches: (string, string) -> bool', 'matches_string: string.(string) -> bool']);
});

test('timestamp accessors take an optional time zone, the time-of-day ones also read durations', (t) => {
  t.deepEqual(signaturesOf('getSeconds'), [
    'timestamp_to_seconds: google.protobuf.Timestamp.() -> int',
    'timestamp_to_seconds_tz: google.protobuf.Timestamp.(string) -> int',
    'duration_to_seconds: google.protobuf.Duration.() -> int',
  ]);
  t.deepEqual(signaturesOf('getDate'), [
    'timestamp_to_day_of_month_1_based: google.protobuf.Timestamp.() -> int',
    'timestamp_to_day_of_month_1_based_with_tz: google.protobuf.Timestamp.(string) -> int',
  ]);
  const counts = ['getFullYear', 'getMonth', 'getDayOfYear', 'getDayOfMonth', 'getDate', 'getDayOfWeek', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds'].map(
    (name) => merged.get(name)!.overloads.length,
  );
  t.deepEqual(counts, [2, 2, 2, 2, 2, 2, 3, 3, 3, 3]);
});

test('optional functions, optional selection and indexing, and version 2 list helpers', (t) => {
  t.deepEqual(signaturesOf('optional.none'), ['optional_none: () -> optional_type(V)']);
  t.deepEqual(signaturesOf('optional.of'), ['optional_of: (V) -> optional_type(V)']);
  t.deepEqual(signaturesOf('orValue'), ['optional_orValue_value: optional_type(V).(V) -> V']);
  t.deepEqual(signaturesOf('or'), ['optional_or_optional: optional_type(V).(optional_type(V)) -> optional_type(V)']);
  t.deepEqual(signaturesOf('_?._'), ['select_optional_field: (dyn, string) -> optional_type(V)']);
  t.deepEqual(signaturesOf('_[?_]'), [
    'list_optindex_optional_int: (list(V), int) -> optional_type(V)',
    'optional_list_optindex_optional_int: (optional_type(list(V)), int) -> optional_type(V)',
    'map_optindex_optional_value: (map(K, V), K) -> optional_type(V)',
    'optional_map_optindex_optional_value: (optional_type(map(K, V)), K) -> optional_type(V)',
  ]);
  t.deepEqual(signaturesOf('unwrapOpt'), ['optional_unwrapOpt: list(optional_type(V)).() -> list(V)']);
  t.deepEqual(signaturesOf('first'), ['list_first: list(V).() -> optional_type(V)']);
  // Macros, not functions.
  t.false(merged.has('optMap') || merged.has('optFlatMap'));
});

test('two-variable comprehensions declare only the map insertion their transform macros use', (t) => {
  t.deepEqual(
    twoVarComprehensionFunctionDecls.map((decl) => decl.name),
    ['cel.@mapInsert'],
  );
  t.deepEqual(signaturesOf('cel.@mapInsert'), ['@mapInsert_map_key_value: (map(K, V), K, V) -> map(K, V)', '@mapInsert_map_map: (map(K, V), map(K, V)) -> map(K, V)']);
});

test('type names are identifiers of type type(T), timestamp and duration under their protobuf names', (t) => {
  const identifiers = Object.fromEntries([...standardTypeIdentifiers, ...optionalTypeIdentifiers].map(({ name, type }) => [name, celTypeName(type)]));
  t.deepEqual(identifiers, {
    bool: 'type(bool)',
    bytes: 'type(bytes)',
    double: 'type(double)',
    'google.protobuf.Duration': 'type(google.protobuf.Duration)',
    int: 'type(int)',
    list: 'type(list(A))',
    map: 'type(map(A, B))',
    null_type: 'type(null_type)',
    string: 'type(string)',
    'google.protobuf.Timestamp': 'type(google.protobuf.Timestamp)',
    type: 'type(type)',
    uint: 'type(uint)',
    optional_type: 'type(optional_type)',
  });
});
