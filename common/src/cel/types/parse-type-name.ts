// A CEL type written as cel-go prints one (`int`, `list(string)`, `map(string, list(int))`,
// `optional_type(int)`, `google.protobuf.Timestamp` or `timestamp`, `net.IP`, `kubernetes.Quantity`),
// for declaring variables on the command line.

import {
  anyType,
  boolType,
  bytesType,
  cidrType,
  doubleType,
  durationType,
  dynType,
  intType,
  ipType,
  listOf,
  mapOf,
  nullType,
  optionalOf,
  quantityType,
  semverType,
  stringType,
  timestampType,
  typeOfType,
  uintType,
  urlType,
  type CelType,
} from './cel-types.ts';

const named: ReadonlyMap<string, CelType> = new Map<string, CelType>([
  ['int', intType],
  ['uint', uintType],
  ['double', doubleType],
  ['bool', boolType],
  ['string', stringType],
  ['bytes', bytesType],
  ['null', nullType],
  ['null_type', nullType],
  ['timestamp', timestampType],
  ['google.protobuf.Timestamp', timestampType],
  ['duration', durationType],
  ['google.protobuf.Duration', durationType],
  ['dyn', dynType],
  ['any', anyType],
  ['google.protobuf.Any', anyType],
  ['type', typeOfType()],
  ['net.IP', ipType],
  ['net.CIDR', cidrType],
  ['kubernetes.Quantity', quantityType],
  ['kubernetes.URL', urlType],
  ['kubernetes.Semver', semverType],
]);

const parameterized: Readonly<Record<string, { arity: number; make: (params: CelType[]) => CelType }>> = {
  list: { arity: 1, make: ([elem]) => listOf(elem!) },
  map: { arity: 2, make: ([key, value]) => mapOf(key!, value!) },
  optional_type: { arity: 1, make: ([value]) => optionalOf(value!) },
  type: { arity: 1, make: ([type]) => typeOfType(type!) },
};

/** The type, or an error message naming what could not be read. */
export function parseTypeName(text: string): CelType | { readonly error: string } {
  let at = 0;
  const fail = (message: string): never => {
    throw new TypeNameError(`${message} at position ${at} of type '${text}'`);
  };
  const skipSpaces = (): void => {
    while (text[at] === ' ') at++;
  };
  const parse = (): CelType => {
    skipSpaces();
    const name = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(at))?.[0];
    if (name === undefined) return fail('expected a type name');
    at += name.length;
    skipSpaces();
    if (text[at] !== '(') return named.get(name) ?? fail(`unknown type '${name}'`);
    const shape = parameterized[name] ?? fail(`type '${name}' takes no parameters`);
    at++;
    const params: CelType[] = [parse()];
    skipSpaces();
    while (text[at] === ',') {
      at++;
      params.push(parse());
      skipSpaces();
    }
    if (text[at] !== ')') fail("expected ')'");
    at++;
    if (params.length !== shape.arity) fail(`type '${name}' takes ${shape.arity} parameter${shape.arity === 1 ? '' : 's'}`);
    return shape.make(params);
  };
  try {
    const type = parse();
    skipSpaces();
    if (at < text.length) fail('unexpected text');
    return type;
  } catch (error) {
    if (error instanceof TypeNameError) return { error: error.message };
    throw error;
  }
}

class TypeNameError extends Error {}
