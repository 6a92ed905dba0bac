// Test support for the StatefulSet tests: the set "web" of kube's documentation (nginx pods behind
// the headless Service "nginx", one claim "www" each), and a cluster running the StatefulSet
// controller with a PodRunner standing in for the kubelets.

import type { ExecutionContext } from 'ava';
import type { StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import { statefulSetController } from '../src/statefulset/index.ts';
import { runControllers, startCluster } from './controller-fixture.ts';
import { PodRunner, type PodRunnerOptions } from './workload-pod-runner.ts';

export async function startStatefulSetCluster(t: ExecutionContext, options: PodRunnerOptions = {}) {
  const cluster = await startCluster(t);
  const runner = await PodRunner.start(cluster.client, options);
  t.teardown(() => runner.stop());
  runControllers(t, cluster, [statefulSetController]);
  return { cluster, client: cluster.client, runner };
}

export function webStatefulSet(replicas: number, extra: Record<string, unknown> = {}): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: {
      replicas,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'registry.k8s.io/nginx-slim:0.8' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as PersistentVolumeClaim],
      ...extra,
    },
  };
}
