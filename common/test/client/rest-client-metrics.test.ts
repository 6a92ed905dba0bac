// client-go's rest_client_* metrics as the RestClient keeps them in the process's legacy registry:
// every attempt by its status code (or <error> when nothing answered), the retries a Retry-After
// asked for, one latency per request, the bytes sent per attempt and received per request.

import test from 'ava';
import { createServer } from 'node:net';
import { RequestError, RestClient } from '../../src/client/index.ts';
import { legacyRegistry } from '../../src/metrics/index.ts';
import { json, startFakeApiServer } from './fake-api-server.ts';

const configmaps = { group: '', version: 'v1', resource: 'configmaps', namespace: 'default' };

/** The value of the sample written exactly so (labels in Go's order), undefined when absent. */
async function sample(line: string): Promise<number | undefined> {
  const { body } = await legacyRegistry.expose(undefined);
  const found = body.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  if (found === undefined) return undefined;
  const value = found.slice(line.length + 1);
  return value === '+Inf' ? Number.POSITIVE_INFINITY : Number(value);
}

const helpLine = async (name: string): Promise<string | undefined> => (await legacyRegistry.expose(undefined)).body.split('\n').find((line) => line.startsWith(`# HELP ${name} `));

test.serial('a request refused once with Retry-After counts two attempts, one retry, one latency and one response', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  let refused = false;
  server.handle((request, response) => {
    if (!refused) {
      refused = true;
      response.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' }).end('Too many requests, please try again later.\n');
      return;
    }
    json(response, 201, JSON.parse(request.body));
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const body = { metadata: { name: 'counted' }, data: { a: 'b'.repeat(100) } };
  await client.create(configmaps, body);
  const host = new URL(server.url).host;
  t.is(await sample(`rest_client_requests_total{code="429",host="${host}",method="POST"}`), 1);
  t.is(await sample(`rest_client_requests_total{code="201",host="${host}",method="POST"}`), 1);
  // client-go counts the attempt that was a retry, with that attempt's answer.
  t.is(await sample(`rest_client_request_retries_total{code="201",host="${host}",verb="POST"}`), 1);
  t.is(await sample(`rest_client_request_retries_total{code="429",host="${host}",verb="POST"}`), undefined);
  const latency = await sample(`rest_client_request_duration_seconds_sum{host="${host}",verb="POST"}`);
  t.is(await sample(`rest_client_request_duration_seconds_count{host="${host}",verb="POST"}`), 1);
  t.true((latency ?? 0) >= 1, 'the latency covers the wait before the retry');
  const sent = Buffer.byteLength(JSON.stringify(body));
  t.is(await sample(`rest_client_request_size_bytes_count{host="${host}",verb="POST"}`), 2);
  t.is(await sample(`rest_client_request_size_bytes_sum{host="${host}",verb="POST"}`), 2 * sent);
  t.is(await sample(`rest_client_request_size_bytes_bucket{host="${host}",verb="POST",le="64"}`), 0);
  t.is(await sample(`rest_client_request_size_bytes_bucket{host="${host}",verb="POST",le="256"}`), 2);
  t.is(await sample(`rest_client_response_size_bytes_count{host="${host}",verb="POST"}`), 1);
  t.is(await sample(`rest_client_response_size_bytes_sum{host="${host}",verb="POST"}`), sent);
  t.is(await helpLine('rest_client_request_duration_seconds'), '# HELP rest_client_request_duration_seconds [ALPHA] Request latency in seconds. Broken down by verb, and host.');
  t.is(await sample('rest_client_exec_plugin_ttl_seconds'), Number.POSITIVE_INFINITY);
});

test.serial('an error answer is counted with its code and its body size; a GET sends 0 bytes', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  await t.throwsAsync(client.get({ ...configmaps, name: 'missing' }));
  const host = new URL(server.url).host;
  t.is(await sample(`rest_client_requests_total{code="404",host="${host}",method="GET"}`), 1);
  t.is(await sample(`rest_client_request_size_bytes_sum{host="${host}",verb="GET"}`), 0);
  t.is(await sample(`rest_client_response_size_bytes_count{host="${host}",verb="GET"}`), 1);
});

test.serial('an attempt nothing answered is counted as <error>, and its request has no response size', async (t) => {
  // A port that was free a moment ago: the connection is refused.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const client = new RestClient({ server: `http://127.0.0.1:${port}` });
  t.teardown(() => client.close());
  await t.throwsAsync(client.get({ ...configmaps, name: 'x' }), { instanceOf: RequestError });
  await t.throwsAsync(client.watch(configmaps), { instanceOf: RequestError });
  const host = `127.0.0.1:${port}`;
  t.is(await sample(`rest_client_requests_total{code="<error>",host="${host}",method="GET"}`), 2);
  t.is(await sample(`rest_client_request_duration_seconds_count{host="${host}",verb="GET"}`), 1);
  t.is(await sample(`rest_client_response_size_bytes_count{host="${host}",verb="GET"}`), undefined);
});
