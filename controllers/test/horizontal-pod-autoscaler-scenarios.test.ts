// More HPA scenarios against a real API server, with expectations taken from kube-controller-manager
// 1.35.4: without a metrics API the HPA says it cannot compute a replica count (ScalingActive
// False, FailedGetResourceMetric); with metrics.k8s.io served (here by a custom resource of that
// group, as a metrics server's aggregated API would serve it) a Deployment at 150% of its cpu
// request is scaled up, limited to double, and one under its memory target is held by the
// scale-down stabilization window; a target outside [min, max] is brought inside.

import test from 'ava';
import type { HorizontalPodAutoscaler } from '@capstan/common/api-types/autoscaling-v2';
import type { Event } from '@capstan/common/api-types/core-v1';
import { horizontalPodAutoscalerController } from '../src/horizontal-pod-autoscaler/index.ts';
import { defaultAutoscalerOptions } from '../src/horizontal-pod-autoscaler/autoscaler-options.ts';
import { eventually, kubectl, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';

const hpas = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers', namespace: 'default' };
const deployments = { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'default' };
const pods = { group: '', version: 'v1', resource: 'pods', namespace: 'default' };
const events = { group: '', version: 'v1', resource: 'events', namespace: 'default' };
const podMetrics = { group: 'metrics.k8s.io', version: 'v1beta1', resource: 'pods', namespace: 'default' };

const deployment = (name: string, replicas: number) => ({
  metadata: { name },
  spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});
const hpa = (name: string, metric: object, extra: object = {}) => ({
  metadata: { name },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name }, minReplicas: 1, maxReplicas: 10, metrics: [{ type: 'Resource', resource: metric }], ...extra },
});

function run(t: Parameters<typeof runControllers>[0], cluster: TestCluster): void {
  runControllers(t, cluster, [horizontalPodAutoscalerController], { horizontalPodAutoscaler: { ...defaultAutoscalerOptions, syncPeriodMs: 1_000 } });
}

/** The HPA once its ScalingActive condition has the reason. */
const withScalingActive = (cluster: TestCluster, name: string, reason: string) =>
  eventually(`HPA ${name} ScalingActive ${reason}`, async () => {
    const found = await cluster.client.get<HorizontalPodAutoscaler>({ ...hpas, name });
    return found.status?.conditions?.find((condition) => condition.type === 'ScalingActive')?.reason === reason ? found : undefined;
  });

const eventsOf = async (cluster: TestCluster, name: string) =>
  (await cluster.client.list<Event>(events, { fieldSelector: `involvedObject.name=${name},involvedObject.kind=HorizontalPodAutoscaler` })).items;

test('without a metrics API the HPA says why it computes nothing, as kube does; a target above maxReplicas is scaled down to it', async (t) => {
  const cluster = await startCluster(t);
  run(t, cluster);
  await cluster.client.create(deployments, deployment('web', 2));
  await kubectl(cluster, 'autoscale', 'deployment', 'web', '--cpu=50%', '--min=1', '--max=5');
  const failing = await withScalingActive(cluster, 'web', 'FailedGetResourceMetric');
  const cause =
    'failed to get cpu utilization: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)';
  t.like(failing.status, { currentReplicas: 2, desiredReplicas: 0, currentMetrics: [{ type: '' }] });
  t.like(failing.status?.conditions, [
    { type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: "the HPA controller was able to get the target's current scale" },
    { type: 'ScalingActive', status: 'False', message: `the HPA was unable to compute the replica count: ${cause}` },
  ]);
  const recorded = await eventually('both warnings', async () => {
    const found = await eventsOf(cluster, 'web');
    return found.length >= 2 ? found : undefined;
  });
  t.like(
    recorded.find((event) => event.reason === 'FailedGetResourceMetric'),
    { type: 'Warning', message: cause, source: { component: 'horizontal-pod-autoscaler' } },
  );
  t.like(
    recorded.find((event) => event.reason === 'FailedComputeMetricsReplicas'),
    { type: 'Warning', message: `invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: ${cause}` },
  );

  await cluster.client.create(deployments, deployment('many', 8));
  await kubectl(cluster, 'autoscale', 'deployment', 'many', '--cpu=50%', '--min=1', '--max=5');
  await eventually('many scaled to 5', async () =>
    (await cluster.client.get<{ metadata?: object; spec?: { replicas?: number } }>({ ...deployments, name: 'many' })).spec?.replicas === 5 ? true : undefined,
  );
  t.like(
    (await eventsOf(cluster, 'many')).find((event) => event.reason === 'SuccessfulRescale'),
    { message: 'New size: 5; reason: Current number of replicas above Spec.MaxReplicas' },
  );
});

