// The worker thread of watch-fanout.ts: opens the watches, stamps every event it reads, and
// answers 'finish' (or delivery of everything) with the stamps, and 'close' by closing them all.

import { connect, type TLSSocket } from 'node:tls';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { SeqScanner } from './configmap-body.ts';
import { trustedWorkerData } from './trusted-authorities.ts';
import { monotonicMs, type WatchersMessage, type WatchersOptions } from './watch-fanout.ts';

const options = trustedWorkerData<WatchersOptions>();
const port = parentPort as NonNullable<typeof parentPort>;
const post = (message: WatchersMessage, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);
const total = options.watchers * options.events;
const receivedAt = new Float64Array(total).fill(Number.NaN);
const sockets: TLSSocket[] = [];
let delivered = 0;
let endedEarly = 0;
let finished = false;
let closing = false;
let sinceOpen = performance.eventLoopUtilization();

function finish(): void {
  if (finished) return;
  finished = true;
  const clientBusy = performance.eventLoopUtilization(sinceOpen).utilization;
  post({ type: 'done', receivedAt, delivered, endedEarly, clientBusy }, [receivedAt.buffer as ArrayBuffer]);
}

/**
 * Resolves once the watch's response headers arrive (the server has registered it); afterwards it
 * stamps the events it reads. A raw TLS socket, not node:https: the client's cost per event stays low.
 */
function openWatch(watcher: number): Promise<void> {
  const path = `${options.path}?watch=1&resourceVersion=${options.resourceVersion}`;
  const target = new URL(options.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.hostname, port: Number(target.port) });
    sockets.push(socket);
    socket.setNoDelay(true);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: application/json\r\n\r\n`);
    const scanner = new SeqScanner();
    const base = watcher * options.events;
    const stamp = (seq: number): void => {
      if (seq < options.events && Number.isNaN(receivedAt[base + seq])) {
        receivedAt[base + seq] = now;
        delivered++;
      }
    };
    let now = 0;
    let head: Buffer | undefined = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      if (finished) return;
      now = monotonicMs();
      if (head !== undefined) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const statusLine = head.toString('latin1', 0, head.indexOf('\r\n'));
        if (!statusLine.startsWith('HTTP/1.1 200')) {
          reject(new Error(`GET ${path}: ${statusLine}`));
          socket.destroy();
          return;
        }
        resolve();
        chunk = head.subarray(end + 4);
        head = undefined;
      }
      scanner.scan(chunk, stamp);
      if (delivered === total) finish();
    });
    socket.once('close', () => {
      if (head !== undefined) reject(new Error(`GET ${path}: the connection closed before an answer`));
      else if (!closing) endedEarly++;
    });
    socket.on('error', () => undefined);
  });
}

port.on('message', (message: string) => {
  if (message === 'finish') finish();
  if (message === 'close') {
    closing = true;
    for (const socket of sockets) socket.destroy();
    post({ type: 'closed' });
  }
});

const began = performance.now();
let failed = 0;
let firstError: string | undefined;
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(options.openConcurrency, options.watchers) }, async () => {
    for (let w = next++; w < options.watchers; w = next++) {
      try {
        await openWatch(w);
      } catch (error) {
        failed++;
        firstError ??= (error as Error).message;
      }
    }
  }),
);
sinceOpen = performance.eventLoopUtilization();
post({ type: 'open', openMs: performance.now() - began, failed, ...(firstError === undefined ? {} : { firstError }) });
if (total === 0) finish();
