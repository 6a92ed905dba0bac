// The controllers' and the agent's own metrics on a cluster as `capstan up` runs one (an API server,
// the controllers with the scheduler and the node lifecycle controller, an agent on the simulated
// runtime): scheduling a pod moves kube-scheduler's STABLE metrics, a pod no node fits is counted by
// the plugin that rejected it, the zone of the node is watched, every component's REST client counts
// its requests (rest_client_*), and the agent's /metrics/resource and /metrics/probes, read by
// kubectl through nodes/proxy, list the node's and the pod's usage with kube's labels and sample
// timestamps, and the pod's probes by result.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { eventually } from '../../common/test/eventually.ts';
import { hostIP, metricsClusterOfFile } from '../src/metrics-cluster.ts';
import { parsePrometheusText, sampleValue, type Exposition, type Sample } from '../src/prometheus-text.ts';
import { securePortRequest } from '../src/secure-port-request.ts';

const withNode = hostIP === undefined ? test.serial.skip : test.serial;
const nodeName = 'metrics-node';
const profile = 'default-scheduler';

const { started, kubectl } = metricsClusterOfFile({ nodeName, controllers: 'scheduler,node-lifecycle-controller' });

/** The controllers' /metrics, with the admin's token (system:masters may get /metrics). */
async function controllersMetrics(): Promise<Exposition> {
  const { status, body } = await securePortRequest(started().controllersPort, '/metrics', started().token);
  if (status !== 200) throw new Error(`${status}: ${body}`);
  return parsePrometheusText(body);
}

const agentMetrics = async (path: string): Promise<Exposition> => parsePrometheusText(await kubectl('get', '--raw', `/api/v1/nodes/${nodeName}/proxy${path}`));

/** Scrapes until `ready` holds (the components update their metrics on their own time). */
function scrapeUntil(what: string, scrape: () => Promise<Exposition>, ready: (metrics: Exposition) => boolean): Promise<Exposition> {
  return eventually(
    what,
    async () => {
      const metrics = await scrape().catch(() => undefined);
      return metrics !== undefined && ready(metrics) ? metrics : undefined;
    },
    60_000,
  );
}

const samplesOf = (metrics: Exposition, name: string): Sample[] => metrics.samples.filter((sample) => sample.name === name);

const pod = (name: string, cpu: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: {
    containers: [
      {
        name: 'main',
        image: 'busybox',
        command: ['sleep', '3600'],
        resources: { requests: { cpu } },
        readinessProbe: { exec: { command: ['true'] }, periodSeconds: 1 },
      },
    ],
  },
});

async function createPod(name: string, cpu: string): Promise<void> {
  const file = `${started().dir}/${name}.json`;
  writeFileSync(file, JSON.stringify(pod(name, cpu)));
  await kubectl('create', '-f', file);
}

withNode("scheduling a pod moves kube-scheduler's STABLE metrics on the controllers' /metrics, and the binding is counted by rest_client_*", async (t) => {
  await createPod('scheduled', '10m');
  const metrics = await scrapeUntil(
    'the scheduled attempt',
    controllersMetrics,
    (m) => (sampleValue(m, 'scheduler_schedule_attempts_total', { result: 'scheduled', profile }) ?? 0) >= 1,
  );
  t.is(
    metrics.help.get('scheduler_schedule_attempts_total'),
    "[STABLE] Number of attempts to schedule pods, by the result. 'unschedulable' means a pod could not be scheduled, while 'error' means an internal scheduler problem.",
  );
  t.is(metrics.type.get('scheduler_schedule_attempts_total'), 'counter');
  t.is(sampleValue(metrics, 'scheduler_schedule_attempts_total', { result: 'scheduled', profile }), 1);
  t.is(sampleValue(metrics, 'scheduler_scheduling_attempt_duration_seconds_count', { result: 'scheduled', profile }), 1);
  t.is(sampleValue(metrics, 'scheduler_pod_scheduling_attempts_count'), 1);
  t.is(sampleValue(metrics, 'scheduler_pod_scheduling_attempts_bucket', { le: '1' }), 1);
  t.is(sampleValue(metrics, 'scheduler_pod_scheduling_sli_duration_seconds_count', { attempts: '1' }), 1);
  t.true(metrics.help.get('scheduler_pod_scheduling_sli_duration_seconds')?.startsWith('[BETA] E2e latency for a pod being scheduled') ?? false);
  for (const point of ['PreFilter', 'Filter', 'Bind']) {
    t.is(sampleValue(metrics, 'scheduler_framework_extension_point_duration_seconds_count', { extension_point: point, status: 'Success', profile }), 1, point);
  }
  t.is(sampleValue(metrics, 'scheduler_scheduling_algorithm_duration_seconds_count'), 1);
  t.is(sampleValue(metrics, 'scheduler_cache_size', { type: 'nodes' }), 1);
  t.is(sampleValue(metrics, 'scheduler_cache_size', { type: 'pods' }), 1);
  t.is(sampleValue(metrics, 'scheduler_pending_pods', { queue: 'active' }), 0);
  t.is(sampleValue(metrics, 'scheduler_pending_pods', { queue: 'gated' }), 0);
  t.is(sampleValue(metrics, 'scheduler_preemption_attempts_total'), 0);
  t.is(sampleValue(metrics, 'scheduler_preemption_victims_count'), 0);
  t.true(metrics.help.get('scheduler_preemption_victims')?.startsWith('[STABLE] ') ?? false);

  // The binding is a POST of the scheduler's client; the informers' lists are GETs answered 200.
  const host = new URL(started().server.url).host;
  t.true((sampleValue(metrics, 'rest_client_requests_total', { code: '201', method: 'POST', host }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'rest_client_requests_total', { code: '200', method: 'GET', host }) ?? 0) >= 1);
  t.is(metrics.help.get('rest_client_requests_total'), '[ALPHA] Number of HTTP requests, partitioned by status code, method, and host.');
  t.true((sampleValue(metrics, 'rest_client_request_duration_seconds_count', { verb: 'POST', host }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'rest_client_request_size_bytes_count', { verb: 'POST', host }) ?? 0) >= 1);
  t.is(sampleValue(metrics, 'rest_client_request_size_bytes_bucket', { verb: 'POST', host, le: '64' }), 0, 'a Binding is more than 64 bytes');
  t.true((sampleValue(metrics, 'rest_client_response_size_bytes_count', { verb: 'GET', host }) ?? 0) >= 1);
  t.is(sampleValue(metrics, 'rest_client_exec_plugin_ttl_seconds'), Number.POSITIVE_INFINITY);
});

