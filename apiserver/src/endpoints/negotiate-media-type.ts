// Content negotiation: which media type answers a request, and which conversion (as=Table,
// as=PartialObjectMetadata[List]) it asks for, read from the Accept header the way kube-apiserver
// reads it (k8s.io/apiserver/pkg/endpoints/handlers/negotiation with the goautoneg parser).

import type { IncomingMessage } from 'node:http';
import { newNotAcceptable, type StatusError } from '@capstan/common';

/** One clause of an Accept header. */
export interface AcceptClause {
  readonly type: string;
  readonly subType: string;
  readonly q: number;
  readonly params: ReadonlyMap<string, string>;
}

/** A media type the API encodes answers in. CBOR joins `servedMediaTypes` with its feature gate. */
export interface ServedMediaType {
  readonly id: 'json' | 'yaml' | 'protobuf' | 'cbor';
  readonly mediaType: string;
  readonly type: string;
  readonly subType: string;
  /** The Content-Type of a watch streamed in it; undefined when it cannot stream (kube: no StreamSerializer). */
  readonly watchContentType: string | undefined;
  /** Whether ?pretty=true, `pretty=1` or a curl/wget/browser User-Agent indents it. */
  readonly prettyPrints: boolean;
  /** Whether as=Table may be served in it (kube allows JSON and YAML only). */
  readonly servesTables: boolean;
  /** Whether as=PartialObjectMetadata[List] may be served in it (not yet in Protobuf: no message declared). */
  readonly servesPartialObjectMetadata: boolean;
}

export const jsonMediaType: ServedMediaType = {
  id: 'json',
  mediaType: 'application/json',
  type: 'application',
  subType: 'json',
  watchContentType: 'application/json',
  prettyPrints: true,
  servesTables: true,
  servesPartialObjectMetadata: true,
};

export const yamlMediaType: ServedMediaType = {
  id: 'yaml',
  mediaType: 'application/yaml',
  type: 'application',
  subType: 'yaml',
  watchContentType: undefined,
  prettyPrints: false,
  servesTables: true,
  servesPartialObjectMetadata: true,
};

export const protobufMediaType: ServedMediaType = {
  id: 'protobuf',
  mediaType: 'application/vnd.kubernetes.protobuf',
  type: 'application',
  subType: 'vnd.kubernetes.protobuf',
  watchContentType: 'application/vnd.kubernetes.protobuf;stream=watch',
  prettyPrints: false,
  servesTables: false,
  servesPartialObjectMetadata: false,
};

const served: ServedMediaType[] = [jsonMediaType, yamlMediaType, protobufMediaType];

/** In kube-apiserver's order: a request without an Accept header, or with a wildcard, gets the first. */
export const servedMediaTypes: readonly ServedMediaType[] = served;

/** Serves one more media type (CBOR, behind its feature gate), after the others. */
export function addServedMediaType(mediaType: ServedMediaType): void {
  if (!served.includes(mediaType)) served.push(mediaType);
}

export type ConversionKind = 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList';

/** A conversion into a meta.k8s.io kind, asked for with as=<kind>;g=meta.k8s.io;v=<version>. */
export interface Conversion {
  readonly kind: ConversionKind;
  readonly version: 'v1' | 'v1beta1';
}

export interface NegotiatedMediaType {
  readonly mediaType: ServedMediaType;
  readonly conversion: Conversion | undefined;
  /** `pretty=1` among the media type's parameters. */
  readonly prettyParameter: boolean;
}

/** The answer of a request: its media type, conversion and whether to indent. */
export interface NegotiatedOutput {
  readonly mediaType: ServedMediaType;
  readonly conversion: Conversion | undefined;
  readonly pretty: boolean;
}

/**
 * What the endpoint serves beyond plain media types (kube's EndpointRestrictions): resource
 * endpoints convert to Tables and PartialObjectMetadata and know the server version v1; errors
 * and the other endpoints do neither. A custom resource's objects have no Protobuf message: kube's
 * CRD handler leaves Protobuf out of the media types it answers them in (its StandardSerializers),
 * so a client asking for Protobuf or JSON gets JSON, and one asking for Protobuf alone a 406.
 */
