// Reads and decodes a JSON request body, with kube-apiserver's limits and errors: 413 past 3 MiB,
// 415 for a media type it cannot read, 400 for a body that is not a JSON object.

import type { IncomingMessage } from 'node:http';
import { newBadRequest, newRequestEntityTooLarge, newUnsupportedMediaType } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';

export const maxRequestBodyBytes = 3 * 1024 * 1024;
const readableTypes = ['application/json', 'application/yaml'];

export async function readJsonBody(request: IncomingMessage): Promise<JsonObject> {
  const mediaType = (request.headers['content-type'] ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== 'application/json') throw newUnsupportedMediaType(readableTypes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxRequestBodyBytes) throw newRequestEntityTooLarge('limit is 3145728');
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw newBadRequest(`the body of the request could not be decoded as JSON: ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw newBadRequest('the body of the request must be a JSON object');
  return body as JsonObject;
}
