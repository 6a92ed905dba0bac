// The HPA controller against a real API server. Without a resource metrics API it says why in
// kube's words (conditions, events, an empty metric status) and still applies minReplicas; with
// one (metrics.k8s.io PodMetrics, served here by a CustomResourceDefinition in place of
// metrics-server) it scales a Deployment by CPU utilization within kube's scale-up limit.

import type { HorizontalPodAutoscaler } from '@capstan/common/api-types/autoscaling-v2';
import type { KubeObject } from '@capstan/common/client';
import test from 'ava';
import { horizontalPodAutoscalerController } from '../src/horizontal-pod-autoscaler/index.ts';
import { eventually, kubectl, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';

const deployments = { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'default' };
const hpas = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers', namespace: 'default' };
const pods = { group: '', version: 'v1', resource: 'pods', namespace: 'default' };
type Hpa = HorizontalPodAutoscaler & KubeObject;
type Event = KubeObject & { reason?: string; message?: string; type?: string; involvedObject?: { name?: string } };

async function deployment(cluster: TestCluster, name: string, replicas: number): Promise<void> {
  await cluster.client.create(deployments, {
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '100m' } } }] } },
    },
  });
}

async function hpa(cluster: TestCluster, name: string, spec: Record<string, unknown>): Promise<void> {
  await cluster.client.create(hpas, {
    metadata: { name },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
      ...spec,
    },
  });
}

const eventsOf = async (cluster: TestCluster, name: string): Promise<Event[]> =>
  (await cluster.client.list<Event>({ group: '', version: 'v1', resource: 'events', namespace: 'default' })).items.filter((e) => e.involvedObject?.name === name);

const condition = (object: Hpa, type: string) => object.status?.conditions?.find((c) => c.type === type);