export type EndpointRestrictions = 'resource' | 'resource-without-tables' | 'custom-resource' | 'plain';

/** The clauses of an Accept header, most preferred first. */
export function parseAccept(header: string): AcceptClause[] {
  const clauses: AcceptClause[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...parameters] = trimSpaces(part).split(';');
    const slashed = range.split('/');
    const type = trimSpaces(slashed[0] ?? '');
    let subType: string;
    if (slashed.length === 1 && type === '*') subType = '*';
    else if (slashed.length === 2) subType = trimSpaces(slashed[1] ?? '');
    else continue;
    let q = 1;
    const params = new Map<string, string>();
    for (const parameter of parameters) {
      const equals = parameter.indexOf('=');
      if (equals < 0) continue;
      const token = trimSpaces(parameter.slice(0, equals));
      const value = parameter.slice(equals + 1);
      if (token === 'q') q = parseQuality(value);
      else params.set(token, trimSpaces(value));
    }
    clauses.push({ type, subType, q, params });
  }
  // goautoneg orders clauses with an insertion sort (Go's sort for short slices) on a relation
  // that also lifts a specific type over a wildcard of higher q; following it gives kube's choice.
  for (let i = 1; i < clauses.length; i++) {
    for (let j = i; j > 0 && precedes(clauses[j] as AcceptClause, clauses[j - 1] as AcceptClause); j--) {
      [clauses[j - 1], clauses[j]] = [clauses[j] as AcceptClause, clauses[j - 1] as AcceptClause];
    }
  }
  return clauses;
}

function precedes(a: AcceptClause, b: AcceptClause): boolean {
  return a.q > b.q || (a.type !== '*' && b.type === '*') || (a.subType !== '*' && b.subType === '*');
}

/** Go's strconv.ParseFloat at 32 bits, untrimmed; what it cannot read counts as 0. */
function parseQuality(text: string): number {
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) ? Math.fround(Number(text)) : 0;
}

const trimSpaces = (text: string): string => text.replace(/^ +| +$/g, '');

const plainJson: NegotiatedMediaType = { mediaType: jsonMediaType, conversion: undefined, prettyParameter: false };

/**
 * The first clause of the Accept header, in order of preference, that a served media type fits
 * and whose parameters the endpoint allows; undefined when none does. No header means JSON.
 */
export function negotiateMediaType(accept: string | undefined, endpoint: EndpointRestrictions): NegotiatedMediaType | undefined {
  if (accept === undefined || accept === '' || accept === 'application/json') return plainJson;
  for (const clause of parseAccept(accept)) {
    for (const served of servedMediaTypes) {
      const fits = (clause.type === served.type && (clause.subType === served.subType || clause.subType === '*')) || (clause.type === '*' && clause.subType === '*');
      if (!fits) continue;
      const negotiated = acceptParameters(clause.params, served, endpoint);
      if (negotiated !== undefined) return negotiated;
    }
  }
  return undefined;
}

/** The options a clause's parameters ask of a media type, or undefined when the endpoint cannot honour them. */
function acceptParameters(params: ReadonlyMap<string, string>, served: ServedMediaType, endpoint: EndpointRestrictions): NegotiatedMediaType | undefined {
  const stream = params.get('stream');
  if (stream !== undefined && stream !== '' && (served.watchContentType === undefined || stream !== 'watch')) return undefined;
  const serverVersion = params.get('sv');
  if (serverVersion !== undefined && serverVersion !== '' && (endpoint === 'plain' || serverVersion !== 'v1')) return undefined;
  const prettyParameter = params.get('pretty') === '1';
  const kind = params.get('as');
  const group = params.get('g');
  const version = params.get('v');
  if (kind === undefined && group === undefined && version === undefined) {
    return endpoint === 'custom-resource' && served.id === 'protobuf' ? undefined : { mediaType: served, conversion: undefined, prettyParameter };
  }
  if (endpoint === 'plain' || group !== 'meta.k8s.io' || (version !== 'v1' && version !== 'v1beta1')) return undefined;
  if (
    (kind === 'Table' && served.servesTables && (endpoint === 'resource' || endpoint === 'custom-resource')) ||
    ((kind === 'PartialObjectMetadata' || kind === 'PartialObjectMetadataList') && served.servesPartialObjectMetadata)
  ) {
    return { mediaType: served, conversion: { kind, version }, prettyParameter };
  }
  return undefined;
}

