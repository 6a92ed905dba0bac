// A Service's endpoints on `capstan up` (the simulated runtime and the real node agent), judged by
// kubectl: the EndpointSlice and the Endpoints list the pods once their readiness probes pass, a
// pod whose container exits stays listed but not ready, a deleted pod goes.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../common/test/eventually.ts';
import { startUp } from '../src/up-process.ts';

const host = hostname().toLowerCase();

/** A pod of the Service whose exec readiness probe passes after 2 s; `exitAfter` makes its container exit then. */
const pod = (name: string, exitAfter?: string): string => {
  const lifecycle = JSON.stringify({
    readiness: { after: '2s', commands: [['cat', '/tmp/ready']] },
    files: { '/tmp/ready': 'ok' },
    ...(exitAfter ? { exit: { after: exitAfter, code: 1 } } : {}),
  });
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  labels: {app: web}
  annotations: {runtime-sim.capstan.dev/lifecycle: '${lifecycle}'}
spec:
  containers:
  - name: web
    image: registry.example/web:1
    ports: [{name: http, containerPort: 8080}]
    readinessProbe: {exec: {command: [cat, /tmp/ready]}, periodSeconds: 1}
`;
};

interface Slice {
  readonly endpoints?: { addresses: string[]; conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean }; targetRef?: { name?: string }; nodeName?: string }[];
  readonly ports?: { name?: string; port?: number }[];
}

test('on capstan up, a Service’s EndpointSlice and Endpoints follow its pods’ readiness', async (t) => {
  const up = startUp();
  t.teardown(() => up.stop('SIGKILL'));
  await up.line(new RegExp(`^node ${host} is Ready$`));
  const manifest = join(up.dataDir, 'web.yaml');
  writeFileSync(
    manifest,
    [
      'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  selector: {app: web}\n  ports: [{name: http, port: 80, targetPort: http}]\n',
      pod('steady'),
      pod('crashing', '15s'),
    ].join('---\n'),
  );
  await up.kubectl('apply', '-f', manifest);
  const endpointsOf = async (): Promise<Map<string, string>> => {
    const slices = JSON.parse(await up.kubectl('get', 'endpointslices', '-l', 'kubernetes.io/service-name=web', '-o', 'json')) as { items: Slice[] };
    const found = new Map<string, string>();
    for (const slice of slices.items) {
      for (const e of slice.endpoints ?? []) {
        found.set(e.targetRef?.name ?? '', `${slice.ports?.[0]?.port} ${e.nodeName} ${e.conditions?.ready}/${e.conditions?.serving}/${e.conditions?.terminating}`);
      }
    }
    return found;
  };
  const waitFor = (what: string, test: (e: Map<string, string>) => boolean) =>
    eventually(
      what,
      async () => {
        const found = await endpointsOf();
        return test(found) ? found : undefined;
      },
      60_000,
    );
  const ready = await waitFor('both pods ready', (e) => e.get('steady')?.endsWith('true/true/false') === true && e.get('crashing')?.endsWith('true/true/false') === true);
  t.is(ready.get('steady'), `8080 ${host} true/true/false`);
  const table = await up.kubectl('get', 'endpoints', 'web');
  t.regex(table, /web\s+10\.244\.\d+\.\d+:8080,10\.244\.\d+\.\d+:8080\s+/);

  await waitFor('the crashed pod not ready', (e) => e.get('crashing') === `8080 ${host} false/false/false`);
  await up.kubectl('delete', 'pod', 'steady', '--wait=true');
  const last = await waitFor('the deleted pod gone', (e) => !e.has('steady'));
  t.true(last.has('crashing'));
});
