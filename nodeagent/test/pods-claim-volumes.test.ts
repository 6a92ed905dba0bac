// A pod's persistentVolumeClaim volume through the simulated runtime and a real API server (no
// binder: the test binds by hand): while the claim is Pending the pod's containers wait for their
// volumes; once the claim is Bound to a hostPath volume, the container mounts the volume's
// directory and reads and writes the host's files there.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import type { RestClient } from '@capstan/common/client';
import { createPod, execIn, isRunning } from './pods-events-and-exec.ts';
import { podManifest, startAgentNode, startApiServer, waitForPod } from './pods-fixture.ts';

const claims = { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespace: 'default' };
const volumes = { group: '', version: 'v1', resource: 'persistentvolumes' };

test('a claim volume holds the containers back until the claim is Bound, then mounts the volume directory', async (t) => {
  const api = await startApiServer();
  t.teardown(() => api.stop());
  // A short error back-off: the worker looks at the volumes again soon after the binding.
  const node = await startAgentNode(t, { nodeName: 'node-claims', api, extra: { errorBackOffMs: 500 } });
  const client = node.client as RestClient;
  const directory = mkdtempSync(join(tmpdir(), 'capstan-claim-volume-'));
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  writeFileSync(join(directory, 'seed'), 'from the host\n');

  const claim = await client.create<PersistentVolumeClaim>(claims, {
    metadata: { name: 'data' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: '' },
  });
  const pod = await createPod(
    client,
    podManifest('user', node.nodeName, {
      containers: [{ name: 'app', image: 'busybox:1.36', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
    }),
  );
  const waiting = await waitForPod(client, 'default', 'user', (found) => found.status?.containerStatuses?.[0]?.state?.waiting !== undefined, 'the container waiting');
  t.is(waiting.status?.containerStatuses?.[0]?.state?.waiting?.reason, 'ContainerCreating');
  t.is(waiting.status?.phase, 'Pending');

  // Bound as the binder binds: the volume's claimRef with the claim's uid, then the claim's side.
  const volume = await client.create<PersistentVolume>(volumes, {
    metadata: { name: 'host-data' },
    spec: {
      capacity: { storage: '1Gi' },
      accessModes: ['ReadWriteOnce'],
      hostPath: { path: directory },
      claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'default', name: 'data', uid: claim.metadata?.uid },
    },
  });
  const named = await client.update<PersistentVolumeClaim>({ ...claims, name: 'data' }, { ...claim, spec: { ...claim.spec, volumeName: volume.metadata?.name } });
  await client.update({ ...claims, name: 'data', subresource: 'status' }, { ...named, status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } } });

  const running = await waitForPod(client, 'default', pod.metadata.name, isRunning, 'the container running', 30_000);
  t.deepEqual(await execIn(node, running, ['cat', '/data/seed']), { exitCode: 0, stdout: 'from the host\n' });
  t.is((await execIn(node, running, ['sh', '-c', 'echo from the pod > /data/written'])).exitCode, 0);
  t.is(readFileSync(join(directory, 'written'), 'utf8'), 'from the pod\n');
});
