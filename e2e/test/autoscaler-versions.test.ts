// HorizontalPodAutoscalers are one stored object seen through autoscaling/v1 and /v2: v1's cpu
// target is v2's cpu metric; what v1 cannot say rides in annotations; kubectl prints kube's columns.

import test from 'ava';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const url = (version: string, name = '') => `${shared.server().url}/apis/autoscaling/${version}/namespaces/default/horizontalpodautoscalers${name === '' ? '' : `/${name}`}`;
const getJson = async (path: string): Promise<Record<string, any>> => (await (await fetch(path)).json()) as Record<string, any>;
const scaleTargetRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };

test('kubectl autoscale: read through v1 with targetCPUUtilizationPercentage, through v2 with the cpu metric; kubectl get hpa prints its columns', async (t) => {
  await shared.kubectl('create', 'deployment', 'web', '--image=nginx');
  await shared.kubectl('autoscale', 'deployment', 'web', '--min=2', '--max=5', '--cpu=60%');
  t.like((await getJson(url('v1', 'web'))).spec, { minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 60, scaleTargetRef });
  const v2 = await getJson(url('v2', 'web'));
  t.is(v2.apiVersion, 'autoscaling/v2');
  t.deepEqual(v2.spec.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }]);
  t.regex(
    (await shared.kubectl('get', 'hpa', 'web')).stdout,
    /^NAME\s+REFERENCE\s+TARGETS\s+MINPODS\s+MAXPODS\s+REPLICAS\s+AGE\nweb\s+Deployment\/web\s+cpu: <unknown>\/60%\s+2\s+5\s+0\s+\S+\n$/,
  );
});

test('a v2 autoscaler with a memory metric and behavior keeps them through a v1 read and write', async (t) => {
  const metrics = [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
    { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } },
  ];
  const behavior = { scaleDown: { stabilizationWindowSeconds: 120 } };
  const created = await fetch(url('v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'mixed' }, spec: { scaleTargetRef, minReplicas: 1, maxReplicas: 4, metrics, behavior } }),
  });
  t.is(created.status, 201);
  const v1 = await getJson(url('v1', 'mixed'));
  t.is(v1.spec.targetCPUUtilizationPercentage, 70);
  t.false('metrics' in v1.spec);
  t.deepEqual(JSON.parse(v1.metadata.annotations['autoscaling.alpha.kubernetes.io/metrics']), [metrics[1]]);
  // A v1 client writes back what it read (with a new maxReplicas): nothing of v2 is lost.
  const replaced = await fetch(url('v1', 'mixed'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...v1, spec: { ...v1.spec, maxReplicas: 6 } }),
  });
  t.is(replaced.status, 200);
  const v2 = await getJson(url('v2', 'mixed'));
  t.deepEqual(v2.spec.metrics, metrics);
  // Behavior comes back with kube's defaults filled in around what was set.
  t.deepEqual(v2.spec.behavior, {
    scaleUp: {
      stabilizationWindowSeconds: 0,
      selectPolicy: 'Max',
      policies: [
        { type: 'Pods', value: 4, periodSeconds: 15 },
        { type: 'Percent', value: 100, periodSeconds: 15 },
      ],
    },
    scaleDown: { ...behavior.scaleDown, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
  });
  t.is(v2.spec.maxReplicas, 6);
  t.is(v2.metadata.annotations, undefined);
});
