// Go's net/url as Kubernetes 1.35 runs it (Go 1.25 with its security fixes): ParseRequestURI and
// Parse with their rules and error texts, percent-escaping, String, Hostname, Port and Query.
// Everything works on byte strings (see go-bytes.ts), as Go's strings are bytes.

import { parseAddr } from '../../net/netip-addr.ts';
import { fromBytes, quoteBytes } from './go-bytes.ts';

export interface GoUserinfo {
  readonly username: string;
  readonly password: string;
  readonly passwordSet: boolean;
}

/** The fields of Go's url.URL. */
export interface GoUrl {
  scheme: string;
  opaque: string;
  user: GoUserinfo | undefined;
  host: string;
  path: string;
  rawPath: string;
  omitHost: boolean;
  forceQuery: boolean;
  rawQuery: string;
  fragment: string;
  rawFragment: string;
}

/** A parse failure: Go's error text, without the `parse "<url>": ` that the callers add. */
export class UrlError {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

type Encoding = 'path' | 'pathSegment' | 'host' | 'zone' | 'userPassword' | 'queryComponent' | 'fragment';

const isAlphanumeric = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
const hostSubDelims = new Set('!$&\'()*+,;=:[]<>"');
const reserved = new Set('$&+,/:;=?@');

/** Whether a byte must be %-escaped in the given part of a URL (Go's shouldEscape, RFC 3986 with Go's exceptions). */
function shouldEscape(c: number, mode: Encoding): boolean {
  if (isAlphanumeric(c)) return false;
  const ch = String.fromCharCode(c);
  if ((mode === 'host' || mode === 'zone') && hostSubDelims.has(ch)) return false;
  if (ch === '-' || ch === '_' || ch === '.' || ch === '~') return false;
  if (reserved.has(ch)) {
    switch (mode) {
      case 'path':
        return ch === '?';
      case 'pathSegment':
        return ch === '/' || ch === ';' || ch === ',' || ch === '?';
      case 'userPassword':
        return ch === '@' || ch === '/' || ch === '?' || ch === ':';
      case 'queryComponent':
        return true;
      case 'fragment':
        return false;
    }
  }
  if (mode === 'fragment' && (ch === '!' || ch === '(' || ch === ')' || ch === '*')) return false;
  return true;
}

const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const hexDigits = '0123456789ABCDEF';

export function escape(s: string, mode: Encoding): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!shouldEscape(c, mode)) out += s[i];
    else if (c === 0x20 && mode === 'queryComponent') out += '+';
    else out += `%${hexDigits[c >> 4]}${hexDigits[c & 15]}`;
  }
  return out;
}

export function unescape(s: string, mode: Encoding): string | UrlError {
  let needed = false;
  for (let i = 0; i < s.length; ) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      needed = true;
      if (i + 2 >= s.length || !isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return escapeError(s.slice(i, i + 3));
      const escaped = s.slice(i, i + 3);
      // In a host, %-escapes may only stand for non-ASCII bytes (RFC 3986), except %25 (RFC 6874).
      if (mode === 'host' && parseInt(s[i + 1] ?? '', 16) < 8 && escaped !== '%25') return escapeError(escaped);
      if (mode === 'zone') {
        const value = parseInt(escaped.slice(1), 16);
        if (escaped !== '%25' && value !== 0x20 && shouldEscape(value, 'host')) return escapeError(escaped);
      }
      i += 3;
    } else {
      if (c === 0x2b) needed ||= mode === 'queryComponent';
      else if ((mode === 'host' || mode === 'zone') && c < 0x80 && shouldEscape(c, mode)) return new UrlError(`invalid character ${quoteBytes(s[i] ?? '')} in host name`);
      i++;
    }
  }
  if (!needed) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '%') {
      out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out += ch === '+' && mode === 'queryComponent' ? ' ' : ch;
  }
  return out;
}

const escapeError = (text: string): UrlError => new UrlError(`invalid URL escape ${quoteBytes(text)}`);

/** Go's url.ParseRequestURI: an absolute URI or an absolute path; a '#' is part of the path or query. */
export function parseRequestUri(raw: string): GoUrl | UrlError {
  const url = parse(raw, true);
  return url instanceof UrlError ? new UrlError(`parse ${quoteBytes(raw)}: ${url.message}`) : url;
}