test('without a metrics API the HPA says why, as kube does, and still lifts the target to minReplicas', async (t) => {
  const cluster = await startCluster(t);
  await deployment(cluster, 'web', 2);
  await hpa(cluster, 'web', {});
  await deployment(cluster, 'low', 1);
  await hpa(cluster, 'low', { minReplicas: 3, scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'low' } });
  await hpa(cluster, 'nothing', { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'missing' } });
  await hpa(cluster, 'unknown', { scaleTargetRef: { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w' } });
  runControllers(t, cluster, [horizontalPodAutoscalerController], { horizontalPodAutoscaler: { syncPeriodMs: 500 } });

  const web = await eventually('the web HPA synced', async () => {
    const object = await cluster.client.get<Hpa>({ ...hpas, name: 'web' });
    return condition(object, 'ScalingActive') ? object : undefined;
  });
  const notFound = 'the server could not find the requested resource (get pods.metrics.k8s.io)';
  const cause = `failed to get cpu utilization: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: ${notFound}`;
  t.like(condition(web, 'AbleToScale'), { status: 'True', reason: 'SucceededGetScale', message: "the HPA controller was able to get the target's current scale" });
  t.like(condition(web, 'ScalingActive'), { status: 'False', reason: 'FailedGetResourceMetric', message: `the HPA was unable to compute the replica count: ${cause}` });
  t.like(web.status, { currentReplicas: 2, desiredReplicas: 0, currentMetrics: [{ type: '' }] });
  const webEvents = await eventually('the metric events', async () => {
    const events = await eventsOf(cluster, 'web');
    return events.some((e) => e.reason === 'FailedComputeMetricsReplicas') ? events : undefined;
  });
  t.is(webEvents.find((e) => e.reason === 'FailedGetResourceMetric')?.message, cause);
  t.is(
    webEvents.find((e) => e.reason === 'FailedComputeMetricsReplicas')?.message,
    `invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: ${cause}`,
  );

  // Below minReplicas no metric is needed: the target is scaled up at once.
  const low = await eventually('the low HPA scaled its target', async () => {
    const object = await cluster.client.get<Hpa>({ ...hpas, name: 'low' });
    return object.status?.desiredReplicas === 3 ? object : undefined;
  });
  // The sync that rescaled says so in AbleToScale; the next one (half a second on) says it got the scale.
  t.like(
    condition(low, 'AbleToScale'),
    condition(low, 'AbleToScale')?.reason === 'SucceededRescale'
      ? { status: 'True', message: 'the HPA controller was able to update the target scale to 3' }
      : { status: 'True', reason: 'SucceededGetScale', message: "the HPA controller was able to get the target's current scale" },
  );
  t.truthy(low.status?.lastScaleTime);
  t.is((await cluster.client.get<KubeObject & { spec: { replicas: number } }>({ ...deployments, name: 'low' })).spec.replicas, 3);
  await eventually('the SuccessfulRescale event', async () =>
    (await eventsOf(cluster, 'low')).some((e) => e.reason === 'SuccessfulRescale' && e.message === 'New size: 3; reason: Current number of replicas below Spec.MinReplicas')
      ? true
      : undefined,
  );

  // A missing target and an unknown kind.
  const nothing = await eventually('the nothing HPA synced', async () => condition(await cluster.client.get<Hpa>({ ...hpas, name: 'nothing' }), 'AbleToScale'));
  t.like(nothing, { status: 'False', reason: 'FailedGetScale', message: `the HPA controller was unable to get the target's current scale: deployments.apps "missing" not found` });
  const unknown = await eventually('the unknown HPA synced', async () => condition(await cluster.client.get<Hpa>({ ...hpas, name: 'unknown' }), 'AbleToScale'));
  t.like(unknown, {
    status: 'False',
    reason: 'FailedGetScale',
    message: `the HPA controller was unable to get the target's current scale: no matches for kind "Widget" in group "example.com"`,
  });

  // kubectl shows the targets as kube's printer does when the metric is unknown.
  t.regex(await kubectl(cluster, 'get', 'hpa', 'web', '--no-headers'), /^web\s+Deployment\/web\s+cpu: <unknown>\/50%\s+1\s+10\s+2\s+/);
});

test('with resource metrics the HPA scales a Deployment by CPU utilization, at most doubling in one step', async (t) => {
  const cluster = await startCluster(t);
  // metrics.k8s.io served by a CRD: the same paths and objects metrics-server serves.
  await cluster.client.create(
    { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions' },
    {
      metadata: { name: 'pods.metrics.k8s.io', annotations: { 'api-approved.kubernetes.io': 'unapproved, test stand-in for metrics-server' } },
      spec: {
        group: 'metrics.k8s.io',
        scope: 'Namespaced',
        names: { plural: 'pods', singular: 'podmetrics', kind: 'PodMetrics', listKind: 'PodMetricsList' },
        versions: [{ name: 'v1beta1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    },
  );
  await eventually(
    'the metrics API served',
    async () =>
      await cluster.client.list({ group: 'metrics.k8s.io', version: 'v1beta1', resource: 'pods', namespace: 'default' }).then(
        () => true,
        () => undefined,
      ),
  );
  await deployment(cluster, 'busy', 2);
  const started = new Date(Date.now() - 600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  for (const name of ['busy-a', 'busy-b']) {
    await cluster.client.create(pods, {
      metadata: { name, labels: { app: 'busy' } },
      spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '100m' } } }] },
    });
    await cluster.client.patch(
      { ...pods, name, subresource: 'status' },
      { status: { phase: 'Running', startTime: started, conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: started }] } },
      { type: 'merge' },
    );
    await cluster.client.create(
      { group: 'metrics.k8s.io', version: 'v1beta1', resource: 'pods', namespace: 'default' },
      {
        apiVersion: 'metrics.k8s.io/v1beta1',
        kind: 'PodMetrics',
        metadata: { name, labels: { app: 'busy' } },
        timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        window: '30s',
        containers: [{ name: 'web', usage: { cpu: '200m', memory: '10Mi' } }],
      },
    );
  }
  await hpa(cluster, 'busy', {});
  runControllers(t, cluster, [horizontalPodAutoscalerController], { horizontalPodAutoscaler: { syncPeriodMs: 500 } });
  // 200% of the request against a 50% target asks for 8 (2 pods at 4 times the target); one step
  // may only double (or reach 4), so 4 first, then 8, where it stays: the two pods still ask for 8.
  const busy = await eventually('the busy HPA at 8', async () => {
    const object = await cluster.client.get<Hpa>({ ...hpas, name: 'busy' });
    return object.status?.desiredReplicas === 8 ? object : undefined;
  });
  const rescales = (await eventsOf(cluster, 'busy')).filter((e) => e.reason === 'SuccessfulRescale').map((e) => e.message);
  t.deepEqual(rescales, [
    'New size: 4; reason: cpu resource utilization (percentage of request) above target',
    'New size: 8; reason: cpu resource utilization (percentage of request) above target',
  ]);
  t.like(condition(busy, 'ScalingActive'), {
    status: 'True',
    reason: 'ValidMetricFound',
    message: 'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)',
  });
  t.like(condition(busy, 'ScalingLimited'), { status: 'False', reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' });
  t.deepEqual(busy.status?.currentMetrics, [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 200, averageValue: '200m' } } }]);
  t.is((await cluster.client.get<KubeObject & { spec: { replicas: number } }>({ ...deployments, name: 'busy' })).spec.replicas, 8);
});