withNode('a pod no node fits waits as unschedulable, counted by the plugin that rejected it, and its preemption attempt is counted', async (t) => {
  await createPod('too-big', '1000');
  const metrics = await scrapeUntil('the unschedulable pod', controllersMetrics, (m) => sampleValue(m, 'scheduler_pending_pods', { queue: 'unschedulable' }) === 1);
  t.is(sampleValue(metrics, 'scheduler_unschedulable_pods', { plugin: 'NodeResourcesFit', profile }), 1);
  t.is(metrics.help.get('scheduler_unschedulable_pods')?.startsWith('[ALPHA] The number of unschedulable pods broken down by plugin name.'), true);
  t.true((sampleValue(metrics, 'scheduler_schedule_attempts_total', { result: 'unschedulable', profile }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'scheduler_preemption_attempts_total') ?? 0) >= 1);
  t.true((sampleValue(metrics, 'scheduler_framework_extension_point_duration_seconds_count', { extension_point: 'PostFilter', status: 'Unschedulable', profile }) ?? 0) >= 1);

  await kubectl('delete', 'pod', 'too-big', '--wait=false');
  const after = await scrapeUntil('the pod gone from the queue', controllersMetrics, (m) => sampleValue(m, 'scheduler_pending_pods', { queue: 'unschedulable' }) === 0);
  t.is(sampleValue(after, 'scheduler_unschedulable_pods', { plugin: 'NodeResourcesFit', profile }), 0);
});

withNode("the node lifecycle controller watches the node's zone (kube's node_collector_* with the empty zone key)", async (t) => {
  const metrics = await scrapeUntil('the zone observed', controllersMetrics, (m) => sampleValue(m, 'node_collector_zone_size', { zone: '' }) === 1);
  t.is(sampleValue(metrics, 'node_collector_zone_health', { zone: '' }), 100);
  t.is(sampleValue(metrics, 'node_collector_unhealthy_nodes_in_zone', { zone: '' }), 0);
  t.is(sampleValue(metrics, 'node_collector_evictions_total', { zone: '' }), 0);
  t.is(metrics.help.get('node_collector_evictions_total'), '[STABLE] Number of Node evictions that happened since current instance of NodeController started.');
  t.true((sampleValue(metrics, 'node_collector_update_all_nodes_health_duration_seconds_count') ?? 0) >= 1);
  t.true((sampleValue(metrics, 'node_collector_update_node_health_duration_seconds_count') ?? 0) >= 1);
});