/** Go's url.Parse: any URI reference, the fragment cut off first. */
export function parseUrl(raw: string): GoUrl | UrlError {
  const hash = raw.indexOf('#');
  const beforeFragment = hash < 0 ? raw : raw.slice(0, hash);
  const url = parse(beforeFragment, false);
  if (url instanceof UrlError) return new UrlError(`parse ${quoteBytes(beforeFragment)}: ${url.message}`);
  if (hash < 0 || hash === raw.length - 1) return url;
  const fragmentError = setFragment(url, raw.slice(hash + 1));
  return fragmentError === undefined ? url : new UrlError(`parse ${quoteBytes(raw)}: ${fragmentError.message}`);
}

function parse(raw: string, viaRequest: boolean): GoUrl | UrlError {
  if (/[\x00-\x1f\x7f]/.test(raw)) return new UrlError('net/url: invalid control character in URL');
  if (raw === '' && viaRequest) return new UrlError('empty url');
  const url: GoUrl = {
    scheme: '',
    opaque: '',
    user: undefined,
    host: '',
    path: '',
    rawPath: '',
    omitHost: false,
    forceQuery: false,
    rawQuery: '',
    fragment: '',
    rawFragment: '',
  };
  if (raw === '*') {
    url.path = '*';
    return url;
  }
  const schemeMatch = /^([a-zA-Z][a-zA-Z0-9+.-]*)?:/.exec(raw);
  if (schemeMatch !== null && schemeMatch[1] === undefined) return new UrlError('missing protocol scheme');
  url.scheme = schemeMatch === null ? '' : (schemeMatch[1] ?? '').toLowerCase();
  let rest = schemeMatch === null ? raw : raw.slice(schemeMatch[0].length);

  const question = rest.indexOf('?');
  if (question === rest.length - 1) {
    url.forceQuery = true;
    rest = rest.slice(0, -1);
  } else if (question >= 0) {
    url.rawQuery = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }

  if (!rest.startsWith('/')) {
    if (url.scheme !== '') {
      url.opaque = rest;
      return url;
    }
    if (viaRequest) return new UrlError('invalid URI for request');
    // RFC 3986 §3.3: a relative-path reference's first segment cannot hold a colon.
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) return new UrlError('first path segment in URL cannot contain colon');
  }

  if ((url.scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    const error = parseAuthority(url, authority);
    if (error !== undefined) return error;
  } else if (url.scheme !== '' && rest.startsWith('/')) {
    url.omitHost = true;
  }
  const pathError = setPath(url, rest);
  return pathError ?? url;
}

function parseAuthority(url: GoUrl, authority: string): UrlError | undefined {
  const at = authority.lastIndexOf('@');
  const host = parseHost(at < 0 ? authority : authority.slice(at + 1));
  if (host instanceof UrlError) return host;
  url.host = host;
  if (at < 0) return undefined;
  const userinfo = authority.slice(0, at);
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) return new UrlError('net/url: invalid userinfo');
  const colon = userinfo.indexOf(':');
  const username = unescape(colon < 0 ? userinfo : userinfo.slice(0, colon), 'userPassword');
  if (username instanceof UrlError) return username;
  if (colon < 0) {
    url.user = { username, password: '', passwordSet: false };
    return undefined;
  }
  const password = unescape(userinfo.slice(colon + 1), 'userPassword');
  if (password instanceof UrlError) return password;
  url.user = { username, password, passwordSet: true };
  return undefined;
}

const validOptionalPort = (port: string): boolean => port === '' || /^:[0-9]*$/.test(port);
const invalidPort = (colonPort: string): UrlError => new UrlError(`invalid port ${quoteBytes(colonPort)} after host`);

/** host[:port], where only an IPv6 address may stand in brackets, and only at the start. */
function parseHost(host: string): string | UrlError {
  const open = host.lastIndexOf('[');
  if (open > 0) return new UrlError('invalid IP-literal');
  if (open === 0) {
    const close = host.lastIndexOf(']');
    if (close < 0) return new UrlError("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) return invalidPort(colonPort);
    const inside = host.slice(1, close);
    // RFC 6874: %25 starts a zone, which may use %-escapes more freely than the address.
    const zone = inside.indexOf('%25');
    const address = unescape(zone < 0 ? inside : inside.slice(0, zone), 'host');
    if (address instanceof UrlError) return address;
    const zonePart = zone < 0 ? '' : unescape(inside.slice(zone), 'zone');
    if (zonePart instanceof UrlError) return zonePart;
    const parsed = parseAddr(fromBytes(address + zonePart));
    if ('error' in parsed) return new UrlError(`invalid host: ${parsed.error}`);
    if (parsed.addr.bytes.length === 4) return new UrlError('invalid IP-literal');
    return `[${address}${zonePart}]${colonPort}`;
  }
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && !validOptionalPort(host.slice(colon))) return invalidPort(host.slice(colon));
  return unescape(host, 'host');
}

