// PersistentVolumes as kube's strategy keeps them: status.lastPhaseTransitionTime set on create and
// by a status write that changes the phase (unless the writer sets a new time), kept by one that
// does not; a hostPath source gets its type defaulted to "".

import test from 'ava';
import { startApiServerChild } from '../../common/test/api-server-child.ts';

type Volume = { metadata: Record<string, unknown>; spec: { hostPath?: { type?: string } }; status: { phase?: string; lastPhaseTransitionTime?: string }; message?: string };

test('the phase transition time follows phase changes; hostPath.type defaults to ""', async (t) => {
  const server = await startApiServerChild({ prefix: 'capstan-pv-phase-' });
  t.teardown(() => server.stop());
  const url = `${server.url}/api/v1/persistentvolumes`;
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Volume }> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Volume };
  };
  const created = await call('POST', '', { metadata: { name: 'pv1' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/pv1' } } });
  t.is(created.status, 201, created.body.message);
  t.is(created.body.spec.hostPath?.type, '');
  t.is(created.body.status.phase, 'Pending');
  t.regex(created.body.status.lastPhaseTransitionTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const stale = '2020-01-01T00:00:00Z';
  // A phase change with the old time (or none) gets a new time; a phase kept keeps its time.
  const available = await call('PUT', '/pv1/status', { ...created.body, status: { phase: 'Available', lastPhaseTransitionTime: created.body.status.lastPhaseTransitionTime } });
  t.is(available.body.status.phase, 'Available');
  t.not(available.body.status.lastPhaseTransitionTime, undefined);
  const chosen = await call('PUT', '/pv1/status', { ...available.body, status: { phase: 'Released', lastPhaseTransitionTime: stale } });
  t.is(chosen.body.status.lastPhaseTransitionTime, stale, "a writer's own new time is kept");
  const kept = await call('PUT', '/pv1/status', { ...chosen.body, status: { phase: 'Released' } });
  t.is(kept.body.status.lastPhaseTransitionTime, stale, 'no phase change, no time sent: the time stays');
  const changed = await call('PUT', '/pv1/status', { ...kept.body, status: { phase: 'Available' } });
  t.not(changed.body.status.lastPhaseTransitionTime, stale);
});
