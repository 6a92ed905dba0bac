// NodeShouldRunDaemonPod: whether a node should run the DaemonSet's pod (its nodeName, nodeSelector
// and required node affinity fit, and every NoSchedule and NoExecute taint is tolerated, with the
// daemon tolerations added) and whether a pod already there may keep running (only an untolerated
// NoExecute taint evicts it). The scheduler's own predicates decide.

import type { DaemonSet } from '@capstan/common/api-types/apps-v1';
import type { Node } from '@capstan/common/api-types/core-v1';
import { tolerationsTolerateTaint } from '@capstan/common';
import { matchesNodeAffinity, requiredNodeAffinity } from '../scheduler/node-affinity.ts';
import { taintTolerationFilter } from '../scheduler/taint-toleration.ts';
import { withDaemonTolerations } from './daemon-pod.ts';

export interface NodeFit {
  readonly shouldRun: boolean;
  readonly shouldContinueRunning: boolean;
}

const neither: NodeFit = { shouldRun: false, shouldContinueRunning: false };

export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): NodeFit {
  const name = node.metadata?.name ?? '';
  const spec = withDaemonTolerations({ ...(ds.spec?.template?.spec ?? { containers: [] }), nodeName: name });
  const wantedNode = ds.spec?.template?.spec?.nodeName;
  if (wantedNode && wantedNode !== name) return neither;
  if (!matchesNodeAffinity(requiredNodeAffinity(spec), { name, labels: node.metadata?.labels ?? {} })) return neither;
  const taints = node.spec?.taints ?? [];
  const tolerations = spec.tolerations ?? [];
  if (taintTolerationFilter(tolerations, taints) === undefined) return { shouldRun: true, shouldContinueRunning: true };
  const evicted = taints.some((taint) => taint.effect === 'NoExecute' && !tolerationsTolerateTaint(tolerations, taint));
  return { shouldRun: false, shouldContinueRunning: !evicted };
}
