// Reads and decodes a request body in the media type its Content-Type names (JSON, or YAML as
// sigs.k8s.io/yaml reads it), with kube-apiserver's order of errors: 406 when no answer could be
// encoded for the client, 415 for a media type no decoder reads, 413 past 3 MiB, 400 for a body
// that is not an object or nests deeper than kube's decoders read (10,000).

import { auditOf } from '../audit/request-audit.ts';
import type { IncomingMessage } from 'node:http';
import { duplicateFieldPaths, JsonNestingDepthError, newBadRequest, newRequestEntityTooLarge, newUnsupportedMediaType, parseJson, errorMessage } from '@capstan/common';
import type { Tags } from 'yaml';
import { yamlModule } from './yaml-module.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { isObject } from '../registry/defaulting/json-fields.ts';
import { negotiateOutput, servesCustomObjectsTo } from './negotiate-media-type.ts';
import { cborCodec, servesCbor } from './cbor-codec.ts';
import { loadProtobufCodec } from './protobuf-codec.ts';
import { readableYamlNestingDepth, yamlNestingDepthError } from './yaml-nesting-depth.ts';
import { yamlSurrogateEscapeError } from './yaml-surrogate-escapes.ts';

export const maxRequestBodyBytes = 3 * 1024 * 1024;

type BodyDecoder = (body: Buffer) => unknown;

/** The request media types, as kube-apiserver lists them in its 415. */
const decoders: ReadonlyMap<string, BodyDecoder> = new Map<string, BodyDecoder>([
  ['application/json', (body) => decodeJson(body.toString('utf8'))],
  ['application/yaml', (body) => decodeYaml(body.toString('utf8'))],
  ['application/vnd.kubernetes.protobuf', (body) => decodeProtobuf(body)],
]);
const decodersWithCbor: ReadonlyMap<string, BodyDecoder> = new Map([...decoders, ['application/cbor', (body: Buffer) => decodeCbor(body)]]);

/** The decoders of this server: CBOR's joins behind its feature gate. */
const decodersServed = (): ReadonlyMap<string, BodyDecoder> => (servesCbor() ? decodersWithCbor : decoders);

/**
 * The body of a write. With the kind the body is decoded as (create, update), a body nested too
 * deeply is refused in kube's words for a body it could not recognize.
 */
export async function readJsonBody(request: IncomingMessage, kind?: string): Promise<JsonObject> {
  // kube's write handlers negotiate the answer before they look at the body.
  negotiateOutput(request);
  const mediaType = bodyMediaTypeOf(request);
  return decodeBody(mediaType, await readBodyBytes(request), kind);
}

/**
 * The options of a request (DeleteOptions) in its body: kube decodes them with the meta types,
 * in Protobuf too, whatever the resource.
 */
export async function readOptionsBody(request: IncomingMessage): Promise<JsonObject> {
  negotiateOutput(request);
  return decodeBody(servedMediaTypeOf(request), await readBodyBytes(request));
}

/**
 * The media type of a request's body: kube's 415 when no decoder of this server reads it. A
 * custom object has no Protobuf message: kube's CRD handler lists Protobuf among its media types
 * but fails on such a body (the connection is reset); Capstan answers the 415 of a type it does
 * not read, in the same words.
 */
export function bodyMediaTypeOf(request: IncomingMessage): string {
  const mediaType = servedMediaTypeOf(request);
  if (mediaType === 'application/vnd.kubernetes.protobuf' && servesCustomObjectsTo(request)) throw newUnsupportedMediaType([...decodersServed().keys()]);
  return mediaType;
}

function servedMediaTypeOf(request: IncomingMessage): string {
  const served = decodersServed();
  const mediaType = mediaTypeOf(request.headers['content-type']) ?? '';
  if (!served.has(mediaType)) throw newUnsupportedMediaType([...served.keys()]);
  return mediaType;
}

/** Whether bodies of a media type decode without this server's state (CBOR needs its feature gate's codec): a worker thread may decode them. */
export const decodesAnywhere = (mediaType: string): boolean => decoders.has(mediaType);

/** The object a body of a media type bodyMediaTypeOf accepted holds (see readJsonBody). */
export async function decodeBody(mediaType: string, bytes: Buffer, kind?: string): Promise<JsonObject> {
  const decode = decodersWithCbor.get(mediaType);
  if (decode === undefined) throw newUnsupportedMediaType([...decodersServed().keys()]);
  let body: unknown;
  try {
    body = await decode(bytes);
  } catch (error) {
    if (!(error instanceof NestedTooDeeply)) throw error;
    if (kind === undefined) throw newBadRequest(error.message);
    throw newBadRequest(`the object provided is unrecognized (must be of type ${kind}): ${error.goMessage} (${summarizeBody(bytes)})`);
  }
  if (!isObject(body)) throw newBadRequest('the body of the request must be a JSON object');
  return body;
}

/** The raw body, 413 past 3 MiB. */
export async function readBodyBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    // A request without an encoding set (none here does set one) yields Buffers.
    if (!Buffer.isBuffer(chunk)) throw new TypeError('the request body was read as text, not bytes');
    size += chunk.length;
    if (size > maxRequestBodyBytes) throw newRequestEntityTooLarge(`limit is ${maxRequestBodyBytes}`);
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  auditOf(request)?.recordRequestBody(body, mediaTypeOf(request.headers['content-type']) ?? '');
  return body;
}