test('the limits of one step: stabilization keeps the highest recent recommendation, the scale-up rate and min/max bound it', async (t) => {
  const { ReplicaLimits } = await import('../src/horizontal-pod-autoscaler/replica-limits.ts');
  let now = 0;
  const limits = new ReplicaLimits(300_000, () => now);
  const request = { key: 'ns/a', behavior: undefined, minReplicas: 1, maxReplicas: 20 };
  limits.recordInitial('ns/a', 2);
  const up = limits.normalize({ ...request, currentReplicas: 2, desiredReplicas: 10 });
  t.is(up.replicas, 4);
  t.like(up.conditions[1], { type: 'ScalingLimited', status: 'True', reason: 'ScaleUpLimit' });
  now += 60_000;
  const down = limits.normalize({ ...request, currentReplicas: 4, desiredReplicas: 1 });
  t.is(down.replicas, 8, 'the 10 recommended a minute ago still stands, within the scale-up rate of 4');
  t.like(down.conditions[0], { type: 'AbleToScale', reason: 'ScaleDownStabilized' });
  now += 301_000;
  const later = limits.normalize({ ...request, currentReplicas: 4, desiredReplicas: 1 });
  t.is(later.replicas, 1);
  t.like(later.conditions[1], { status: 'False', reason: 'DesiredWithinRange' });
  const floor = limits.normalize({ ...request, minReplicas: 3, currentReplicas: 4, desiredReplicas: 1 });
  t.like(floor, { replicas: 3 });
  t.like(floor.conditions[1], { status: 'True', reason: 'TooFewReplicas' });
  // With a behavior: a Pods policy of 1 per minute lets one pod go per minute.
  const behavior = { scaleDown: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } };
  const first = limits.normalize({ key: 'ns/b', behavior, minReplicas: 1, maxReplicas: 20, currentReplicas: 5, desiredReplicas: 1 });
  t.like(first, { replicas: 4 });
  t.like(first.conditions[1], { status: 'True', reason: 'ScaleDownLimit' });
  limits.recordScale('ns/b', behavior, 5, 4);
  now += 10_000;
  t.like(limits.normalize({ key: 'ns/b', behavior, minReplicas: 1, maxReplicas: 20, currentReplicas: 4, desiredReplicas: 1 }), { replicas: 4 });
  now += 60_000;
  t.like(limits.normalize({ key: 'ns/b', behavior, minReplicas: 1, maxReplicas: 20, currentReplicas: 4, desiredReplicas: 1 }), { replicas: 3 });
});