withNode("the agent's /metrics/resource lists the node's and the running pod's usage with kube's labels and timestamps", async (t) => {
  await eventually('the pod running', async () => ((await kubectl('get', 'pod', 'scheduled', '-o', 'jsonpath={.status.phase}')) === 'Running' ? true : undefined), 60_000);
  const before = Date.now();
  const metrics = await scrapeUntil(
    'the container listed',
    () => agentMetrics('/metrics/resource'),
    (m) => samplesOf(m, 'container_start_time_seconds').length === 1,
  );
  const after = Date.now();
  t.is(sampleValue(metrics, 'resource_scrape_error'), 0);
  t.is(metrics.help.get('node_cpu_usage_seconds_total'), '[STABLE] Cumulative cpu time consumed by the node in core-seconds');
  t.is(metrics.type.get('node_cpu_usage_seconds_total'), 'counter');
  t.is(metrics.help.get('container_memory_working_set_bytes'), '[STABLE] Current working set of the container in bytes');
  // The host's own readings: CPU time and memory in use, measured at the scrape.
  const [nodeCpu] = samplesOf(metrics, 'node_cpu_usage_seconds_total');
  t.true((nodeCpu?.value ?? 0) > 0);
  t.true((nodeCpu?.timestampMs ?? 0) >= before - 1000 && (nodeCpu?.timestampMs ?? 0) <= after + 1000);
  t.true((sampleValue(metrics, 'node_memory_working_set_bytes') ?? 0) > 0);

  const labels = { container: 'main', pod: 'scheduled', namespace: 'default' };
  t.deepEqual(samplesOf(metrics, 'container_start_time_seconds')[0]?.labels, labels);
  const createdAt = Date.parse(await kubectl('get', 'pod', 'scheduled', '-o', 'jsonpath={.metadata.creationTimestamp}'));
  const startTime = (sampleValue(metrics, 'container_start_time_seconds', labels) ?? 0) * 1000;
  t.true(startTime >= createdAt - 1000 && startTime <= after, `container created at ${new Date(startTime).toISOString()}`);
  // The simulated runtime's containers use no CPU or memory of their own; the samples still carry when they were measured.
  const cpu = samplesOf(metrics, 'container_cpu_usage_seconds_total')[0];
  t.deepEqual(cpu?.labels, labels);
  t.is(cpu?.value, 0);
  t.true((cpu?.timestampMs ?? 0) >= before - 1000 && (cpu?.timestampMs ?? 0) <= after + 1000);
  t.is(sampleValue(metrics, 'container_memory_working_set_bytes', labels), 0);
  t.is(sampleValue(metrics, 'container_swap_usage_bytes', labels), 0);
  t.is(sampleValue(metrics, 'pod_cpu_usage_seconds_total', { pod: 'scheduled', namespace: 'default' }), 0);
  t.is(sampleValue(metrics, 'pod_memory_working_set_bytes', { pod: 'scheduled', namespace: 'default' }), 0);
  t.truthy(samplesOf(metrics, 'pod_memory_working_set_bytes')[0]?.timestampMs);
  // An endpoint of its own: the process metrics of /metrics are not there.
  t.false(metrics.type.has('process_cpu_seconds_total'));
});

withNode("the agent's /metrics counts its REST client's requests to the API server (node status, leases, pod status)", async (t) => {
  const host = new URL(started().server.url).host;
  // The node's Lease is created (POST) at registration and first renewed (PUT) a quarter of its
  // duration later: wait for that renewal rather than assume it happened.
  const metrics = await scrapeUntil(
    'a lease renewal',
    () => agentMetrics('/metrics'),
    (m) => (sampleValue(m, 'rest_client_requests_total', { code: '200', method: 'PUT', host }) ?? 0) >= 1,
  );
  t.true((sampleValue(metrics, 'rest_client_requests_total', { code: '200', method: 'PUT', host }) ?? 0) >= 1, 'lease renewals');
  t.true((sampleValue(metrics, 'rest_client_requests_total', { code: '200', method: 'PATCH', host }) ?? 0) >= 1, 'node and pod status');
  t.true((sampleValue(metrics, 'rest_client_request_duration_seconds_count', { verb: 'PATCH', host }) ?? 0) >= 1);
});

withNode("the agent's /metrics/probes counts the pod's readiness probes by result, beside the process start time", async (t) => {
  const uid = await kubectl('get', 'pod', 'scheduled', '-o', 'jsonpath={.metadata.uid}');
  const labels = { probe_type: 'Readiness', result: 'successful', container: 'main', pod: 'scheduled', namespace: 'default', pod_uid: uid };
  const metrics = await scrapeUntil(
    'two readiness probes',
    () => agentMetrics('/metrics/probes'),
    (m) => (sampleValue(m, 'prober_probe_total', labels) ?? 0) >= 2,
  );
  t.is(metrics.help.get('prober_probe_total'), '[BETA] Cumulative number of a liveness, readiness or startup probe for a container by result.');
  t.is(sampleValue(metrics, 'prober_probe_total', { ...labels, result: 'failed' }), undefined);
  const { result: _result, pod_uid: _uid, ...durationLabels } = labels;
  t.true((sampleValue(metrics, 'prober_probe_duration_seconds_count', durationLabels) ?? 0) >= 2);
  t.true((sampleValue(metrics, 'process_start_time_seconds') ?? 0) > 1.7e9);
  t.false(metrics.type.has('kubelet_running_pods'));
});
