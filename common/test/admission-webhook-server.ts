// An admission webhook for tests: an HTTPS server (node:https) with a certificate for 127.0.0.1
// made by generateSelfSignedCertKey, answering each AdmissionReview by what the test's handler
// returns for it and its path: a response (sent in an AdmissionReview of the request's version,
// with the request's uid unless the response sets one), a string (sent as it is), or a promise
// that does not settle (a webhook that never answers; closing the server ends it).

import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateSelfSignedCertKey } from '../src/index.ts';

export type Json = Record<string, any>;

export interface WebhookCall {
  readonly path: string;
  /** The request's query, e.g. timeout=10s. */
  readonly query: string;
  readonly review: Json;
}

export type WebhookHandler = (review: Json, path: string) => Json | string | Promise<Json | string>;

export interface AdmissionWebhookServer {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  /** The authority to trust, base64 as clientConfig.caBundle holds it. */
  readonly caBundle: string;
  readonly calls: WebhookCall[];
  close(): Promise<void>;
}

/** `alternateDNS`: more names the certificate holds, e.g. <service>.<namespace>.svc for a webhook reached through a service. */
export async function startAdmissionWebhookServer(handler: WebhookHandler, alternateDNS: readonly string[] = []): Promise<AdmissionWebhookServer> {
  const { certificate, privateKey } = await generateSelfSignedCertKey('127.0.0.1', { alternateDNS });
  const calls: WebhookCall[] = [];
  const server: Server = createServer({ cert: certificate, key: privateKey }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'https://webhook');
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      calls.push({ path: url.pathname, query: url.search.slice(1), review });
      void Promise.resolve(handler(review, url.pathname)).then((answer) => {
        if (typeof answer === 'string') {
          response.end(answer);
          return;
        }
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: review.request?.uid, ...answer } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caBundle: Buffer.from(certificate).toString('base64'),
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON patch as a response carries it. */
export const jsonPatchResponse = (operations: readonly Json[]): Json => ({
  allowed: true,
  patchType: 'JSONPatch',
  patch: Buffer.from(JSON.stringify(operations)).toString('base64'),
});
