// The agent's /metrics/resource: under the same authorization as /metrics (nodes/metrics), its own
// registry's text, and resource_scrape_error 1 alone when the runtime cannot give its stats; the
// numbers written as the Go client writes them.

import test from 'ava';
import { goFloat } from '../src/metrics/resource-metrics.ts';
import { call, testNode, token } from './server-fixture.ts';

test("/metrics/resource is authorized as nodes/metrics, and a runtime without stats gives kube's scrape error alone", async (t) => {
  const node = await testNode(t);
  // The test runtime implements no ListContainers nor ListContainerStats: gRPC's UNIMPLEMENTED.
  const server = await node.start(['--authorization-mode=Webhook', `--authentication-token-file=${node.tokenFile}`]);
  const anonymous = await call(server, '/metrics/resource');
  t.is(anonymous.status, 403);
  t.is(anonymous.body, 'Forbidden (user=system:anonymous, verb=get, resource=nodes, subresource(s)=[metrics])\n');
  const answer = await call(server, '/metrics/resource', { token });
  t.is(answer.status, 200);
  t.is(answer.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
  t.is(
    answer.body,
    '# HELP resource_scrape_error [STABLE] 1 if there was an error while getting container metrics, 0 otherwise\n# TYPE resource_scrape_error gauge\nresource_scrape_error 1\n',
  );
  t.is((await call(server, '/metrics/resource', { token, method: 'POST' })).status, 405);
});

test("numbers are written as Go's strconv.FormatFloat(f, 'g', -1, 64) writes them", (t) => {
  const cases: [number, string][] = [
    [0, '0'],
    [1, '1'],
    [123456, '123456'],
    [123456.789, '123456.789'],
    [1234567, '1.234567e+06'],
    [1e6, '1e+06'],
    [1.7326153123456e9, '1.7326153123456e+09'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [3e-7, '3e-07'],
    [0.25, '0.25'],
    [1e21, '1e+21'],
    [12345678901234567890, '1.2345678901234567e+19'],
    [Number.POSITIVE_INFINITY, '+Inf'],
    [Number.NaN, 'NaN'],
  ];
  for (const [value, written] of cases) t.is(goFloat(value), written, String(value));
});
