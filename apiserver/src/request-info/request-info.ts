// Turns any API request (method + URL) into the RequestInfo kube-apiserver's RequestInfoFactory
// derives: resource or non-resource, kube verb, group/version, namespace, resource, name, subresource.

import { FieldSelectorError, parseFieldSelector } from '@capstan/common';

export interface RequestInfo {
  readonly isResourceRequest: boolean;
  /** The percent-decoded URL path, as Go's URL.Path. */
  readonly path: string;
  /** The kube verb (get, list, watch, create, ...) for resource requests; the lower-cased HTTP method otherwise. */
  readonly verb: string;
  /** "api" or "apis" without slashes; "" for non-resource requests. */
  readonly apiPrefix: string;
  readonly apiGroup: string;
  readonly apiVersion: string;
  readonly namespace: string;
  readonly resource: string;
  readonly subresource: string;
  readonly name: string;
  /**
   * The path segments starting at the resource: after the version, any /watch or /proxy
   * segment and any namespaces/<ns> prefix. For the namespace object itself they start at
   * "namespaces". Empty for non-resource requests.
   */
  readonly parts: readonly string[];
  /** The raw fieldSelector query value, only for list, watch and deletecollection (kube's AuthorizeWithSelectors). */
  readonly fieldSelector: string;
  /** The raw labelSelector query value, under the same conditions as fieldSelector. */
  readonly labelSelector: string;
}

/**
 * Thrown where kube's NewRequestInfo returns an error (a bare /watch or /proxy segment after the
 * version); kube-apiserver then answers 500 "failed to create RequestInfo". `partial` holds
 * what was known before the failure, as kube's returned RequestInfo does.
 */
export class RequestInfoError extends Error {
  readonly partial: RequestInfo;

  constructor(message: string, partial: RequestInfo) {
    super(message);
    this.name = 'RequestInfoError';
    this.partial = partial;
  }
}

const API_PREFIXES: ReadonlySet<string> = new Set(['api', 'apis']);
const GROUPLESS_API_PREFIXES: ReadonlySet<string> = new Set(['api']);
// Deprecated verb-in-path forms: /api/v1/watch/..., /api/v1/proxy/...
const SPECIAL_VERBS: ReadonlySet<string> = new Set(['proxy', 'watch']);
const SPECIAL_VERBS_WITHOUT_SUBRESOURCES: ReadonlySet<string> = new Set(['proxy']);
// Lets namespaces/<ns>/status be told apart from namespaces/<ns>/<namespaced resource>.
const NAMESPACE_SUBRESOURCES: ReadonlySet<string> = new Set(['status', 'finalize']);
const VERBS_WITH_SELECTORS: ReadonlySet<string> = new Set(['list', 'watch', 'deletecollection']);
const METHOD_VERBS: ReadonlyMap<string, string> = new Map([
  ['POST', 'create'],
  ['GET', 'get'],
  ['HEAD', 'get'],
  ['PUT', 'update'],
  ['PATCH', 'patch'],
  ['DELETE', 'delete'],
]);

type Query = ReadonlyMap<string, readonly string[]>;

interface Target {
  readonly path: string;
  readonly rawQuery: string;
}

/**
 * Parses a request. `url` is a URL or an origin-form request target ("/path?query", as Node's
 * IncomingMessage.url). Throws RequestInfoError only where kube's parser fails.
 */
export function parseRequestInfo(method: string, url: URL | string): RequestInfo {
  const target = splitTarget(url);
  const nonResource: RequestInfo = {
    isResourceRequest: false,
    path: target.path,
    verb: method.toLowerCase(),
    apiPrefix: '',
    apiGroup: '',
    apiVersion: '',
    namespace: '',
    resource: '',
    subresource: '',
    name: '',
    parts: [],
    fieldSelector: '',
    labelSelector: '',
  };

  let rest = splitPath(target.path);
  const apiPrefix = rest[0];
  if (rest.length < 3 || apiPrefix === undefined || !API_PREFIXES.has(apiPrefix)) return nonResource;
  rest = rest.slice(1);

  let apiGroup = '';
  if (!GROUPLESS_API_PREFIXES.has(apiPrefix)) {
    // /apis/<group>/<version> alone is discovery, not a resource.
    if (rest.length < 3) return nonResource;
    apiGroup = rest[0] ?? '';
    rest = rest.slice(1);
  }
  const apiVersion = rest[0] ?? '';
  rest = rest.slice(1);

  const query = parseQuery(target.rawQuery);
  let verb: string;
  const verbViaPath = SPECIAL_VERBS.has(rest[0] ?? '');
  if (verbViaPath) {
    if (rest.length < 2) {
      const partial: RequestInfo = { ...nonResource, isResourceRequest: true, apiPrefix, apiGroup, apiVersion };
      const shown = target.rawQuery === '' ? target.path : `${target.path}?${target.rawQuery}`;
      throw new RequestInfoError(`unable to determine kind and namespace from url, ${shown}`, partial);
    }
    verb = rest[0] ?? '';
    rest = rest.slice(1);
  } else {
    // Case-sensitive like Go's switch on req.Method; unknown methods get no verb.
    verb = METHOD_VERBS.get(method) ?? '';
  }

  let namespace = '';
  if (rest[0] === 'namespaces' && rest.length > 1) {
    namespace = rest[1] ?? '';
    const third = rest[2];
    if (third !== undefined && !NAMESPACE_SUBRESOURCES.has(third)) rest = rest.slice(2);
  }

  const parts = rest;
  const resource = parts[0] ?? '';
  let name = parts[1] ?? '';
  const subresource = SPECIAL_VERBS_WITHOUT_SUBRESOURCES.has(verb) ? '' : (parts[2] ?? '');

  if (name === '' && verb === 'get') {
    const options = decodeListOptions(query);
    verb = options.watch ? 'watch' : 'list';
    if (options.nameFromFieldSelector !== undefined && isValidPathSegmentName(options.nameFromFieldSelector)) {
      name = options.nameFromFieldSelector;
    }
  }
  if (name === '' && verb === 'delete') verb = 'deletecollection';

  // Selectors come straight from the query, even when decoding the list options failed.
  const selectorsApply = !verbViaPath && VERBS_WITH_SELECTORS.has(verb);
  return {
    isResourceRequest: true,
    path: target.path,
    verb,
    apiPrefix,
    apiGroup,
    apiVersion,
    namespace,
    resource,
    subresource,
    name,
    parts,
    fieldSelector: selectorsApply ? (query.get('fieldSelector')?.[0] ?? '') : '',
    labelSelector: selectorsApply ? (query.get('labelSelector')?.[0] ?? '') : '',
  };
}

