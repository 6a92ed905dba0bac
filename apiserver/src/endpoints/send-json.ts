// Writes a JSON answer, and the Status answer of any thrown error.

import type { ServerResponse } from 'node:http';
import { statusOf } from '@capstan/common';

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length });
  response.end(bytes);
}

export function sendError(response: ServerResponse, error: unknown): void {
  const status = statusOf(error);
  sendJson(response, status.code, status);
}
