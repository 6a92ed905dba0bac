// The cel-spec tests' type declarations (cel.expr.Type in JSON form) as Capstan's CEL types, for
// checking the conformance expressions; undefined for protobuf message and wrapper types, which
// Kubernetes rules never see. Test-only.

import {
  boolType,
  bytesType,
  doubleType,
  dynType,
  durationType,
  anyType,
  intType,
  listOf,
  mapOf,
  nullType,
  opaqueType,
  optionalOf,
  stringType,
  timestampType,
  typeOfType,
  typeParam,
  uintType,
  type CelType,
} from '../../src/cel/types/cel-types.ts';

type Json = Readonly<Record<string, unknown>>;

const primitives: Readonly<Record<string, CelType>> = { INT64: intType, UINT64: uintType, DOUBLE: doubleType, BOOL: boolType, STRING: stringType, BYTES: bytesType };
const wellKnown: Readonly<Record<string, CelType>> = { TIMESTAMP: timestampType, DURATION: durationType, ANY: anyType };

export function fromSpecType(type: Json): CelType | undefined {
  if ('primitive' in type) return primitives[type['primitive'] as string];
  if ('wellKnown' in type) return wellKnown[type['wellKnown'] as string];
  if ('dyn' in type) return dynType;
  if ('null' in type) return nullType;
  if ('typeParam' in type) return typeParam(type['typeParam'] as string);
  if ('listType' in type) {
    const elem = fromSpecType(((type['listType'] as Json)['elemType'] ?? { dyn: {} }) as Json);
    return elem && listOf(elem);
  }
  if ('mapType' in type) {
    const map = type['mapType'] as Json;
    const key = fromSpecType(map['keyType'] as Json);
    const value = fromSpecType(map['valueType'] as Json);
    return key && value && mapOf(key, value);
  }
  if ('type' in type) {
    const inner = type['type'] as Json;
    if (Object.keys(inner).length === 0) return typeOfType();
    const param = fromSpecType(inner);
    return param && typeOfType(param);
  }
  if ('abstractType' in type) {
    const abstract = type['abstractType'] as Json;
    const params = ((abstract['parameterTypes'] ?? []) as Json[]).map(fromSpecType);
    if (params.some((param) => param === undefined)) return undefined;
    if (abstract['name'] === 'optional_type' && params.length === 1) return optionalOf(params[0]!);
    return opaqueType(abstract['name'] as string, ...(params as CelType[]));
  }
  return undefined;
}

/** The variables a test declares, or undefined when it declares functions or types Capstan cannot have. */
export function declaredVariables(typeEnv: readonly unknown[]): Map<string, CelType> | undefined {
  const variables = new Map<string, CelType>();
  for (const decl of typeEnv as Json[]) {
    const ident = decl['ident'] as Json | undefined;
    if (ident === undefined) return undefined;
    const type = fromSpecType(ident['type'] as Json);
    if (type === undefined) return undefined;
    variables.set(decl['name'] as string, type);
  }
  return variables;
}
