// Volumes on `capstan up`: the default StorageClass `standard` (host path, WaitForFirstConsumer,
// as kind's `standard`); a claim without a class and a pod using it: the claim is Bound to a
// volume provisioned when the pod got its node, the pod Runs with the volume's directory mounted
// (what it writes there is on the host), and the volume and its directory go with the claim.

import test from 'ava';
import { existsSync, readFileSync } from 'node:fs';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlApply } from '../src/kubectl-apply.ts';
import { startUp } from '../src/up-process.ts';

const manifest = {
  apiVersion: 'v1',
  kind: 'List',
  items: [
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'user' },
      spec: {
        containers: [{ name: 'c', image: 'busybox', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
      },
    },
  ],
};

test('on capstan up a claim of the default class is provisioned for its pod, which runs with the volume mounted; both go with the claim', async (t) => {
  const up = startUp();
  t.teardown(() => up.stop());
  await up.line(/^node .* is Ready$/);
  t.regex(await up.kubectl('get', 'storageclass'), /^standard \(default\)\s+kubernetes\.io\/host-path\s+Delete\s+WaitForFirstConsumer\s+false\s+/m);
  t.is((await kubectlApply(up.kubeconfig, manifest)).code, 0);
  const volume = await eventually(
    'claim data Bound',
    async () => {
      const name = await up.kubectl('get', 'pvc', 'data', '-o', 'jsonpath={.status.phase} {.spec.volumeName}');
      return /^Bound pvc-/.test(name) ? name.split(' ')[1] : undefined;
    },
    60_000,
  );
  await eventually('pod user Running', async () => ((await up.kubectl('get', 'pod', 'user', '-o', 'jsonpath={.status.phase}')) === 'Running' ? true : undefined), 60_000);
  const path = await up.kubectl('get', 'pv', volume as string, '-o', 'jsonpath={.spec.hostPath.path}');
  t.true(path.startsWith(`${up.dataDir}/hostpath_pv/`));
  await up.kubectl('exec', 'user', '--', 'sh', '-c', 'echo hello > /data/greeting');
  t.is(readFileSync(`${path}/greeting`, 'utf8'), 'hello\n');
  t.regex(
    await up.kubectl('describe', 'pvc', 'data'),
    /Normal\s+ProvisioningSucceeded\s+.*persistentvolume-controller\s+Successfully provisioned volume pvc-\S+ using kubernetes\.io\/host-path/,
  );

  await up.kubectl('delete', 'pod', 'user', '--wait=false');
  await up.kubectl('delete', 'pvc', 'data', '--wait=false');
  await eventually('the volume to go', async () => ((await up.kubectl('get', 'pv', '-o', 'name')) === '' ? true : undefined), 60_000);
  t.false(existsSync(path));
});
