// The kubelet's metrics that the agent has a counterpart for (pkg/kubelet/metrics), with kube's
// names, help texts and buckets: the node's name, the pods with a running sandbox and the
// containers by state (read from the CRI runtime at scrape time), and how long pods take from
// first being seen to running.

import { legacyRegistry } from '@capstan/common/metrics';
import type { CriRuntimeClient } from '../cri/index.ts';

/** kube's podStartupDurationBuckets. */
const podStartupBuckets = [0.5, 1, 2, 3, 4, 5, 6, 8, 10, 20, 30, 45, 60, 120, 180, 240, 300, 360, 480, 600, 900, 1200, 1800, 2700, 3600];

const containerStates: Readonly<Record<string, string>> = {
  CONTAINER_CREATED: 'created',
  CONTAINER_RUNNING: 'running',
  CONTAINER_EXITED: 'exited',
  CONTAINER_UNKNOWN: 'unknown',
};

let podStart: ReturnType<typeof definePodStart> | undefined;

const definePodStart = () =>
  legacyRegistry.histogram({
    name: 'kubelet_pod_start_duration_seconds',
    help: 'Duration in seconds from kubelet seeing a pod for the first time to the pod starting to run',
    buckets: podStartupBuckets,
  });

/** Registers the agent's metrics: the node's name, and the runtime's pods and containers counted on each scrape. */
export function registerKubeletMetrics(nodeName: string, runtime: CriRuntimeClient): void {
  legacyRegistry.registerProcessMetrics();
  podStart ??= definePodStart();
  legacyRegistry.gauge({ name: 'kubelet_node_name', help: "The node's name. The count is always 1.", labelNames: ['node'] }).set({ node: nodeName }, 1);
  legacyRegistry.gauge({
    name: 'kubelet_running_pods',
    help: 'Number of pods that have a running pod sandbox',
    collect: async (gauge) => {
      const { items } = await runtime.listPodSandbox({});
      gauge.set((items ?? []).filter((sandbox) => sandbox.state === 'SANDBOX_READY').length);
    },
  });
  legacyRegistry.gauge({
    name: 'kubelet_running_containers',
    help: 'Number of containers currently running',
    labelNames: ['container_state'],
    collect: async (gauge) => {
      const { containers } = await runtime.listContainers({});
      const counts = new Map<string, number>();
      for (const container of containers ?? []) {
        const state = containerStates[String(container.state)] ?? 'unknown';
        counts.set(state, (counts.get(state) ?? 0) + 1);
      }
      gauge.reset();
      for (const [state, count] of counts) gauge.set({ container_state: state }, count);
    },
  });
}

/** When the agent first saw each pod it has not seen running yet (ms since the epoch). */
const firstSeen = new Map<string, number>();

/**
 * Told of each status the agent sets: the first one starts the pod's clock, and a pod going from
 * Pending (or no phase) to Running is observed once, as the kubelet's syncPod observes it.
 */
export function observePodPhase(uid: string, previousPhase: string | undefined, phase: string | undefined, now: number): void {
  const seen = firstSeen.get(uid);
  if (seen === undefined) {
    if (phase !== 'Running') firstSeen.set(uid, now);
    else if (previousPhase === undefined || previousPhase === 'Pending') (podStart ??= definePodStart()).observe(0);
    return;
  }
  if (phase === 'Running' && (previousPhase === undefined || previousPhase === 'Pending')) {
    (podStart ??= definePodStart()).observe((now - seen) / 1000);
    firstSeen.delete(uid);
  } else if (phase === 'Succeeded' || phase === 'Failed') {
    firstSeen.delete(uid);
  }
}

/** The pod is gone: its clock too. */
export function forgetPod(uid: string): void {
  firstSeen.delete(uid);
}