/**
 * The unescaped value of a path or fragment, and its original escaping when that is not the one
 * Go would write (RawPath, RawFragment), so that the original can be written back.
 */
function unescapeKeepingRaw(escaped: string, mode: 'path' | 'fragment'): [value: string, raw: string] | UrlError {
  const value = unescape(escaped, mode);
  if (value instanceof UrlError) return value;
  return [value, escape(value, mode) === escaped ? '' : escaped];
}

function setPath(url: GoUrl, escaped: string): UrlError | undefined {
  const path = unescapeKeepingRaw(escaped, 'path');
  if (path instanceof UrlError) return path;
  [url.path, url.rawPath] = path;
  return undefined;
}

function setFragment(url: GoUrl, escaped: string): UrlError | undefined {
  const fragment = unescapeKeepingRaw(escaped, 'fragment');
  if (fragment instanceof UrlError) return fragment;
  [url.fragment, url.rawFragment] = fragment;
  return undefined;
}

/** Whether s needs no escaping beyond its %-escapes to stand in the given part. */
function validEncoded(s: string, mode: Encoding): boolean {
  for (let i = 0; i < s.length; i++) {
    if ("!$&'()*+,;=:@[]%".includes(s[i] ?? '')) continue;
    if (shouldEscape(s.charCodeAt(i), mode)) return false;
  }
  return true;
}

/** The original escaping of a value, when it is a valid one (the RawPath and RawFragment rule). */
function keptEscaping(value: string, raw: string, mode: 'path' | 'fragment'): string | undefined {
  return raw !== '' && validEncoded(raw, mode) && unescape(raw, mode) === value ? raw : undefined;
}

/** The path as it appears in the URL (Go's EscapedPath). */
export function escapedPath(url: GoUrl): string {
  return keptEscaping(url.path, url.rawPath, 'path') ?? (url.path === '*' ? '*' : escape(url.path, 'path'));
}

/** Go's URL.String. */
export function urlString(url: GoUrl): string {
  let out = url.scheme === '' ? '' : `${url.scheme}:`;
  if (url.opaque !== '') out += url.opaque;
  else {
    if ((url.scheme !== '' || url.host !== '' || url.user !== undefined) && !(url.omitHost && url.host === '' && url.user === undefined)) {
      if (url.host !== '' || url.path !== '' || url.user !== undefined) out += '//';
      if (url.user !== undefined) {
        out += escape(url.user.username, 'userPassword');
        if (url.user.passwordSet) out += `:${escape(url.user.password, 'userPassword')}`;
        out += '@';
      }
      out += escape(url.host, 'host');
    }
    const path = escapedPath(url);
    if (path !== '' && path[0] !== '/' && url.host !== '') out += '/';
    // RFC 3986 §4.2: a first segment with a colon would read as a scheme.
    if (out === '' && (path.includes('/') ? path.slice(0, path.indexOf('/')) : path).includes(':')) out += './';
    out += path;
  }
  if (url.forceQuery || url.rawQuery !== '') out += `?${url.rawQuery}`;
  if (url.fragment !== '') out += `#${keptEscaping(url.fragment, url.rawFragment, 'fragment') ?? escape(url.fragment, 'fragment')}`;
  return out;
}

/** The host and port of host[:port]; a port that is not numeric stays part of the host. */
function splitHostPort(hostPort: string): [host: string, port: string] {
  let host = hostPort;
  let port = '';
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && validOptionalPort(host.slice(colon))) {
    port = host.slice(colon + 1);
    host = host.slice(0, colon);
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return [host, port];
}

export const hostname = (url: GoUrl): string => splitHostPort(url.host)[0];
export const port = (url: GoUrl): string => splitHostPort(url.host)[1];

/** Go 1.25's default cap on query parameters (GODEBUG urlmaxqueryparams): past it, Query is empty. */
const maxQueryParameters = 10000;

/** Go's URL.Query: key=value pairs split at '&', unescaped; malformed pairs dropped. */
export function query(url: GoUrl): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const pairs = url.rawQuery === '' ? [] : url.rawQuery.split('&');
  if (pairs.length > maxQueryParameters) return values;
  for (const pair of pairs) {
    if (pair === '' || pair.includes(';')) continue;
    const equals = pair.indexOf('=');
    const key = unescape(equals < 0 ? pair : pair.slice(0, equals), 'queryComponent');
    const value = unescape(equals < 0 ? '' : pair.slice(equals + 1), 'queryComponent');
    if (key instanceof UrlError || value instanceof UrlError) continue;
    const list = values.get(key);
    if (list === undefined) values.set(key, [value]);
    else list.push(value);
  }
  return values;
}
