// Writes an answer in what the request negotiated (JSON unless its Accept header asks otherwise,
// converted to a Table or PartialObjectMetadata when asked), and the Status answer of any thrown error.

import type { ServerResponse } from 'node:http';
import { statusOf } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';
import { auditOf } from '../audit/request-audit.ts';
import { writeResponse } from './compress-response.ts';
import { encodeAnswer, protobufAnswerable } from './encode-response.ts';
import { jsonMediaType, negotiateErrorOutput, negotiateOutput } from './negotiate-media-type.ts';
import { convertAnswer } from './negotiated-conversion.ts';
import { storedJsonAsProtobuf } from './stored-protobuf.ts';

/**
 * Named for what it mostly sends: the media type, conversion, indentation and compression all
 * come from `response.req`. Throws the 406 when the Accept header allows nothing.
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const { mediaType, conversion, pretty } = negotiateOutput(response.req);
  const answer = conversion !== undefined && typeof body === 'object' && body !== null ? convertAnswer(body as JsonObject, conversion, response.req) : body;
  const encoding = mediaType.id === 'protobuf' && !protobufAnswerable(answer) ? jsonMediaType : mediaType;
  auditOf(response.req)?.recordResponseObject(answer);
  writeResponse(response, status, encoding.mediaType, encodeAnswer(answer, encoding, pretty));
}

/**
 * Sends `json()` (bytes made from stored objects) when the request negotiated plain compact JSON;
 * otherwise the object `decode()` makes goes through sendJson. Throws the 406 when the Accept
 * header allows nothing.
 */
export async function sendStoredJson(response: ServerResponse, status: number, json: () => Buffer | Promise<Buffer>, decode: () => unknown): Promise<void> {
  const { mediaType, conversion, pretty } = negotiateOutput(response.req);
  if (mediaType.id === 'protobuf' && conversion === undefined) {
    const bytes = await json();
    // The audit shows the object as JSON, whatever goes on the wire.
    auditOf(response.req)?.recordResponseJson(bytes);
    return sendStoredProtobuf(response, status, mediaType.mediaType, bytes);
  }
  if (mediaType.id !== 'json' || conversion !== undefined || pretty) sendJson(response, status, decode());
  else writeResponse(response, status, mediaType.mediaType, await json());
}

/** Protobuf from the stored JSON parsed once (off the event loop when large); the JSON itself for a kind without a message. */
async function sendStoredProtobuf(response: ServerResponse, status: number, protobufMediaType: string, json: Buffer): Promise<void> {
  const bytes = await storedJsonAsProtobuf(json);
  if (bytes === undefined) writeResponse(response, status, jsonMediaType.mediaType, json);
  else writeResponse(response, status, protobufMediaType, bytes);
}

/** kube's ErrorNegotiated: the Status in the negotiated media type, never converted. */
export function sendError(response: ServerResponse, error: unknown): void {
  const status = statusOf(error);
  auditOf(response.req)?.recordResponseObject(status);
  const retryAfter = status.details?.retryAfterSeconds;
  if (retryAfter !== undefined && retryAfter > 0) response.setHeader('Retry-After', String(retryAfter));
  const output = negotiateErrorOutput(response.req);
  if (output === undefined) {
    // When no media type fits, kube still reports the original error, as indented JSON.
    const bytes = encodeAnswer(status, jsonMediaType, true);
    response.writeHead(status.code, { 'content-type': jsonMediaType.mediaType, 'content-length': bytes.length });
    response.end(bytes);
    return;
  }
  const encoding = output.mediaType.id === 'protobuf' && !protobufAnswerable(status) ? jsonMediaType : output.mediaType;
  writeResponse(response, status.code, encoding.mediaType, encodeAnswer(status, encoding, output.pretty));
}
