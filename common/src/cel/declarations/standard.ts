// The signatures of CEL's standard library as cel-go v0.26 declares them to its type checker:
// operators, size, the string tests, the conversions and the timestamp and duration accessors, with
// cel-go's overload ids and type parameters (A, B), in cel-go's overload order. Also the type names
// the standard library declares as identifiers (`int`, `list`, ...).

import {
  boolType,
  bytesType,
  type CelType,
  doubleType,
  durationType,
  dynType,
  intType,
  listOf,
  mapOf,
  nullType,
  stringType,
  timestampType,
  typeOfType,
  typeParam,
  uintType,
} from '../types/cel-types.ts';
import { type FunctionDecl, functionDecl, globalOverload, memberOverload, type OverloadDecl } from '../checker/function-declarations.ts';

const paramA = typeParam('A');
const paramB = typeParam('B');
const listOfA = listOf(paramA);
const mapOfAB = mapOf(paramA, paramB);

/** An identifier the environment declares with a fixed type, such as a type name (`int` is a type(int)). */
export interface IdentifierDecl {
  readonly name: string;
  readonly type: CelType;
}

/**
 * The type names usable as values (`type(x) == int`). Timestamp and duration go by their protobuf
 * names: `timestamp` and `duration` are only conversion functions.
 */
export const standardTypeIdentifiers: readonly IdentifierDecl[] = (
  [
    ['bool', boolType],
    ['bytes', bytesType],
    ['double', doubleType],
    ['google.protobuf.Duration', durationType],
    ['int', intType],
    ['list', listOfA],
    ['map', mapOfAB],
    ['null_type', nullType],
    ['string', stringType],
    ['google.protobuf.Timestamp', timestampType],
    ['type', typeOfType()],
    ['uint', uintType],
  ] as const
).map(([name, type]) => ({ name, type: typeOfType(type) }));

const logicalOperators: readonly FunctionDecl[] = [
  functionDecl('_?_:_', globalOverload('conditional', [boolType, paramA, paramA], paramA)),
  functionDecl('_&&_', globalOverload('logical_and', [boolType, boolType], boolType)),
  functionDecl('_||_', globalOverload('logical_or', [boolType, boolType], boolType)),
  functionDecl('!_', globalOverload('logical_not', [boolType], boolType)),
  // The loop condition of the all() and exists() macros.
  functionDecl('@not_strictly_false', globalOverload('not_strictly_false', [boolType], boolType)),
];

const equality: readonly FunctionDecl[] = [
  functionDecl('_==_', globalOverload('equals', [paramA, paramA], boolType)),
  functionDecl('_!=_', globalOverload('not_equals', [paramA, paramA], boolType)),
];

/** `[id suffix, operand type]` for an operator defined on two operands of one type. */
type SameTypeOperands = readonly (readonly [string, CelType])[];

const binaryOverloads = (idPrefix: string, operands: SameTypeOperands): OverloadDecl[] =>
  operands.map(([suffix, type]) => globalOverload(`${idPrefix}_${suffix}`, [type, type], type));

const arithmetic: readonly FunctionDecl[] = [
  functionDecl(
    '_+_',
    globalOverload('add_bytes', [bytesType, bytesType], bytesType),
    globalOverload('add_double', [doubleType, doubleType], doubleType),
    globalOverload('add_duration_duration', [durationType, durationType], durationType),
    globalOverload('add_duration_timestamp', [durationType, timestampType], timestampType),
    globalOverload('add_timestamp_duration', [timestampType, durationType], timestampType),
    globalOverload('add_int64', [intType, intType], intType),
    globalOverload('add_list', [listOfA, listOfA], listOfA),
    globalOverload('add_string', [stringType, stringType], stringType),
    globalOverload('add_uint64', [uintType, uintType], uintType),
  ),
  functionDecl(
    '_/_',
    ...binaryOverloads('divide', [
      ['double', doubleType],
      ['int64', intType],
      ['uint64', uintType],
    ]),
  ),
  functionDecl(
    '_%_',
    ...binaryOverloads('modulo', [
      ['int64', intType],
      ['uint64', uintType],
    ]),
  ),
  functionDecl(
    '_*_',
    ...binaryOverloads('multiply', [
      ['double', doubleType],
      ['int64', intType],
      ['uint64', uintType],
    ]),
  ),
  functionDecl('-_', globalOverload('negate_double', [doubleType], doubleType), globalOverload('negate_int64', [intType], intType)),
  functionDecl(
    '_-_',
    globalOverload('subtract_double', [doubleType, doubleType], doubleType),
    globalOverload('subtract_duration_duration', [durationType, durationType], durationType),
    globalOverload('subtract_int64', [intType, intType], intType),
    globalOverload('subtract_timestamp_duration', [timestampType, durationType], timestampType),
    globalOverload('subtract_timestamp_timestamp', [timestampType, timestampType], durationType),
    globalOverload('subtract_uint64', [uintType, uintType], uintType),
  ),
];

