// PodSandboxChanged: whether a pod needs a new sandbox (none yet, the newest is not ready, several
// are ready, its network mode changed, or it lost its IP), and the attempt number of the next one.

import type { Pod } from './pod-types.ts';
import type { RuntimePodStatus } from './runtime-pod-status.ts';

export interface SandboxChange {
  readonly createSandbox: boolean;
  readonly attempt: number;
  /** The newest sandbox, when there is one. */
  readonly sandboxId: string | undefined;
}

export function podSandboxChanged(pod: Pod, status: RuntimePodStatus): SandboxChange {
  const newest = status.sandboxes[0];
  if (newest === undefined) return { createSandbox: true, attempt: 0, sandboxId: undefined };
  const attempt = newest.attempt + 1;
  const readyCount = status.sandboxes.filter((sandbox) => sandbox.ready).length;
  const hostNetwork = pod.spec.hostNetwork === true;
  const changed = readyCount > 1 || !newest.ready || newest.hostNetwork !== hostNetwork || (!hostNetwork && status.ips.length === 0);
  return { createSandbox: changed, attempt: changed ? attempt : newest.attempt, sandboxId: newest.id };
}
