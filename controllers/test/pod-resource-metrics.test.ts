// kube_pod_resource_request and kube_pod_resource_limit as /metrics/resources writes them for the
// pods a scheduler's informer holds: PodRequests and PodLimits (sidecars, init containers, overhead
// on requests and on non-zero limits only), units by resource, zero quantities and finished bound
// pods left out, nothing at all while no scheduler runs.

import test from 'ava';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { podResourceMetrics } from '../src/scheduler/pod-resource-metrics.ts';

const pod = (name: string, spec: Record<string, unknown>, phase = 'Running'): Pod =>
  ({ metadata: { name, namespace: 'ns' }, spec: { schedulerName: 'default-scheduler', priority: 7, nodeName: 'n1', ...spec }, status: { phase } }) as Pod;

/** The written samples, as "name{labels} value" lines. */
async function lines(): Promise<string[]> {
  const { body } = await podResourceMetrics.expose(undefined);
  return body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

test.serial('nothing is written while no scheduler runs', async (t) => {
  const { body, contentType } = await podResourceMetrics.expose(undefined);
  t.is(body, '');
  t.regex(contentType, /^text\/plain; version=0\.0\.4/);
});

test.serial("each pod's requests and limits, with kube's labels and units", async (t) => {
  const pods: Pod[] = [
    pod('web', {
      initContainers: [
        { name: 'setup', resources: { requests: { cpu: '2' } } },
        { name: 'proxy', restartPolicy: 'Always', resources: { requests: { cpu: '100m', memory: '1Ki' }, limits: { memory: '2Ki' } } },
      ],
      containers: [{ name: 'main', resources: { requests: { cpu: '500m', 'ephemeral-storage': '0', 'example.com/gpu': '1' }, limits: { cpu: '1' } } }],
      overhead: { cpu: '10m', memory: '1Ki' },
    }),
    pod('pending', { nodeName: undefined, priority: undefined, containers: [{ name: 'c', resources: { requests: { 'hugepages-2Mi': '4Mi' } } }] }),
    pod('done', { containers: [{ name: 'c', resources: { requests: { cpu: '1' } } }] }, 'Succeeded'),
  ];
  const source = { pods: () => pods };
  podResourceMetrics.started(source);
  t.teardown(() => podResourceMetrics.stopped(source));
  const labels = (name: string, resource: string, unit: string, node = 'n1', priority = '7') =>
    `{namespace="ns",node="${node}",pod="${name}",priority="${priority}",resource="${resource}",scheduler="default-scheduler",unit="${unit}"}`;
  // Series in no particular order, as kube's (a Go map's).
  t.deepEqual(
    (await lines()).sort(),
    [
      // The init container's 2 cpu outweighs main and the sidecar (0.6); the overhead is added. 2010m
      // as AsApproximateFloat64 makes it: 2010 x 10^-3.
      `kube_pod_resource_request${labels('web', 'cpu', 'cores')} 2.0100000000000002`,
      `kube_pod_resource_request${labels('web', 'memory', 'bytes')} 2048`,
      `kube_pod_resource_request${labels('web', 'example.com/gpu', '')} 1`,
      `kube_pod_resource_request${labels('pending', 'hugepages-2Mi', 'bytes', '', '')} 4194304`,
      `kube_pod_resource_limit${labels('web', 'cpu', 'cores')} 1.01`,
      `kube_pod_resource_limit${labels('web', 'memory', 'bytes')} 3072`,
    ].sort(),
  );
  const { body } = await podResourceMetrics.expose(undefined);
  t.true(body.includes('# HELP kube_pod_resource_request [STABLE] Resources requested by workloads on the cluster, broken down by pod.'));
  t.true(body.includes('# TYPE kube_pod_resource_limit gauge'));
});
