// Benchmark support, run as a child process: a bare node:http server that answers every request
// with the same small JSON body. The API benchmark drives it with its load generator to show the
// ceiling of the generator and of node:http on the machine, beside the API server's numbers.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'cm-0',
      namespace: 'bench-0',
      uid: '00000000-1111-2222-3333-444455556666',
      resourceVersion: '12345',
      creationTimestamp: '2026-11-22T00:00:00Z',
      labels: { app: 'capstan-bench' },
    },
    data: { seq: '0', payload: 'x'.repeat(64) },
  }),
);

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close();
});
