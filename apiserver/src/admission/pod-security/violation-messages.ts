// What PodSecurity tells: the refusal, the warning and the audit annotation of a pod's violations,
// and the warnings about a namespace's existing pods or its exemption, in kube's words.

import { goQuote } from '@capstan/common';
import { byteOrder } from './check-text.ts';
import { levelVersionText, type LevelVersion, type PodSecurityPolicy } from './levels.ts';
import { levelLabel, versionLabel, type Mode } from './namespace-policy.ts';
import type { Violation } from './pod-check.ts';

/** A Go aggregate error's text: one message alone, several in brackets. */
export const goAggregate = (messages: readonly string[]): string => (messages.length === 1 ? (messages[0] ?? '') : `[${messages.join(', ')}]`);

/** `reason (detail), reason (detail)`: kube's ForbiddenDetail of an aggregate result. */
export const violationsText = (violations: readonly Violation[]): string =>
  violations.map((violation) => (violation.detail === '' ? violation.reason : `${violation.reason} (${violation.detail})`)).join(', ');

/** The message of an enforce refusal (after `pods "p" is forbidden: `). */
export const violatesMessage = (levelVersion: LevelVersion, violations: readonly Violation[]): string =>
  `violates PodSecurity ${goQuote(levelVersionText(levelVersion))}: ${violationsText(violations)}`;

/** A warning, or the audit-violations annotation. */
export const wouldViolateMessage = (levelVersion: LevelVersion, violations: readonly Violation[]): string =>
  `would violate PodSecurity ${goQuote(levelVersionText(levelVersion))}: ${violationsText(violations)}`;

/** The existing pods that violate a namespace's new enforce level, by the reasons they share. */
export interface ExistingPodViolations {
  /** The pods checked and all the pods (the check stops at a limit of count and time). */
  readonly checked: number;
  readonly total: number;
  /** Reasons joined (kube's ForbiddenReason), the lexically first pod with them, and how many pods have them. */
  readonly groups: ReadonlyMap<string, { readonly firstPod: string; readonly pods: number }>;
}

/** kube's warnings for a namespace whose new enforce level its pods violate, sorted as kube sorts them. */
export function existingPodsWarnings(namespace: string, enforce: LevelVersion, found: ExistingPodViolations): string[] {
  const warnings: string[] = [];
  if (found.checked < found.total) warnings.push(`new PodSecurity enforce level only checked against the first ${found.checked} of ${found.total} existing pods`);
  if (found.groups.size > 0) warnings.push(`existing pods in namespace ${goQuote(namespace)} violate the new PodSecurity enforce level ${goQuote(levelVersionText(enforce))}`);
  const pods = [...found.groups].map(([reasons, { firstPod, pods }]) => {
    const others = pods - 1;
    const who = others === 0 ? firstPod : `${firstPod} (and ${others} other ${others === 1 ? 'pod' : 'pods'})`;
    return `${who}: ${reasons}`;
  });
  return [...warnings, ...pods.sort(byteOrder)];
}

/**
 * kube's warning for labels that set a policy on an exempt namespace: the modes set by a label and
 * not privileged, e.g. (enforce=restricted:latest, warn=baseline:latest).
 */
export function exemptNamespaceWarning(namespace: string, policy: PodSecurityPolicy, labels: Readonly<Record<string, string>>): string {
  const modes: readonly Mode[] = ['enforce', 'audit', 'warn'];
  const set = modes
    .filter((mode) => policy[mode].level !== 'privileged' && (levelLabel(mode) in labels || versionLabel(mode) in labels))
    .map((mode) => `${mode}=${levelVersionText(policy[mode])}`);
  return `namespace ${goQuote(namespace)} is exempt from Pod Security, and the policy (${set.join(', ')}) will be ignored`;
}
