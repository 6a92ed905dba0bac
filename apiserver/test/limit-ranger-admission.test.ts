// LimitRanger against a real API server, with the texts kube-apiserver 1.35 answers for the same
// requests: a new pod's containers and init containers get the namespace's default requests and
// limits and the kubernetes.io/limit-ranger annotation; a pod or claim past a minimum, maximum or
// ratio is refused (403) with every violation; a LimitRange elsewhere changes nothing.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-limit-ranger-' });
});
test.after.always(() => server?.stop());

type Json = Record<string, any>;

async function post(path: string, body: Json): Promise<{ status: number; body: Json }> {
  const { url, token } = server as ApiServerChild;
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Json };
}

const limitRange = {
  metadata: { name: 'lr' },
  spec: {
    limits: [
      {
        type: 'Container',
        default: { cpu: '500m', memory: '256Mi' },
        defaultRequest: { cpu: '250m' },
        max: { cpu: '1' },
        min: { cpu: '100m' },
        maxLimitRequestRatio: { cpu: '4' },
      },
      { type: 'Pod', max: { memory: '1Gi' } },
      { type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '2Gi' } },
    ],
  },
};

async function namespaceWithLimits(name: string): Promise<void> {
  await post('/api/v1/namespaces', { metadata: { name } });
  const created = await post(`/api/v1/namespaces/${name}/limitranges`, limitRange);
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
}

test('a new pod gets the default requests and limits it lacks, with kube annotation', async (t) => {
  await namespaceWithLimits('defaults');
  const pod = {
    metadata: { name: 'a' },
    spec: {
      initContainers: [{ name: 'i', image: 'x' }],
      containers: [
        { name: 'c', image: 'x' },
        { name: 'd', image: 'x', resources: { limits: { cpu: '200m' } } },
      ],
    },
  };
  const { status, body } = await post('/api/v1/namespaces/defaults/pods', pod);
  t.is(status, 201, JSON.stringify(body));
  t.is(
    body.metadata.annotations['kubernetes.io/limit-ranger'],
    'LimitRanger plugin set: cpu, memory request for container c; cpu, memory limit for container c; memory request for container d; memory limit for container d; ' +
      'cpu, memory request for init container i; cpu, memory limit for init container i',
  );
  t.deepEqual(
    [...body.spec.initContainers, ...body.spec.containers].map((container: Json) => container.resources),
    [
      { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '250m', memory: '256Mi' } },
      { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '250m', memory: '256Mi' } },
      { limits: { cpu: '200m', memory: '256Mi' }, requests: { cpu: '200m', memory: '256Mi' } },
    ],
  );
  // Elsewhere no LimitRange applies.
  await post('/api/v1/namespaces', { metadata: { name: 'unlimited' } });
  const other = await post('/api/v1/namespaces/unlimited/pods', { metadata: { name: 'a' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
  t.is(other.status, 201);
  t.is(other.body.metadata.annotations, undefined);
});

test('a pod or claim past the limits is refused with every violation, in kube words', async (t) => {
  await namespaceWithLimits('bounds');
  const pod = { metadata: { name: 'b' }, spec: { containers: [{ name: 'c', image: 'x', resources: { limits: { cpu: '2', memory: '2Gi' }, requests: { cpu: '50m' } } }] } };
  const refused = await post('/api/v1/namespaces/bounds/pods', pod);
  t.is(refused.status, 403);
  t.like(refused.body, {
    reason: 'Forbidden',
    details: { name: 'b', kind: 'pods' },
    message:
      'pods "b" is forbidden: [minimum cpu usage per Container is 100m, but request is 50m, maximum cpu usage per Container is 1, but limit is 2, ' +
      'cpu max limit to request ratio per Container is 4, but provided ratio is 40.000000, maximum memory usage per Pod is 1Gi, but limit is 2Gi]',
  });
  const single = await post('/api/v1/namespaces/bounds/pods', {
    metadata: { name: 'big' },
    spec: { containers: [{ name: 'c', image: 'x', resources: { limits: { cpu: '2' } } }] },
  });
  t.is(single.body.message, 'pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
  const claim = { metadata: { name: 'c' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } } };
  const claimRefused = await post('/api/v1/namespaces/bounds/persistentvolumeclaims', claim);
  t.is(claimRefused.status, 403);
  t.is(claimRefused.body.message, 'persistentvolumeclaims "c" is forbidden: maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 5Gi');
  const small = await post('/api/v1/namespaces/bounds/persistentvolumeclaims', { ...claim, spec: { ...claim.spec, resources: { requests: { storage: '1Mi' } } } });
  t.is(small.body.message, 'persistentvolumeclaims "c" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 1Mi');
  const fits = await post('/api/v1/namespaces/bounds/persistentvolumeclaims', { ...claim, spec: { ...claim.spec, resources: { requests: { storage: '1Gi' } } } });
  t.is(fits.status, 201);
});