/**
 * The operand pairs of the ordering operators, in cel-go's order, with their id suffixes. The
 * pairs of different numeric types are the cross-type numeric comparisons.
 */
const orderedOperands: readonly (readonly [suffix: string, left: CelType, right: CelType])[] = [
  ['bool', boolType, boolType],
  ['int64', intType, intType],
  ['int64_double', intType, doubleType],
  ['int64_uint64', intType, uintType],
  ['uint64', uintType, uintType],
  ['uint64_double', uintType, doubleType],
  ['uint64_int64', uintType, intType],
  ['double', doubleType, doubleType],
  ['double_int64', doubleType, intType],
  ['double_uint64', doubleType, uintType],
  ['string', stringType, stringType],
  ['bytes', bytesType, bytesType],
  ['timestamp', timestampType, timestampType],
  ['duration', durationType, durationType],
];

const orderingOperators = [
  ['_<_', 'less'],
  ['_<=_', 'less_equals'],
  ['_>_', 'greater'],
  ['_>=_', 'greater_equals'],
] as const;

const ordering: readonly FunctionDecl[] = orderingOperators.map(([name, idPrefix]) =>
  functionDecl(name, ...orderedOperands.map(([suffix, left, right]) => globalOverload(`${idPrefix}_${suffix}`, [left, right], boolType))),
);

const numericKinds = new Set<CelType['kind']>(['int', 'uint', 'double']);

/**
 * The overloads that compare numbers of different types (`1 < 1.5`, `2u >= 1`). cel-go always
 * declares them; its checker hides them unless the environment enables CrossTypeNumericComparisons,
 * which Kubernetes does from compatibility version 1.28.
 */
export const crossTypeNumericComparisonOverloadIds: ReadonlySet<string> = new Set(
  orderedOperands
    .filter(([, left, right]) => left.kind !== right.kind && numericKinds.has(left.kind) && numericKinds.has(right.kind))
    .flatMap(([suffix]) => orderingOperators.map(([, idPrefix]) => `${idPrefix}_${suffix}`)),
);

/** What size() measures, with the word of its overload ids: `size_string` is size(s), `string_size` s.size(). */
const sizedOperands: readonly (readonly [string, CelType])[] = [
  ['bytes', bytesType],
  ['list', listOfA],
  ['map', mapOfAB],
  ['string', stringType],
];

const containers: readonly FunctionDecl[] = [
  functionDecl('_[_]', globalOverload('index_list', [listOfA, intType], paramA), globalOverload('index_map', [mapOfAB, paramA], paramB)),
  functionDecl('@in', globalOverload('in_list', [paramA, listOfA], boolType), globalOverload('in_map', [paramA, mapOfAB], boolType)),
  functionDecl('size', ...sizedOperands.flatMap(([kind, type]) => [globalOverload(`size_${kind}`, [type], intType), memberOverload(`${kind}_size`, [type], intType)])),
];

/** `[overload id, argument type]` of a conversion function's overloads. */
type ConversionSources = readonly (readonly [string, CelType])[];

const conversion = (name: string, result: CelType, sources: ConversionSources): FunctionDecl =>
  functionDecl(name, ...sources.map(([id, source]) => globalOverload(id, [source], result)));

