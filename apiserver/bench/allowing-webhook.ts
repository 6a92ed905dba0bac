// Benchmark support: a validating admission webhook that allows every request, over HTTPS with a
// self-signed certificate for 127.0.0.1, counting the reviews it answered. It runs in the
// benchmark's process: its CPU is spent on the same machine as the API server's, as a webhook
// beside a control plane would be.

import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateSelfSignedCertKey } from '@capstan/common';

export interface AllowingWebhook {
  readonly url: string;
  /** The authority, base64 as clientConfig.caBundle holds it. */
  readonly caBundle: string;
  /** Reviews answered so far. */
  answered(): number;
  close(): Promise<void>;
}

export async function startAllowingWebhook(): Promise<AllowingWebhook> {
  const { certificate, privateKey } = await generateSelfSignedCertKey('127.0.0.1');
  let answered = 0;
  const server = createServer({ cert: certificate, key: privateKey }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { apiVersion?: string; request?: { uid?: string } };
      answered += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: review.request?.uid, allowed: true } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caBundle: Buffer.from(certificate).toString('base64'),
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
