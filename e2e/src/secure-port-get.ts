// Test support: a GET of a component's secure port (self-signed certificate), with a bearer token or
// without one, answering the status and the body.

import { request } from 'node:https';

export function securePortGet(port: number, path: string, token: string | undefined): Promise<{ readonly status: number; readonly body: string }> {
  return new Promise((resolve, reject) => {
    const headers = token === undefined ? {} : { authorization: `Bearer ${token}` };
    const outgoing = request(`https://127.0.0.1:${port}${path}`, { rejectUnauthorized: false, agent: false, headers });
    outgoing.once('response', (answer) => {
      let body = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      answer.once('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}
