// ReplicaSets and ReplicationControllers on `capstan up` (the simulated runtime), driven by kubectl
// as a user would: the pods are made, scheduled and run, the set counts them ready and available
// after minReadySeconds, `kubectl scale` brings it down and `kubectl delete` takes its pods along.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../common/test/eventually.ts';
import { startUp } from '../src/up-process.ts';

const replicaSet = `apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: web
spec:
  replicas: 3
  minReadySeconds: 1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx
`;

test('a ReplicaSet and a ReplicationController run their pods on capstan up and follow kubectl scale and delete', async (t) => {
  const up = startUp();
  t.teardown(() => up.stop());
  await up.line(/^node .* is Ready$/);
  const manifest = join(up.dataDir, 'web.yaml');
  writeFileSync(manifest, replicaSet);
  t.is(await up.kubectl('apply', '-f', manifest), 'replicaset.apps/web created\n');
  await up.kubectl('wait', '--for=jsonpath={.status.availableReplicas}=3', 'rs/web', '--timeout=60s');
  t.regex(await up.kubectl('get', 'rs', 'web'), /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\nweb\s+3\s+3\s+3\s+\d+s\n$/);
  const running = await up.kubectl('get', 'pods', '-l', 'app=web', '-o', 'jsonpath={range .items[*]}{.status.phase} {.metadata.ownerReferences[0].kind}{"\\n"}{end}');
  t.is(running, 'Running ReplicaSet\n'.repeat(3));

  await up.kubectl('scale', 'rs', 'web', '--replicas=1');
  await up.kubectl('wait', '--for=jsonpath={.status.replicas}=1', 'rs/web', '--timeout=60s');
  await up.kubectl('wait', '--for=jsonpath={.status.terminatingReplicas}=0', 'rs/web', '--timeout=60s');
  t.is((await up.kubectl('get', 'pods', '-l', 'app=web', '--no-headers')).trim().split('\n').length, 1);
  t.regex(await up.kubectl('describe', 'rs', 'web'), /Replicas:\s+1 current \/ 1 desired\nPods Status:\s+1 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed/);

  await up.kubectl('delete', 'rs', 'web', '--wait');
  // The garbage collector takes the pods along.
  await eventually('the pods of web collected', async () => ((await up.kubectl('get', 'pods', '-l', 'app=web', '-o', 'name')) === '' ? true : undefined), 60_000);

  writeFileSync(
    manifest,
    'apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: legacy\nspec:\n  replicas: 2\n  template:\n    metadata:\n      labels: {app: legacy}\n    spec:\n      containers:\n      - name: pause\n        image: registry.k8s.io/pause:3.10\n',
  );
  await up.kubectl('apply', '-f', manifest);
  await up.kubectl('wait', '--for=jsonpath={.status.readyReplicas}=2', 'rc/legacy', '--timeout=60s');
  t.regex(await up.kubectl('get', 'rc', 'legacy'), /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\nlegacy\s+2\s+2\s+2\s+\d+s\n$/);
});
