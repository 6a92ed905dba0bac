// Test support: a request straight to a component's secure port (self-signed certificate), with a
// bearer token or without one, answering the status and the body.

import { request } from 'node:https';

export function securePortRequest(port: number, path: string, token: string | undefined, method = 'GET'): Promise<{ readonly status: number; readonly body: string }> {
  return new Promise((resolve, reject) => {
    const headers = token === undefined ? {} : { authorization: `Bearer ${token}` };
    const outgoing = request({ host: '127.0.0.1', port, path, method, rejectUnauthorized: false, agent: false, headers });
    outgoing.once('response', (answer) => {
      let body = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      answer.once('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}
