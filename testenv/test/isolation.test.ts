// Several control planes at once in one test process, each with a store of its own: what one
// client writes, the others do not see.

import test from 'ava';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { startTestEnv, type TestEnv } from '../src/index.ts';

function core(env: TestEnv): CoreV1Api {
  const config = new KubeConfig();
  config.loadFromString(env.kubeconfig);
  return config.makeApiClient(CoreV1Api);
}

test('three control planes started at once keep their objects apart', async (t) => {
  const envs = await Promise.all([startTestEnv(), startTestEnv(), startTestEnv()]);
  t.teardown(() => Promise.all(envs.map((env) => env.stop())));
  t.is(new Set(envs.map((env) => env.url)).size, 3);
  t.is(new Set(envs.map((env) => env.dir)).size, 3);
  // The same name in each, with a value of each's own; and a namespace in the first only.
  await Promise.all(envs.map((env, i) => core(env).createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'settings' }, data: { owner: `env-${i}` } } })));
  await core(envs[0] as TestEnv).createNamespace({ body: { metadata: { name: 'only-in-first' } } });
  for (const [i, env] of envs.entries()) {
    const configMap = await core(env).readNamespacedConfigMap({ namespace: 'default', name: 'settings' });
    t.is(configMap.data?.owner, `env-${i}`);
    const names = (await core(env).listNamespace()).items.map((namespace) => namespace.metadata?.name);
    t.is(names.includes('only-in-first'), i === 0);
    // Every store starts bootstrapped: the system namespaces are there.
    t.true(names.includes('kube-system'));
  }
});

test('the kubeconfig names an administrator: RBAC allows everything to it and nothing to anonymous', async (t) => {
  const env = await startTestEnv();
  t.teardown(() => env.stop());
  const review = await fetch(`${env.url}/apis/authentication.k8s.io/v1/selfsubjectreviews`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }),
  });
  t.is(review.status, 201);
  t.true(((await review.json()) as { status: { userInfo: { groups: string[] } } }).status.userInfo.groups.includes('system:masters'));
  t.is((await fetch(`${env.url}/api/v1/namespaces/default/secrets`)).status, 403);
});

test('feature gates and runtime config reach the server: batch/v1=false hides Jobs', async (t) => {
  const env = await startTestEnv({ runtimeConfig: ['batch/v1=false'] });
  t.teardown(() => env.stop());
  const headers = { authorization: `Bearer ${env.token}` };
  t.is((await fetch(`${env.url}/apis/batch/v1`, { headers })).status, 404);
  t.is((await fetch(`${env.url}/apis/apps/v1`, { headers })).status, 200);
  const refused = await t.throwsAsync(startTestEnv({ featureGates: ['NoSuchGate=true'] }));
  t.regex(refused.message, /NoSuchGate/);
});
