// The worker thread of http-load.ts: runs one load and posts its LoadResult.

import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';
import { createGunzip } from 'node:zlib';
import { configMapKind, objectBody } from './bench-object.ts';
import { requestOf, type LoadOptions, type LoadResult } from './http-load.ts';
import { percentile } from './measure.ts';
import { trustedWorkerData } from './trusted-authorities.ts';

const options = trustedWorkerData<LoadOptions>();
// undici costs the client about half of what node:http does per request, which keeps this one
// thread ahead of the server (see the load generator ceiling row).
// Over HTTP/2 every request shares one connection, as client-go's do.
const pool = new Pool(options.url, {
  // undici 8 offers HTTP/2 by default: HTTP/1.1 has to be asked for.
  ...(options.http2 === true ? { connections: 1, allowH2: true, maxConcurrentStreams: options.concurrency } : { connections: options.concurrency, pipelining: 1, allowH2: false }),
  ...(options.clientCertificate === undefined ? {} : { connect: { cert: options.clientCertificate.cert, key: options.clientCertificate.key } }),
});

interface Answer {
  readonly status: number;
  readonly bytes: number;
  readonly text: string;
}

/** One request; the start of the body is kept when `keepText` is set or the answer is a failure. */
async function send(method: 'GET' | 'POST' | 'PUT', path: string, body: Buffer | undefined, keepText = false): Promise<Answer> {
  const request = options.request;
  const headers: Record<string, string> = { accept: (request.kind === 'get' ? request.accept : undefined) ?? 'application/json' };
  if (request.kind === 'get' && request.gzip === true) headers['accept-encoding'] = 'gzip';
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await pool.request({ method, path, headers, ...(body === undefined ? {} : { body }) });
  const status = response.statusCode;
  let bytes = 0;
  let text = '';
  const gzipped = response.headers['content-encoding'] === 'gzip';
  const content = gzipped ? (response.body as NodeJS.ReadableStream).pipe(createGunzip()) : response.body;
  for await (const chunk of content as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if ((keepText || status >= 300) && text.length < 4096) text += chunk.toString('utf8');
  }
  return { status, bytes, text };
}

/** Reads a list page by page; a list's metadata (with the continue token) precedes its items. */
async function readAllPages(path: string, limit: number): Promise<Answer> {
  let bytes = 0;
  let token: string | undefined;
  do {
    const query = token === undefined ? `limit=${limit}` : `limit=${limit}&continue=${encodeURIComponent(token)}`;
    const page = await send('GET', `${path}?${query}`, undefined, true);
    if (page.status !== 200) return page;
    bytes += page.bytes;
    token = /"continue":"([^"]+)"/.exec(page.text)?.[1];
  } while (token !== undefined);
  return { status: 200, bytes, text: '' };
}

/** The object a create or update sends. */
function bodyOf(name: string, n: number): Buffer | undefined {
  const request = options.request;
  if (request.kind === 'create') return objectBody(request.objectKind ?? configMapKind, name, n, request.payloadBytes);
  if (request.kind === 'update') return objectBody(request.objectKind ?? configMapKind, name, n);
  return undefined;
}

const latencies: number[] = [];
let bytes = 0;
let errors = 0;
let firstError: string | undefined;
let next = 0;
const start = performance.now();
const idleBefore = performance.eventLoopUtilization();
const measureFrom = options.count === undefined ? start + (options.warmupMs ?? 0) : start;
const deadline = options.durationMs === undefined ? Number.POSITIVE_INFINITY : measureFrom + options.durationMs;
let lastAnswer = measureFrom;

const loop = async (slot: number): Promise<void> => {
  for (;;) {
    const n = next++;
    if (options.count !== undefined && n >= options.count) return;
    const began = performance.now();
    if (began >= deadline) return;
    const { method, path, name } = requestOf(options.request, n, slot);
    try {
      const answer =
        options.request.kind === 'list pages' ? await readAllPages(path, options.request.limit) : await send(method, path, name === undefined ? undefined : bodyOf(name, n));
      const now = performance.now();
      if (answer.status < 200 || answer.status >= 300) {
        errors++;
        firstError ??= `${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`;
      } else if (began >= measureFrom) {
        latencies.push(now - began);
        bytes += answer.bytes;
        lastAnswer = now;
      }
    } catch (error) {
      errors++;
      firstError ??= `${method} ${path}: ${(error as Error).message}`;
    }
  }
};

await Promise.all(Array.from({ length: options.concurrency }, (_, slot) => loop(slot)));
await pool.close();
latencies.sort((a, b) => a - b);
const result: LoadResult = {
  count: latencies.length,
  perSecond: (latencies.length / Math.max(1e-9, lastAnswer - measureFrom)) * 1000,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
  errors,
  ...(firstError === undefined ? {} : { firstError }),
  bytesPerResponse: latencies.length === 0 ? 0 : bytes / latencies.length,
  clientBusy: performance.eventLoopUtilization(idleBefore).utilization,
};
parentPort?.postMessage(result);