test('with metrics.k8s.io served, cpu above target scales up (at most double) and memory below target waits out the stabilization window', async (t) => {
  const cluster = await startCluster(t);
  run(t, cluster);
  // metrics.k8s.io/v1beta1 pods, served as a metrics server's aggregated API would serve them.
  await cluster.client.create(
    { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions' },
    {
      metadata: { name: 'pods.metrics.k8s.io', annotations: { 'api-approved.kubernetes.io': 'https://github.com/kubernetes/kubernetes/pull/1' } },
      spec: {
        group: 'metrics.k8s.io',
        names: { kind: 'PodMetrics', listKind: 'PodMetricsList', plural: 'pods', singular: 'podmetrics' },
        scope: 'Namespaced',
        versions: [{ name: 'v1beta1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    },
  );
  await eventually(
    'metrics.k8s.io served',
    async () =>
      await cluster.client.list(podMetrics).then(
        () => true,
        () => undefined,
      ),
  );
  const started = new Date(Date.now() - 600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  for (const app of ['cpu', 'mem']) {
    await cluster.client.create(deployments, deployment(app, 2));
    for (const i of [1, 2]) {
      await cluster.client.create(pods, {
        metadata: { name: `${app}-${i}`, labels: { app } },
        spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m', memory: '64Mi' } } }] },
      });
      // Running and Ready for ten minutes: past the cpu initialization period.
      await cluster.client.patch(
        { ...pods, name: `${app}-${i}`, subresource: 'status' },
        { status: { phase: 'Running', startTime: started, conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: started }] } },
        { type: 'merge' },
      );
      await cluster.client.create(podMetrics, {
        metadata: { name: `${app}-${i}`, labels: { app } },
        timestamp: new Date().toISOString(),
        window: '15s',
        containers: [{ name: 'c', usage: { cpu: '150m', memory: '50Mi' } }],
      });
    }
  }
  await cluster.client.create(hpas, hpa('cpu', { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } }));
  await cluster.client.create(hpas, hpa('mem', { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } }));

  const cpu = await withScalingActive(cluster, 'cpu', 'ValidMetricFound');
  t.like(cpu.status, {
    currentReplicas: 2,
    desiredReplicas: 4,
    currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 150, averageValue: '150m' } } }],
  });
  t.like(cpu.status?.conditions, [
    { type: 'AbleToScale', reason: 'SucceededRescale', message: 'the HPA controller was able to update the target scale to 4' },
    { type: 'ScalingActive', status: 'True', message: 'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)' },
    { type: 'ScalingLimited', status: 'True', reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' },
  ]);
  t.truthy(cpu.status?.lastScaleTime);
  // Events are written after the status, one after another: wait for it.
  t.like(await eventually('the SuccessfulRescale event', async () => (await eventsOf(cluster, 'cpu')).find((event) => event.reason === 'SuccessfulRescale')), {
    type: 'Normal',
    message: 'New size: 4; reason: cpu resource utilization (percentage of request) above target',
  });

  const mem = await withScalingActive(cluster, 'mem', 'ValidMetricFound');
  t.like(mem.status, { currentReplicas: 2, desiredReplicas: 2, currentMetrics: [{ type: 'Resource', resource: { name: 'memory', current: { averageValue: '50Mi' } } }] });
  t.like(mem.status?.conditions, [
    { type: 'AbleToScale', reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation' },
    { type: 'ScalingActive', status: 'True', message: 'the HPA was able to successfully calculate a replica count from memory resource' },
    { type: 'ScalingLimited', status: 'False', reason: 'DesiredWithinRange' },
  ]);
  const table = await kubectl(cluster, 'get', 'hpa');
  t.regex(table, /^cpu\s+Deployment\/cpu\s+cpu: 150%\/50%\s+1\s+10\s+/m);
  t.regex(table, /^mem\s+Deployment\/mem\s+memory: 50Mi\/100Mi\s+1\s+10\s+2\s+/m);
});
