// The prober stops with the agent: a pod sync still under way when the agent stops (pod workers
// close after the prober) starts no new probe worker, which would otherwise probe on for ever and
// keep the process alive.

import test from 'ava';
import type { CriRuntimeClient } from '../src/cri/index.ts';
import { ProbeManager } from '../src/pods/prober/probe-manager.ts';
import type { Pod } from '../src/pods/pod-types.ts';

const pod = {
  metadata: { name: 'late', namespace: 'default', uid: 'uid-late' },
  spec: { containers: [{ name: 'app', image: 'busybox:1.36', startupProbe: { tcpSocket: { port: 1 }, periodSeconds: 1 } }] },
} as unknown as Pod;
const running = { name: 'app', state: { running: {} }, containerID: 'sim://app' } as never;

function manager(): ProbeManager {
  // No probe of these tests reaches the runtime: the stopped prober never starts one.
  return new ProbeManager({ runtime: {} as CriRuntimeClient, recordEvent: () => {}, statusOf: () => undefined, onChange: () => {} });
}

test('a pod added to a running prober gets its startup probe, so the container has not started yet', (t) => {
  const probes = manager();
  probes.addPod(pod);
  t.teardown(() => probes.stop());
  t.false(probes.started('uid-late', running));
});

test('a pod added after the prober stopped gets no probe worker', (t) => {
  const probes = manager();
  probes.stop();
  probes.addPod(pod);
  t.true(probes.started('uid-late', running), 'no startup probe worker holds the container back');
});