/**
 * The media type of a Content-Type, lower-cased and without parameters, as Go's
 * mime.ParseMediaType reads it; undefined when it cannot be read. No header means JSON.
 */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined || contentType === '') return 'application/json';
  const [base = '', ...parameters] = contentType.split(';');
  const mediaType = base.trim().toLowerCase();
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(mediaType)) return undefined;
  for (const [index, parameter] of parameters.entries()) {
    // Go forgives one trailing semicolon, nothing else that is not name=value.
    if (parameter.trim() === '' && index === parameters.length - 1) break;
    if (!/^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*=\s*(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+|"(?:[^"\\]|\\.)*")\s*$/.test(parameter)) return undefined;
  }
  return mediaType;
}

/**
 * Protobuf (what client-go's typed clients send, kubectl's create generators among them): the
 * codec and every type declaration load with the first such body, not at start.
 */
async function decodeProtobuf(body: Buffer): Promise<unknown> {
  const { decodeProtobufObject } = await loadProtobufCodec();
  try {
    return decodeProtobufObject(body);
  } catch (error) {
    throw newBadRequest(`the body of the request could not be decoded as Protobuf: ${errorMessage(error)}`);
  }
}

function decodeCbor(body: Buffer): unknown {
  try {
    return cborCodec().decodeCborObject(body);
  } catch (error) {
    throw newBadRequest(`the body of the request could not be decoded as CBOR: ${errorMessage(error)}`);
  }
}

/** A body refused for its nesting, with what Go's decoder would have said of it. */
class NestedTooDeeply extends Error {
  readonly goMessage: string;
  constructor(message: string, goMessage: string) {
    super(message);
    this.goMessage = goMessage;
  }
}

/** The start of a body as kube's decode errors quote it: text when it opens an object, hexadecimal otherwise. */
function summarizeBody(bytes: Buffer): string {
  const maxLength = 30;
  if (bytes.length === 0) return '<empty>';
  const start = bytes.subarray(0, maxLength);
  const more = bytes.length > maxLength ? ' ...' : '';
  return bytes[0] === 0x7b ? `${start.toString('utf8')}${more}` : `${start.toString('hex')}${more}`;
}

function decodeJson(text: string): unknown {
  let body: unknown;
  try {
    body = parseJson(text);
  } catch (error) {
    const message = `the body of the request could not be decoded as JSON: ${errorMessage(error)}`;
    // kube's JSON decoding first reads apiVersion and kind with encoding/json, which says this.
    if (error instanceof JsonNestingDepthError) throw new NestedTooDeeply(message, `couldn't get version/kind; json parse error: ${error.message}`);
    throw newBadRequest(message);
  }
  if (typeof body === 'object' && body !== null) jsonTextOf.set(body, text);
  return body;
}

/** The text each JSON body was decoded from, kept until the body is gone, for duplicateFieldsOf. */
const jsonTextOf = new WeakMap<object, string>();

/**
 * The fields a JSON body repeated (JSON.parse kept the last value of each), for fieldValidation:
 * its text is scanned only when a request's validation asks.
 */
export function duplicateFieldsOf(body: object): readonly string[] {
  const text = jsonTextOf.get(body);
  return text === undefined ? [] : duplicateFieldPaths(text);
}

/**
 * YAML as go-yaml v2 reads it on its way to JSON: YAML 1.1 scalars (yes/on are booleans, 0755 is
 * octal) except that timestamps and base-60 numbers stay strings; the first document counts and
 * a repeated key takes the last value.
 */
function decodeYaml(text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    const message = `the body of the request could not be decoded as YAML: ${errorMessage(error)}`;
    if (error instanceof YamlNestingDepthError) throw new NestedTooDeeply(message, error.message);
    throw newBadRequest(message);
  }
}

class YamlNestingDepthError extends SyntaxError {}

/**
 * The first YAML document of a text as go-yaml v2 reads it (see decodeYaml); throws the parser's
 * error, or go-yaml's ("yaml: exceeded max depth of 10000", "yaml: line 2: found invalid Unicode
 * character escape code") for what go-yaml refuses and the yaml package would not.
 */
export function parseYaml(text: string): unknown {
  // Before the yaml package's recursive descent, which a deep text would take seconds to overflow.
  const tooDeep = yamlNestingDepthError(text);
  if (tooDeep !== undefined) throw new YamlNestingDepthError(`yaml: ${tooDeep}`);
  // Within go-yaml's limit but past what the yaml package reads: refused in our own words.
  if (yamlNestingDepthError(text, readableYamlNestingDepth) !== undefined) {
    throw new SyntaxError(`yaml: this server reads YAML nested at most ${readableYamlNestingDepth} levels deep; send deeper documents as JSON`);
  }
  const [document] = yamlModule().parseAllDocuments(text, { version: '1.1', customTags: goYamlTags, uniqueKeys: false, logLevel: 'silent' });
  if (document === undefined) return null;
  const [error] = document.errors;
  if (error !== undefined) throw error;
  const surrogate = yamlSurrogateEscapeError(text, document);
  if (surrogate !== undefined) throw new SyntaxError(`yaml: ${surrogate}`);
  return document.toJS();
}

const goYamlTags = (tags: Tags): Tags =>
  tags.filter((tag) => {
    const name = typeof tag === 'string' ? tag : tag.tag;
    const format = typeof tag === 'string' ? undefined : tag.format;
    return !/:(?:timestamp|binary|omap|pairs|set)$/.test(name) && format !== 'TIME';
  });
