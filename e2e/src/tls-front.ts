// Test support: an HTTPS listener in front of a plain-HTTP API server, because kubectl (client-go)
// sends a bearer token only over TLS (rest.IsConfigTransportTLS). Each request is passed on with
// fetch and its answer streamed back. An API server that already serves HTTPS is used as it is.

import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { generateSelfSignedCertKey } from '@capstan/common';

export interface TlsFront {
  /** https://127.0.0.1:<port>, or the API server's own URL when it is HTTPS already. */
  readonly url: string;
  close(): Promise<void>;
}

/** Headers that belong to one hop, or that fetch handles itself (it decompresses, so the client must not ask for compression). */
const hopHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'accept-encoding', 'content-length', 'content-encoding', 'upgrade']);

export async function tlsFront(upstream: string): Promise<TlsFront> {
  if (upstream.startsWith('https://')) return { url: upstream, close: async () => {} };
  const { certificate, privateKey } = await generateSelfSignedCertKey('127.0.0.1');
  const server = createServer({ cert: certificate, key: privateKey }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || hopHeaders.has(name)) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
      }
      const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
      fetch(`${upstream}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) })
        .then((answer) => {
          const out: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (!hopHeaders.has(name)) out[name] = value;
          });
          response.writeHead(answer.status, out);
          if (answer.body === null) response.end();
          else Readable.fromWeb(answer.body).pipe(response);
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
