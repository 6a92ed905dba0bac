// StatefulSets and DaemonSets on a 3-node `capstan up` (simulated runtime), driven with kubectl as
// a user would: the StatefulSet's pods come up one after the other with their stable names and the
// DaemonSet lands one pod on every node; `kubectl set image` rolls both, `rollout status` ends,
// `rollout history` lists both revisions and `rollout undo` goes back.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { startUp } from '../src/up-process.ts';

const manifests = `apiVersion: v1
kind: Service
metadata: {name: nginx}
spec: {clusterIP: None, selector: {app: nginx}, ports: [{port: 80, name: web}]}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: nginx
  replicas: 3
  selector: {matchLabels: {app: nginx}}
  template:
    metadata: {labels: {app: nginx}}
    spec:
      containers: [{name: nginx, image: registry.k8s.io/nginx-slim:0.8, ports: [{containerPort: 80, name: web}]}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: x}
spec:
  selector: {matchLabels: {app: x}}
  template:
    metadata: {labels: {app: x}}
    spec:
      containers: [{name: x, image: registry.k8s.io/pause:3.10}]
`;

test('on a 3-node capstan up, a StatefulSet comes up in order and a DaemonSet on every node; both roll with kubectl and roll back', async (t) => {
  const up = startUp(['--nodes=3']);
  t.teardown(() => up.stop());
  await up.line(/^Capstan is ready/);
  const host = hostname().toLowerCase();
  for (const node of [host, `${host}-2`, `${host}-3`]) await up.line(new RegExp(`^node ${node} is Ready$`));
  const file = join(up.dataDir, 'workloads.yaml');
  writeFileSync(file, manifests);
  await up.kubectl('apply', '-f', file);
  await up.kubectl('rollout', 'status', 'sts/web', '--timeout=120s');
  await up.kubectl('rollout', 'status', 'ds/x', '--timeout=120s');

  const pods = JSON.parse(await up.kubectl('get', 'pods', '-o', 'json')).items as {
    metadata: { name: string; labels: Record<string, string>; creationTimestamp: string };
    spec: { nodeName: string };
  }[];
  const web = pods.filter((pod) => pod.metadata.labels.app === 'nginx').sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  t.deepEqual(
    web.map((pod) => pod.metadata.name),
    ['web-0', 'web-1', 'web-2'],
  );
  // OrderedReady: each pod is made no earlier than the one before it.
  for (let i = 1; i < web.length; i++) t.true(Date.parse(web[i]?.metadata.creationTimestamp ?? '') >= Date.parse(web[i - 1]?.metadata.creationTimestamp ?? ''));
  const nodes = JSON.parse(await up.kubectl('get', 'nodes', '-o', 'json'))
    .items.map((node: { metadata: { name: string } }) => node.metadata.name)
    .sort();
  t.deepEqual(
    pods
      .filter((pod) => pod.metadata.labels.app === 'x')
      .map((pod) => pod.spec.nodeName)
      .sort(),
    nodes,
  );
  t.regex(await up.kubectl('get', 'sts', 'web'), /web\s+3\/3\s+/);
  t.regex(await up.kubectl('get', 'ds', 'x'), /x\s+3\s+3\s+3\s+3\s+3\s+<none>\s+/);

  await up.kubectl('set', 'image', 'sts/web', 'nginx=registry.k8s.io/nginx-slim:0.9');
  await up.kubectl('set', 'image', 'ds/x', 'x=registry.k8s.io/pause:3.9');
  await up.kubectl('rollout', 'status', 'sts/web', '--timeout=120s');
  await up.kubectl('rollout', 'status', 'ds/x', '--timeout=120s');
  t.regex(await up.kubectl('rollout', 'history', 'sts/web'), /REVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>/);
  t.regex(await up.kubectl('rollout', 'history', 'ds/x'), /REVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>/);
  t.is(await up.kubectl('get', 'pod', 'web-0', '-o', 'jsonpath={.spec.containers[0].image}'), 'registry.k8s.io/nginx-slim:0.9');

  await up.kubectl('rollout', 'undo', 'ds/x');
  await up.kubectl('rollout', 'status', 'ds/x', '--timeout=120s');
  const images = JSON.parse(await up.kubectl('get', 'pods', '-l', 'app=x', '-o', 'json'))
    .items.filter((pod: { metadata: { deletionTimestamp?: string } }) => pod.metadata.deletionTimestamp === undefined)
    .map((pod: { spec: { containers: { image: string }[] } }) => pod.spec.containers[0]?.image);
  t.deepEqual(images, ['registry.k8s.io/pause:3.10', 'registry.k8s.io/pause:3.10', 'registry.k8s.io/pause:3.10']);
});