const conversions: readonly FunctionDecl[] = [
  functionDecl('type', globalOverload('type', [paramA], typeOfType(paramA))),
  conversion('bool', boolType, [
    ['bool_to_bool', boolType],
    ['string_to_bool', stringType],
  ]),
  conversion('bytes', bytesType, [
    ['bytes_to_bytes', bytesType],
    ['string_to_bytes', stringType],
  ]),
  conversion('double', doubleType, [
    ['double_to_double', doubleType],
    ['int64_to_double', intType],
    ['string_to_double', stringType],
    ['uint64_to_double', uintType],
  ]),
  conversion('duration', durationType, [
    ['duration_to_duration', durationType],
    ['int64_to_duration', intType],
    ['string_to_duration', stringType],
  ]),
  functionDecl('dyn', globalOverload('to_dyn', [paramA], dynType)),
  conversion('int', intType, [
    ['int64_to_int64', intType],
    ['double_to_int64', doubleType],
    ['duration_to_int64', durationType],
    ['string_to_int64', stringType],
    ['timestamp_to_int64', timestampType],
    ['uint64_to_int64', uintType],
  ]),
  conversion('string', stringType, [
    ['string_to_string', stringType],
    ['bool_to_string', boolType],
    ['bytes_to_string', bytesType],
    ['double_to_string', doubleType],
    ['duration_to_string', durationType],
    ['int64_to_string', intType],
    ['timestamp_to_string', timestampType],
    ['uint64_to_string', uintType],
  ]),
  conversion('timestamp', timestampType, [
    ['timestamp_to_timestamp', timestampType],
    ['int64_to_timestamp', intType],
    ['string_to_timestamp', stringType],
  ]),
  conversion('uint', uintType, [
    ['uint64_to_uint64', uintType],
    ['double_to_uint64', doubleType],
    ['int64_to_uint64', intType],
    ['string_to_uint64', stringType],
  ]),
];

const stringTest = (name: string, id: string): FunctionDecl => functionDecl(name, memberOverload(id, [stringType, stringType], boolType));

const stringTests: readonly FunctionDecl[] = [
  stringTest('contains', 'contains_string'),
  stringTest('endsWith', 'ends_with_string'),
  stringTest('startsWith', 'starts_with_string'),
  functionDecl('matches', globalOverload('matches', [stringType, stringType], boolType), memberOverload('matches_string', [stringType, stringType], boolType)),
];

/**
 * A calendar accessor: `ts.getX()` in UTC, `ts.getX(zone)` in a time zone, and for the time of day
 * also `d.getX()` on a duration (the whole duration in that unit).
 */
function timeAccessor(name: string, ids: { utc: string; zone: string; duration?: string }): FunctionDecl {
  const overloads = [memberOverload(ids.utc, [timestampType], intType), memberOverload(ids.zone, [timestampType, stringType], intType)];
  if (ids.duration !== undefined) overloads.push(memberOverload(ids.duration, [durationType], intType));
  return functionDecl(name, ...overloads);
}

// cel-go's ids are irregular (`_seconds_tz`, `_day_of_month_1_based`): spelled out, not derived.
const timeAccessors: readonly FunctionDecl[] = [
  timeAccessor('getFullYear', { utc: 'timestamp_to_year', zone: 'timestamp_to_year_with_tz' }),
  timeAccessor('getMonth', { utc: 'timestamp_to_month', zone: 'timestamp_to_month_with_tz' }),
  timeAccessor('getDayOfYear', { utc: 'timestamp_to_day_of_year', zone: 'timestamp_to_day_of_year_with_tz' }),
  timeAccessor('getDayOfMonth', { utc: 'timestamp_to_day_of_month', zone: 'timestamp_to_day_of_month_with_tz' }),
  timeAccessor('getDate', { utc: 'timestamp_to_day_of_month_1_based', zone: 'timestamp_to_day_of_month_1_based_with_tz' }),
  timeAccessor('getDayOfWeek', { utc: 'timestamp_to_day_of_week', zone: 'timestamp_to_day_of_week_with_tz' }),
  timeAccessor('getHours', { utc: 'timestamp_to_hours', zone: 'timestamp_to_hours_with_tz', duration: 'duration_to_hours' }),
  timeAccessor('getMinutes', { utc: 'timestamp_to_minutes', zone: 'timestamp_to_minutes_with_tz', duration: 'duration_to_minutes' }),
  timeAccessor('getSeconds', { utc: 'timestamp_to_seconds', zone: 'timestamp_to_seconds_tz', duration: 'duration_to_seconds' }),
  timeAccessor('getMilliseconds', {
    utc: 'timestamp_to_milliseconds',
    zone: 'timestamp_to_milliseconds_with_tz',
    duration: 'duration_to_milliseconds',
  }),
];

/**
 * Every function of the standard library. The deprecated aliases cel-go keeps for evaluation only
 * (`_in_`, `in`, `__not_strictly_false__`) are not declared to its checker, so not here either.
 */
export const standardFunctionDecls: readonly FunctionDecl[] = [
  ...logicalOperators,
  ...equality,
  ...arithmetic,
  ...ordering,
  ...containers,
  ...conversions,
  ...stringTests,
  ...timeAccessors,
];
