// A Service's endpoints and a PodDisruptionBudget on `capstan up` (the simulated runtime and the
// real node agent), judged by kubectl: the EndpointSlice and the Endpoints list the pods once their
// readiness probes pass, a pod whose container exits stays listed but not ready, a deleted pod
// goes; `kubectl drain` evicts a node's pods only as far as their budget allows.

import test, { type ExecutionContext } from 'ava';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../common/test/eventually.ts';
import { startUp, type UpProcess } from '../src/up-process.ts';

const host = hostname().toLowerCase();

/** Ends the cluster at the test's end, and waits until none of its processes (found by its data directory) is left. */
function stopWhenDone(t: ExecutionContext, up: UpProcess): void {
  t.teardown(async () => {
    await up.stop('SIGKILL');
    await eventually(
      'the cluster processes to end',
      async () => {
        try {
          execFileSync('pgrep', ['-f', up.dataDir]);
          return undefined;
        } catch {
          return true; // pgrep exits 1 when nothing matches
        }
      },
      60_000,
    );
  });
}

/** A pod of the Service whose exec readiness probe passes after 2 s; `exitAfter` makes its container exit then. */
const pod = (name: string, exitAfter?: string, node?: string): string => {
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
  ${node ? `nodeSelector: {kubernetes.io/hostname: ${node}}` : ''}
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

test.serial('on capstan up, a Service’s EndpointSlice and Endpoints follow its pods’ readiness', async (t) => {
  const up = startUp();
  stopWhenDone(t, up);
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

test.serial('on capstan up, kubectl drain evicts a node’s pods as far as their PodDisruptionBudget allows', async (t) => {
  const up = startUp(['--nodes=2']);
  stopWhenDone(t, up);
  await up.line(new RegExp(`^node ${host} is Ready$`));
  await up.line(new RegExp(`^node ${host}-2 is Ready$`));
  const manifest = join(up.dataDir, 'web.yaml');
  writeFileSync(
    manifest,
    [
      'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web}\nspec:\n  minAvailable: 1\n  selector: {matchLabels: {app: web}}\n',
      pod('one', undefined, host),
      pod('two', undefined, host),
    ].join('---\n'),
  );
  await up.kubectl('apply', '-f', manifest);
  await eventually(
    'the budget allowing one disruption',
    async () => ((await up.kubectl('get', 'pdb', 'web', '-o', 'jsonpath={.status.disruptionsAllowed}')) === '1' ? true : undefined),
    60_000,
  );
  // The pods have no controller: --force lets drain evict them all the same.
  const drain = up.kubectl('drain', host, '--ignore-daemonsets', '--delete-emptydir-data', '--force', '--timeout=120s');
  const refused = await eventually(
    'the second eviction refused',
    async () => {
      const names = await up.kubectl('get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}');
      return names.split(' ').length === 1 ? names : undefined;
    },
    60_000,
  );
  t.true(['one', 'two'].includes(refused), 'one pod evicted, the other kept by the budget');
  t.is(await up.kubectl('get', 'pdb', 'web', '-o', 'jsonpath={.status.disruptionsAllowed}'), '0');
  // A replacement elsewhere: once it is ready the budget allows the last eviction.
  writeFileSync(manifest, pod('three', undefined, `${host}-2`));
  await up.kubectl('apply', '-f', manifest);
  const output = await drain;
  t.regex(output, new RegExp(`node/${host} drained`));
  t.is(await up.kubectl('get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}'), 'three');
});