/** The 406 of an Accept header no served media type fits: it lists them all. */
export function notAcceptable(): StatusError {
  return newNotAcceptable(servedMediaTypes.map((m) => m.mediaType));
}

/** The 406 of a watch whose negotiated media type cannot stream: it lists the ones that can. */
export function watchNotAcceptable(): StatusError {
  return newNotAcceptable(servedMediaTypes.filter((m) => m.watchContentType !== undefined).map((m) => `${m.mediaType};stream=watch`));
}

/**
 * Requests to endpoints whose storage has no table convertor in kube (the reviews, bindings):
 * as=Table is not served there, so the Accept header's next choice answers, or a 406.
 */
const withoutTables = new WeakSet<IncomingMessage>();

export function servesNoTables(request: IncomingMessage): void {
  withoutTables.add(request);
}

/** Requests for a custom resource's objects (its main resource and /status, not /scale, whose Scale kube encodes in Protobuf). */
const customObjects = new WeakSet<IncomingMessage>();

export function servesCustomObjects(request: IncomingMessage): void {
  customObjects.add(request);
}

/** Whether a request's objects are a custom resource's: a Protobuf body is refused too (read-body.ts). */
export const servesCustomObjectsTo = (request: IncomingMessage): boolean => customObjects.has(request);

function restrictionsOf(request: IncomingMessage): EndpointRestrictions {
  if (withoutTables.has(request)) return 'resource-without-tables';
  return customObjects.has(request) ? 'custom-resource' : 'resource';
}

/** The answer of a resource request; a 406 when its Accept header allows none. */
export function negotiateOutput(request: IncomingMessage): NegotiatedOutput {
  const negotiated = negotiateMediaType(request.headers.accept, restrictionsOf(request));
  if (negotiated === undefined) throw notAcceptable();
  return outputOf(negotiated, request);
}

/** The answer of an error (kube's ErrorNegotiated: no conversions); undefined when no media type fits. */
export function negotiateErrorOutput(request: IncomingMessage): NegotiatedOutput | undefined {
  const negotiated = negotiateMediaType(request.headers.accept, 'plain');
  return negotiated === undefined ? undefined : outputOf(negotiated, request);
}

function outputOf(negotiated: NegotiatedMediaType, request: IncomingMessage): NegotiatedOutput {
  const { mediaType, conversion, prettyParameter } = negotiated;
  return { mediaType, conversion, pretty: mediaType.prettyPrints && (prettyParameter || isPrettyPrint(request)) };
}

/**
 * kube-apiserver indents for ?pretty=<true> (Go's ParseBool; a present but unreadable value means
 * no), and otherwise for the User-Agents of people: curl, Wget and browsers.
 */
export function isPrettyPrint(request: Pick<IncomingMessage, 'url' | 'headers'>): boolean {
  const url = request.url ?? '';
  const queryStart = url.indexOf('?');
  if (queryStart >= 0 && url.includes('pretty', queryStart)) {
    const value = new URLSearchParams(url.slice(queryStart + 1)).get('pretty');
    if (value !== null && value !== '') return ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value);
  }
  const userAgent = request.headers['user-agent'] ?? '';
  return userAgent.startsWith('curl') || userAgent.startsWith('Wget') || userAgent.startsWith('Mozilla/5.0');
}
