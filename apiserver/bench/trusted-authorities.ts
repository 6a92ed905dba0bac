// The bench's API servers serve HTTPS with self-signed authorities of their own. The main thread
// trusts each one as its server starts (fetch, node:https and undici then need no options); a
// worker thread's TLS defaults are its own, so workers are started with the same trust.

import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { Worker, workerData } from 'node:worker_threads';

const trusted: string[] = [];

/** This thread, and the workers it starts with workerWithTrust from now on, trust the PEM authority. */
export function trustAuthority(authority: string): void {
  trusted.push(authority);
  setDefaultCACertificates([...getCACertificates('default'), authority]);
}

/** A worker thread on `script` that trusts what this thread trusts; its data comes from trustedWorkerData(). */
export function workerWithTrust(script: URL, data: unknown): Worker {
  return new Worker(script, { workerData: { data, authorities: trusted } });
}

/** In a worker of workerWithTrust: trusts its parent's authorities, and answers the data it was given. */
export function trustedWorkerData<T>(): T {
  const { data, authorities } = workerData as { readonly data: T; readonly authorities: readonly string[] };
  if (authorities.length > 0) setDefaultCACertificates([...getCACertificates('default'), ...authorities]);
  return data;
}
