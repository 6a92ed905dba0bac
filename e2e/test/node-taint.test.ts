// The NodeTaint admission: Nodes are created tainted node.kubernetes.io/not-ready:NoSchedule, so
// nothing is scheduled onto a node before it reports Ready.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

test('a new Node carries the not-ready NoSchedule taint next to its own; an update does not add it back', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const create = (body: unknown) => fetch(`${server.url}/api/v1/nodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await create({ metadata: { name: 'plain' } });
  await create({ metadata: { name: 'gpu' }, spec: { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] } });
  const taints = async (name: string): Promise<string> =>
    (
      await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'get', 'node', name, '-o', 'jsonpath={range .spec.taints[*]}{.key}={.value}:{.effect} {end}'], {
        encoding: 'utf8',
      })
    ).stdout;
  t.is(await taints('plain'), 'node.kubernetes.io/not-ready=:NoSchedule ');
  t.is(await taints('gpu'), 'gpu=true:NoSchedule node.kubernetes.io/not-ready=:NoSchedule ');
  await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'taint', 'node', 'plain', 'node.kubernetes.io/not-ready:NoSchedule-']);
  t.is(await taints('plain'), '');
});
