import test from 'ava';
import { isConflict, type KubeObject } from '@capstan/common/client';
import { LeaderElectorOnThread } from '../src/leader-election/elector-on-thread.ts';
import { LeaderElector, type LeaderElectionConfig } from '../src/leader-election/leader-elector.ts';
import { eventually, startCluster } from './controller-fixture.ts';

type Lease = KubeObject & { spec: { holderIdentity?: string; leaseDurationSeconds?: number; acquireTime?: string; renewTime?: string; leaseTransitions?: number } };

const timing = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 };
const lease = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: 'kube-system', name: 'kube-controller-manager' };

test('one of two candidates leads; the other takes over after the leader gives up, and after a leader stops renewing', async (t) => {
  const cluster = await startCluster(t);
  const leading = new Set<string>();
  // The leaders each candidate has seen holding the lease, in order: its tries, as signals.
  const seen = new Map<string, string[]>();
  const candidate = (identity: string) => {
    const stop = new AbortController();
    const config: LeaderElectionConfig = { namespace: 'kube-system', name: 'kube-controller-manager', identity, ...timing };
    seen.set(identity, []);
    const elector = new LeaderElector(cluster.client, config, {
      onStartedLeading: () => leading.add(identity),
      onStoppedLeading: () => leading.delete(identity),
      onNewLeader: (holder) => seen.get(identity)?.push(holder),
    });
    const running = elector.run(stop.signal);
    t.teardown(() => {
      stop.abort();
      return running;
    });
    return { stop: () => (stop.abort(), running) };
  };
  const a = candidate('host-a_1');
  await eventually('host-a_1 to lead', async () => (leading.has('host-a_1') ? true : undefined));
  const b = candidate('host-b_2');
  // b has read the lease and found a holding it: it does not lead while a renews.
  await eventually('host-b_2 to see host-a_1 lead', async () => (seen.get('host-b_2')?.includes('host-a_1') ? true : undefined));
  t.deepEqual([...leading], ['host-a_1']);
  const held = await cluster.client.get<Lease>(lease);
  t.like(held.spec, { holderIdentity: 'host-a_1', leaseDurationSeconds: 3, leaseTransitions: 0 });
  t.regex(held.spec.renewTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

  // A leader that stops releases the lease: the other takes it at one of its next tries, well
  // before a's lease would have expired.
  await a.stop();
  const released = await cluster.client.get<Lease>(lease);
  t.true(['', 'host-b_2'].includes(released.spec.holderIdentity ?? ''), `held by ${released.spec.holderIdentity} after a stopped`);
  await eventually('host-b_2 to lead', async () => (leading.has('host-b_2') ? true : undefined));
  const taken = await cluster.client.get<Lease>(lease);
  t.like(taken.spec, { holderIdentity: 'host-b_2', leaseTransitions: 1 });

  // A third candidate waits while b renews.
  candidate('host-c_3');
  await eventually('host-c_3 to see host-b_2 lead', async () => (seen.get('host-c_3')?.includes('host-b_2') ? true : undefined));
  t.deepEqual([...leading].sort(), ['host-b_2']);
  await b.stop();
});

test('a leader that cannot renew within the renew deadline stops leading', async (t) => {
  const cluster = await startCluster(t);
  let lost: boolean | undefined;
  let leads = false;
  const stop = new AbortController();
  const elector = new LeaderElector(
    cluster.client,
    { namespace: 'kube-system', name: 'kube-controller-manager', identity: 'me', ...timing },
    {
      onStartedLeading: () => (leads = true),
      onStoppedLeading: (wasLost) => (lost = wasLost),
    },
  );
  const running = elector.run(stop.signal);
  t.teardown(() => (stop.abort(), running));
  await eventually('me to lead', async () => (leads ? true : undefined));
  // Someone else overwrites the lease (again if a renewal came in between): our renewals now fail
  // on the holder check.
  await eventually('the lease overwritten', async () => {
    const current = await cluster.client.get<Lease>(lease);
    return cluster.client.update(lease, { ...current, spec: { ...current.spec, holderIdentity: 'intruder', leaseDurationSeconds: 60 } }).then(
      () => true,
      (error: unknown) => {
        if (isConflict(error)) return undefined;
        throw error;
      },
    );
  });
  await running;
  t.is(lost, true);
});

test('on its own thread the leader renews while the main event loop is blocked past the renew deadline, and releases the lease when stopped', async (t) => {
  const cluster = await startCluster(t);
  const events: string[] = [];
  const stop = new AbortController();
  const config: LeaderElectionConfig = { namespace: 'kube-system', name: 'kube-controller-manager', identity: 'threaded_1', ...timing };
  let leading: AbortSignal | undefined;
  let startedLeading: () => void = () => {};
  const started = new Promise<void>((resolve) => (startedLeading = resolve));
  const elector = new LeaderElectorOnThread(cluster.kubeconfig, 'leader-election-test', config, {
    onStartedLeading: (signal) => {
      leading = signal;
      events.push('started');
      startedLeading();
    },
    onStoppedLeading: (lost) => events.push(lost ? 'lost' : 'stopped'),
    onNewLeader: (identity) => events.push(`leader ${identity}`),
  });
  const running = elector.run(stop.signal);
  t.teardown(() => (stop.abort(), running));
  await started;
  // The main thread does nothing else for three renew deadlines: no timer, no I/O.
  const blockedAt = Date.now();
  while (Date.now() - blockedAt < 3 * timing.renewDeadlineMs) {
    // busy
  }
  const held = await cluster.client.get<Lease>(lease);
  t.is(held.spec.holderIdentity, 'threaded_1');
  t.true(Date.parse(held.spec.renewTime ?? '') > blockedAt + timing.retryPeriodMs, `renewed at ${held.spec.renewTime}, blocked from ${new Date(blockedAt).toISOString()}`);
  t.deepEqual(events, ['leader threaded_1', 'started']);
  t.false(leading?.aborted);

  stop.abort();
  t.true(leading?.aborted, 'the controllers stop at once');
  await running;
  t.deepEqual(events, ['leader threaded_1', 'started', 'stopped']);
  const released = await cluster.client.get<Lease>(lease);
  t.like(released.spec, { holderIdentity: '', leaseDurationSeconds: 1 });
});
