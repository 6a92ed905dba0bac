// A Job's podFailurePolicy applied to a failed pod: the first rule whose exit codes (of a
// container that exited non-zero) or pod conditions match decides whether the failure fails the
// Job (FailJob, with kube's message), fails only the pod's index (FailIndex), is not counted
// (Ignore) or counts toward the backoff limit (Count, as when no rule matches).

import type { PodFailurePolicy, PodFailurePolicyOnExitCodesRequirement } from '@capstan/common/api-types/batch-v1';
import type { ContainerStatus, Pod } from '@capstan/common/api-types/core-v1';

export type PodFailurePolicyAction = 'FailJob' | 'FailIndex' | 'Ignore' | 'Count';

export interface PodFailurePolicyMatch {
  /** The Job's failure message when a FailJob rule matched. */
  readonly failJobMessage?: string;
  /** Whether the failure counts toward backoffLimit (and the index's backoffLimitPerIndex). */
  readonly countFailed: boolean;
  /** The action of the rule that matched, if one did. */
  readonly action?: PodFailurePolicyAction;
}

const noMatch: PodFailurePolicyMatch = { countFailed: true };

function exitCodesMatch(requirement: PodFailurePolicyOnExitCodesRequirement, exitCode: number): boolean {
  if (requirement.operator === 'In') return requirement.values.includes(exitCode);
  if (requirement.operator === 'NotIn') return !requirement.values.includes(exitCode);
  return false;
}

function matchingContainer(pod: Pod, requirement: PodFailurePolicyOnExitCodesRequirement): ContainerStatus | undefined {
  const candidates = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])];
  return candidates.find((status) => {
    const terminated = status.state?.terminated;
    if (terminated === undefined || terminated === null) return false;
    if (requirement.containerName !== undefined && requirement.containerName !== status.name) return false;
    return terminated.exitCode !== 0 && exitCodesMatch(requirement, terminated.exitCode);
  });
}

export function matchPodFailurePolicy(policy: PodFailurePolicy | undefined, pod: Pod): PodFailurePolicyMatch {
  if (policy === undefined) return noMatch;
  const where = `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
  for (const [index, rule] of policy.rules.entries()) {
    let failJobMessage: string | undefined;
    if (rule.onExitCodes !== undefined) {
      const container = matchingContainer(pod, rule.onExitCodes);
      if (container === undefined) continue;
      failJobMessage = `Container ${container.name} for pod ${where} failed with exit code ${container.state?.terminated?.exitCode} matching ${rule.action} rule at index ${index}`;
    } else if (rule.onPodConditions !== undefined) {
      const condition = (pod.status?.conditions ?? []).find((c) => rule.onPodConditions?.some((p) => p.type === c.type && (p.status ?? 'True') === c.status));
      if (condition === undefined) continue;
      failJobMessage = `Pod ${where} has condition ${condition.type} matching ${rule.action} rule at index ${index}`;
    } else continue;
    switch (rule.action) {
      case 'Ignore':
        return { countFailed: false, action: 'Ignore' };
      case 'FailIndex':
        return { countFailed: true, action: 'FailIndex' };
      case 'Count':
        return { countFailed: true, action: 'Count' };
      case 'FailJob':
        return { countFailed: true, action: 'FailJob', failJobMessage };
    }
    // An unknown action: the rule matched but decides nothing, as kube's switch falls through.
  }
  return noMatch;
}
