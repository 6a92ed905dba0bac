// A pod through the pod workers on a real runtime: Debian's containerd (containerd-fixture.ts), the
// pod on the host's network. Skipped, with the reason printed, where containerd or a static busybox
// is missing or we are not root.

import { readFile } from 'node:fs/promises';
import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { busyboxImage as imageName, busyboxSkipReason, containerdSkipReason, startContainerd, type ContainerdProcess } from './containerd-fixture.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

const skipReason = containerdSkipReason ?? busyboxSkipReason;

if (skipReason !== undefined) {
  console.log(`pods-containerd: skipped: ${skipReason}`);
  test.skip(`a pod on containerd: ${skipReason}`, () => {});
} else {
  let containerd: ContainerdProcess;
  let api: ApiServer;
  test.before(async () => {
    containerd = await startContainerd();
    await containerd.importBusybox();
    api = await startApiServer();
  });
  test.after.always(async () => {
    await api?.stop();
    await containerd?.stop();
  });

  test.serial('a host-network pod runs on containerd, logs to podLogsDir, and is deleted within its grace period', async (t) => {
    const node = await startAgentNode(t, { nodeName: 'node-containerd', api, endpoint: containerd.endpoint });
    const client = node.client as RestClient;
    const created = await client.create<Pod & { metadata: { name: string } }>(
      podsOf('default'),
      podManifest('real', node.nodeName, {
        hostNetwork: true,
        terminationGracePeriodSeconds: 3,
        containers: [
          {
            name: 'app',
            image: imageName,
            imagePullPolicy: 'Never',
            command: ['/bin/busybox'],
            args: ['sh', '-c', 'echo "hello from $(POD_NAME)"; exec sleep 3600'],
            env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
          },
        ],
      }),
    );
    const pod = await waitForPod(client, 'default', 'real', (p) => p.status?.phase === 'Running', 'the pod to run on containerd', 60_000);
    const app = pod.status?.containerStatuses?.[0];
    t.regex(app?.containerID ?? '', /^containerd:\/\/[0-9a-f]{64}$/);
    t.is(app?.image, imageName);
    t.regex(app?.imageID ?? '', /^sha256:[0-9a-f]{64}$/);
    t.true(app?.ready);
    // A host-network pod has the node's addresses.
    t.deepEqual(pod.status?.podIPs, [{ ip: '192.0.2.10' }]);
    const log = `${node.podLogsDir}/default_real_${created.metadata.uid}/app/0.log`;
    t.is(node.workers.directory.findContainer('default', 'real', 'app')?.logPath, log);
    // $(POD_NAME) was expanded from the downward API into the arguments.
    await until(
      () => readFile(log, 'utf8').catch(() => ''),
      (text) => text.includes('hello from real'),
      'the log line',
    );

    const started = Date.now();
    await client.delete(podsOf('default', 'real'));
    await until(
      () =>
        client.get(podsOf('default', 'real')).then(
          () => true,
          () => false,
        ),
      (present) => !present,
      'the pod to be deleted',
      30_000,
    );
    t.log(`deleted after ${Date.now() - started} ms (sleep ignores SIGTERM as PID 1: killed after the 3 s grace period)`);
    t.true(Date.now() - started >= 3000);
    await until(
      async () => (await node.runtime.listContainers({})).containers.length + (await node.runtime.listPodSandbox({})).items.length,
      (n) => n === 0,
      'containerd to be empty',
      30_000,
    );
  });
}
