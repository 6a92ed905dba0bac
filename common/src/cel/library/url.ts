// Kubernetes' URL library for CEL: isURL(string), url(string) and the accessors of a URL value
// (getScheme, getHost, getHostname, getPort, getEscapedPath, getQuery). A string is a URL when Go's
// url.ParseRequestURI accepts it (an absolute URI or an absolute path); the value is then what
// url.Parse makes of it, so a fragment is kept apart from the path and query.

import { noSuchOverload, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelError, CelType, type CelLibraryValue, type CelValue } from '../values/values.ts';
import { nominalCost, stringTraversalCostFactor, traversalCost } from './call-cost.ts';
import { fromBytes, toBytes } from './go-bytes.ts';
import { escapedPath, hostname, parseRequestUri, parseUrl, port, query, UrlError, urlString, type GoUrl } from './go-net-url.ts';

export const urlType = new CelType('kubernetes.URL');

export class CelUrl implements CelLibraryValue {
  readonly celType = urlType;
  /** Go's URL fields, as byte strings. */
  readonly parts: Readonly<GoUrl>;
  #text: string | undefined;
  constructor(parts: Readonly<GoUrl>) {
    this.parts = parts;
  }
  /** Go's URL.String(), which is also what two URLs are compared by. */
  toString(): string {
    this.#text ??= fromBytes(urlString(this.parts));
    return this.#text;
  }
  equals(other: unknown): boolean {
    return other instanceof CelUrl && this.toString() === other.toString();
  }
}

/** The URL a string denotes, or Kubernetes' conversion error. */
export function parseCelUrl(text: string): CelUrl | CelError {
  const bytes = toBytes(text);
  const checked = parseRequestUri(bytes);
  const parsed = checked instanceof UrlError ? checked : parseUrl(bytes);
  if (parsed instanceof UrlError) return new CelError(`URL parse error during conversion from string: ${parsed.message}`);
  return new CelUrl(parsed);
}

function url(args: readonly CelValue[]): CelValue {
  const [text] = args;
  return typeof text === 'string' && args.length === 1 ? parseCelUrl(text) : noSuchOverload('url');
}

function isUrl(args: readonly CelValue[]): CelValue {
  const [text] = args;
  return typeof text === 'string' && args.length === 1 ? !(parseRequestUri(toBytes(text)) instanceof UrlError) : noSuchOverload('isURL');
}

const accessor =
  (name: string, read: (url: Readonly<GoUrl>) => CelValue) =>
  (args: readonly CelValue[]): CelValue => {
    const [target] = args;
    return target instanceof CelUrl && args.length === 1 ? read(target.parts) : noSuchOverload(name);
  };

/** The query as a map from each key to its values, in the order they appear. */
function queryMap(parts: Readonly<GoUrl>): CelValue {
  const map: Record<string, string[]> = Object.create(null);
  for (const [key, values] of query(parts)) {
    const decoded = fromBytes(key);
    (map[decoded] ??= []).push(...values.map(fromBytes));
  }
  return map;
}

export const urlFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['url', { global: url }],
  ['isURL', { global: isUrl }],
  ['getScheme', { member: accessor('getScheme', (parts) => fromBytes(parts.scheme)) }],
  ['getHost', { member: accessor('getHost', (parts) => fromBytes(parts.host)) }],
  ['getHostname', { member: accessor('getHostname', (parts) => fromBytes(hostname(parts))) }],
  ['getPort', { member: accessor('getPort', (parts) => fromBytes(port(parts))) }],
  ['getEscapedPath', { member: accessor('getEscapedPath', (parts) => fromBytes(escapedPath(parts))) }],
  ['getQuery', { member: accessor('getQuery', queryMap) }],
]);

/**
 * Each call's cost as Kubernetes accounts it: url() traverses its string (size x 0.1, rounded up,
 * size in code points, the same factor for the static estimate); isURL and the accessors have
 * cel-go's default cost of 1.
 */
export const urlCosts = {
  url: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  isURL: { kind: 'nominal', actual: nominalCost },
  getScheme: { kind: 'nominal', actual: nominalCost },
  getHost: { kind: 'nominal', actual: nominalCost },
  getHostname: { kind: 'nominal', actual: nominalCost },
  getPort: { kind: 'nominal', actual: nominalCost },
  getEscapedPath: { kind: 'nominal', actual: nominalCost },
  getQuery: { kind: 'nominal', actual: nominalCost },
} as const;
