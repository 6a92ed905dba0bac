// Pods on `capstan up`'s simulated runtime do what their command says, judged by kubectl: a pod
// that echoes completes with its log, an exit code reaches the pod's status, the container reads
// its env and a mounted ConfigMap, and kubectl exec and kubectl cp work through ls, cat and tar.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { eventually } from '../../common/test/eventually.ts';
import { startUp, type UpProcess } from '../src/up-process.ts';

let up: UpProcess;
const local = mkdtempSync(join(tmpdir(), 'runtime-sim-commands-'));

test.before(async () => {
  up = startUp();
  await up.line(/^node .* is Ready$/);
});
test.after.always(async () => {
  await up?.stop('SIGKILL');
  rmSync(local, { recursive: true, force: true });
});

interface ContainerState {
  readonly terminated?: { readonly exitCode: number; readonly reason: string };
  readonly running?: object;
}

async function pod(name: string): Promise<{ phase?: string; state?: ContainerState }> {
  const found = JSON.parse(await up.kubectl('get', 'pod', name, '-o', 'json')) as { status: { phase?: string; containerStatuses?: { state: ContainerState }[] } };
  return { ...(found.status.phase !== undefined && { phase: found.status.phase }), ...(found.status.containerStatuses?.[0] && { state: found.status.containerStatuses[0].state }) };
}

const phase = (name: string, wanted: string) => eventually(`pod ${name} ${wanted}`, async () => ((await pod(name)).phase === wanted ? pod(name) : undefined), 60_000);

test.serial('kubectl run -- echo hi completes (Succeeded, exit code 0) and kubectl logs prints hi', async (t) => {
  await up.kubectl('run', 'once', '--image=busybox', '--restart=Never', '--', 'echo', 'hi');
  const done = await phase('once', 'Succeeded');
  t.like(done.state?.terminated, { exitCode: 0, reason: 'Completed' });
  t.is(await up.kubectl('logs', 'once'), 'hi\n');
});

test.serial("sh -c 'echo a; exit 3' fails the pod with exit code 3 (Error) after printing a", async (t) => {
  await up.kubectl('run', 'three', '--image=busybox', '--restart=Never', '--', 'sh', '-c', 'echo a; exit 3');
  const failed = await phase('three', 'Failed');
  t.like(failed.state?.terminated, { exitCode: 3, reason: 'Error' });
  t.is(await up.kubectl('logs', 'three'), 'a\n');
  t.regex(await up.kubectl('get', 'pod', 'three', '--no-headers'), /^three\s+0\/1\s+Error\s+0\s/);
});

test.serial('a container reads its env and a mounted ConfigMap; kubectl exec -- ls lists the volume; kubectl cp copies a file in and out', async (t) => {
  await up.kubectl('create', 'configmap', 'settings', '--from-literal=greeting=hello');
  const manifest = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'reader' },
    spec: {
      containers: [
        {
          name: 'reader',
          image: 'busybox',
          command: ['sh', '-c', 'echo "from $GREETING_FROM:"; cat /etc/settings/greeting; echo; sleep 3600'],
          env: [{ name: 'GREETING_FROM', value: 'configmap' }],
          volumeMounts: [
            { name: 'settings', mountPath: '/etc/settings' },
            { name: 'scratch', mountPath: '/scratch' },
          ],
        },
      ],
      volumes: [
        { name: 'settings', configMap: { name: 'settings' } },
        { name: 'scratch', emptyDir: {} },
      ],
    },
  };
  const file = join(local, 'reader.json');
  writeFileSync(file, JSON.stringify(manifest));
  await up.kubectl('apply', '-f', file);
  await phase('reader', 'Running');
  const logs = await eventually('the reader to print', async () => {
    const text = await up.kubectl('logs', 'reader');
    return text.includes('hello') ? text : undefined;
  });
  t.is(logs, 'from configmap:\nhello\n');
  t.is(await up.kubectl('exec', 'reader', '--', 'ls', '/etc/settings'), 'greeting\n');

  writeFileSync(join(local, 'note.txt'), 'copied in\n');
  await up.kubectl('cp', join(local, 'note.txt'), 'reader:/scratch/note.txt');
  t.is(await up.kubectl('exec', 'reader', '--', 'cat', '/scratch/note.txt'), 'copied in\n');
  await up.kubectl('exec', 'reader', '--', 'sh', '-c', 'echo made inside > /scratch/inside.txt');
  await up.kubectl('cp', 'reader:/scratch/inside.txt', join(local, 'inside.txt'));
  t.is(readFileSync(join(local, 'inside.txt'), 'utf8'), 'made inside\n');
});
