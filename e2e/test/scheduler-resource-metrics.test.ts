// kube-scheduler's /metrics/resources and scheduler_queue_incoming_pods_total on a cluster as
// `capstan up` runs one (an API server, the controllers with the scheduler and the node lifecycle
// controller, which lifts the agent's not-ready taint, an agent on the simulated runtime): a pod's
// requests and limits are listed by kube_pod_resource_request and kube_pod_resource_limit with
// kube's labels and units, a pod no node fits is listed with an empty node, and each pod that
// entered the scheduling queue is counted under kube's event label. The controllers' secure port
// serves the path (kube-scheduler serves it on its own), authorized as /metrics is.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { eventually } from '../../common/test/eventually.ts';
import { hostIP, metricsClusterOfFile } from '../src/metrics-cluster.ts';
import { parsePrometheusText, sampleValue, type Exposition } from '../src/prometheus-text.ts';
import { securePortRequest } from '../src/secure-port-request.ts';

const withNode = hostIP === undefined ? test.serial.skip : test.serial;
const nodeName = 'resources-node';

const { started, kubectl } = metricsClusterOfFile({
  nodeName,
  controllers: 'scheduler,node-lifecycle-controller',
  // RBAC, so that the secure port's refusals can be compared.
  apiServerArgs: ['--authorization-mode=Node,RBAC'],
  ready: async (cluster) => {
    await eventually(
      'the not-ready taint the agent registered with lifted',
      async () => ((await cluster.kubectl('get', 'node', nodeName, '-o', 'jsonpath={.spec.taints}')) === '' ? true : undefined),
      60_000,
    );
  },
});

/** A scrape of the controllers' secure port with the admin's token (system:masters may get it). */
async function scrape(path: string): Promise<Exposition> {
  const { status, body } = await securePortRequest(started().controllersPort, path, started().token);
  if (status !== 200) throw new Error(`${status}: ${body}`);
  return parsePrometheusText(body);
}

/** Scrapes `path` until `ready` holds (the scheduler updates what it counts on its own time). */
function scrapeUntil(what: string, path: string, ready: (metrics: Exposition) => boolean): Promise<Exposition> {
  return eventually(
    what,
    async () => {
      const metrics = await scrape(path).catch(() => undefined);
      return metrics !== undefined && ready(metrics) ? metrics : undefined;
    },
    60_000,
  );
}

async function createPod(name: string, resources: Record<string, Record<string, string>>): Promise<void> {
  const file = `${started().dir}/${name}.json`;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'main', image: 'busybox', command: ['sleep', '3600'], resources }] },
  };
  writeFileSync(file, JSON.stringify(pod));
  await kubectl('create', '-f', file);
}

const labelsOf = (pod: string, node: string, resource: string, unit: string) => ({
  namespace: 'default',
  node,
  pod,
  priority: '0',
  resource,
  scheduler: 'default-scheduler',
  unit,
});