/**
 * Whether the path names the namespace as the prefix of what it asks for
 * (.../namespaces/<ns>/<resource>...), rather than the namespace object itself
 * (.../namespaces/<ns>, /status, /finalize), which RequestInfo alone does not tell apart: kube's
 * mux serves a cluster-scoped resource only without such a prefix.
 */
export function namespaceInPath(info: RequestInfo): boolean {
  if (info.namespace === '') return false;
  const segments = splitPath(info.path);
  const before = segments.length - info.parts.length;
  return before >= 2 && segments[before - 2] === 'namespaces' && segments[before - 1] === info.namespace;
}

function splitTarget(url: URL | string): Target {
  if (typeof url !== 'string') return { path: decodePath(url.pathname), rawQuery: url.search.slice(1) };
  const question = url.indexOf('?');
  if (question < 0) return { path: decodePath(url), rawQuery: '' };
  return { path: decodePath(url.slice(0, question)), rawQuery: url.slice(question + 1) };
}

// Go's URL.Path is decoded, so an escaped slash (%2F) splits segments there too.
function decodePath(raw: string): string {
  return percentDecode(raw, false) ?? raw;
}

function splitPath(path: string): readonly string[] {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

/** Decodes %XX escapes (and '+' as space when asked); undefined on a malformed escape, as Go rejects it. */
function percentDecode(text: string, plusIsSpace: boolean): string | undefined {
  if (!text.includes('%') && !(plusIsSpace && text.includes('+'))) return text;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (ch === '+' && plusIsSpace) {
      bytes.push(0x20);
    } else {
      const code = text.codePointAt(i) ?? 0;
      const char = String.fromCodePoint(code);
      bytes.push(...encoder.encode(char));
      i += char.length - 1;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

// Matches Go's url.ParseQuery: pairs holding ';' or a malformed escape are dropped, not fatal.
function parseQuery(raw: string): Query {
  const values = new Map<string, string[]>();
  for (const pair of raw.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const equals = pair.indexOf('=');
    const key = percentDecode(equals < 0 ? pair : pair.slice(0, equals), true);
    const value = percentDecode(equals < 0 ? '' : pair.slice(equals + 1), true);
    if (key === undefined || value === undefined) continue;
    const list = values.get(key);
    if (list === undefined) values.set(key, [value]);
    else list.push(value);
  }
  return values;
}

interface ListOptionsView {
  readonly watch: boolean;
  readonly nameFromFieldSelector: string | undefined;
}

/**
 * The part of kube's ListOptions decoding that affects the request info. When any parameter
 * fails to decode, kube discards the options: no name from the field selector, and watch is
 * read again with its looser fallback rule.
 */
function decodeListOptions(query: Query): ListOptionsView {
  const fieldSelector = query.get('fieldSelector')?.[0];
  const exact = fieldSelector === undefined ? { ok: true as const, name: undefined } : exactNameMatch(fieldSelector);
  const integersOk = ['timeoutSeconds', 'limit'].every((key) => {
    const first = query.get(key)?.[0];
    return first === undefined || isGoInt64(first);
  });
  const watchValue = query.get('watch')?.[0];
  if (!exact.ok || !integersOk) {
    return { watch: watchValue !== undefined && !['false', '0'].includes(watchValue.toLowerCase()), nameFromFieldSelector: undefined };
  }
  return { watch: watchValue !== undefined && !isGoFalse(watchValue), nameFromFieldSelector: exact.name };
}

// Go's EqualFold(v, "false") also folds the long s (U+017F) to 's'.
function isGoFalse(value: string): boolean {
  return value === '0' || value.toLowerCase().replaceAll('\u017f', 's') === 'false';
}

// strconv.ParseInt(value, 10, 64)
function isGoInt64(value: string): boolean {
  if (!/^[+-]?[0-9]+$/.test(value)) return false;
  const n = BigInt(value);
  return n >= -(2n ** 63n) && n < 2n ** 63n;
}

type ExactMatch = { readonly ok: true; readonly name: string | undefined } | { readonly ok: false };

/**
 * Parses a field selector as kube's fields.ParseSelector does and returns the value of the
 * first metadata.name=/== term in sorted term order; ok is false when the selector is invalid.
 */
function exactNameMatch(selector: string): ExactMatch {
  try {
    const requirement = parseFieldSelector(selector).find(({ field, operator }) => field === 'metadata.name' && operator === '=');
    return { ok: true, name: requirement?.value };
  } catch (error) {
    if (error instanceof FieldSelectorError) return { ok: false };
    throw error;
  }
}

// apimachinery's path.IsValidPathSegmentName
function isValidPathSegmentName(name: string): boolean {
  return name !== '.' && name !== '..' && !name.includes('/') && !name.includes('%');
}