withNode('a scheduled pod is counted as it entered activeQ, and its requests and limits are listed at /metrics/resources', async (t) => {
  await createPod('sized', { requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: '1', memory: '128Mi' } });
  await eventually('the pod bound', async () => ((await kubectl('get', 'pod', 'sized', '-o', 'jsonpath={.spec.nodeName}')) === nodeName ? true : undefined), 60_000).catch(
    async (error: unknown) => {
      t.log(await kubectl('get', 'pod', 'sized', '-o', 'yaml'));
      throw error;
    },
  );

  const metrics = await scrapeUntil(
    'the queue counter',
    '/metrics',
    (m) => (sampleValue(m, 'scheduler_queue_incoming_pods_total', { event: 'UnschedulablePodAdd', queue: 'active' }) ?? 0) >= 1,
  );
  t.is(sampleValue(metrics, 'scheduler_queue_incoming_pods_total', { event: 'UnschedulablePodAdd', queue: 'active' }), 1);
  t.is(metrics.help.get('scheduler_queue_incoming_pods_total'), '[STABLE] Number of pods added to scheduling queues by event and queue type.');
  t.is(metrics.type.get('scheduler_queue_incoming_pods_total'), 'counter');

  const resources = await scrapeUntil('the pod listed', '/metrics/resources', (m) => m.samples.some((sample) => sample.labels.pod === 'sized'));
  t.is(sampleValue(resources, 'kube_pod_resource_request', labelsOf('sized', nodeName, 'cpu', 'cores')), 0.25);
  t.is(sampleValue(resources, 'kube_pod_resource_request', labelsOf('sized', nodeName, 'memory', 'bytes')), 64 * 2 ** 20);
  t.is(sampleValue(resources, 'kube_pod_resource_limit', labelsOf('sized', nodeName, 'cpu', 'cores')), 1);
  t.is(sampleValue(resources, 'kube_pod_resource_limit', labelsOf('sized', nodeName, 'memory', 'bytes')), 128 * 2 ** 20);
  t.deepEqual(Object.keys(resources.samples.find((sample) => sample.labels.pod === 'sized')?.labels ?? {}), [
    'namespace',
    'node',
    'pod',
    'priority',
    'resource',
    'scheduler',
    'unit',
  ]);
  t.is(resources.type.get('kube_pod_resource_request'), 'gauge');
  t.true(resources.help.get('kube_pod_resource_request')?.startsWith('[STABLE] Resources requested by workloads on the cluster, broken down by pod.') ?? false);
  t.true(resources.help.get('kube_pod_resource_limit')?.startsWith('[STABLE] Resources limit for workloads on the cluster, broken down by pod.') ?? false);
  // Only the pods' series: not the controllers' own metrics.
  t.deepEqual(new Set(resources.samples.map((sample) => sample.name)), new Set(['kube_pod_resource_request', 'kube_pod_resource_limit']));
});

withNode('a pod no node fits is listed with an empty node, and counted as it waits as unschedulable', async (t) => {
  await createPod('unfit', { requests: { cpu: '1000' } });
  const metrics = await scrapeUntil(
    'the failed attempt counted',
    '/metrics',
    (m) => (sampleValue(m, 'scheduler_queue_incoming_pods_total', { event: 'ScheduleAttemptFailure', queue: 'unschedulable' }) ?? 0) >= 1,
  );
  t.is(sampleValue(metrics, 'scheduler_queue_incoming_pods_total', { event: 'UnschedulablePodAdd', queue: 'active' }), 2);
  const resources = await scrape('/metrics/resources');
  t.is(sampleValue(resources, 'kube_pod_resource_request', labelsOf('unfit', '', 'cpu', 'cores')), 1000);
  // A limit never set is no series.
  t.false(resources.samples.some((sample) => sample.name === 'kube_pod_resource_limit' && sample.labels.pod === 'unfit'));
  await kubectl('delete', 'pod', 'unfit', '--wait=false');
  await scrapeUntil('the deleted pod gone', '/metrics/resources', (m) => !m.samples.some((sample) => sample.labels.pod === 'unfit'));
  t.pass();
});

withNode('/metrics/resources asks for the same authorization as /metrics', async (t) => {
  const anonymousMetrics = await securePortRequest(started().controllersPort, '/metrics', undefined);
  const anonymousResources = await securePortRequest(started().controllersPort, '/metrics/resources', undefined);
  t.is(anonymousMetrics.status, 403);
  t.is(anonymousResources.status, 403);
  const status = JSON.parse(anonymousResources.body) as { kind: string; code: number; message: string };
  t.like(status, { kind: 'Status', code: 403 });
  t.regex(status.message, /User "system:anonymous" cannot get path "\/metrics\/resources"/);
  const invalid = await securePortRequest(started().controllersPort, '/metrics/resources', 'not-a-token');
  t.is(invalid.status, (await securePortRequest(started().controllersPort, '/metrics', 'not-a-token')).status);
});
