// What a Pod Security Standards check is (k8s.io/pod-security-admission/policy): a function of a
// pod's metadata and spec that finds a violation or none, registered for a level with the policy
// versions from which each of its variants applies.

import type { ObjectMeta } from '@capstan/common/api-types/meta-v1';
import type { Container, EphemeralContainer, PodSpec } from '@capstan/common/api-types/core-v1';

/** A check's finding: a short reason ("host namespaces") and what the pod does ("hostNetwork=true"). */
export interface Violation {
  readonly reason: string;
  readonly detail: string;
}

export type PodCheck = (metadata: ObjectMeta, spec: PodSpec) => Violation | undefined;

export interface VersionedCheck {
  /** The minor version of policy v1.x from which this variant applies, until the next one's. */
  readonly minimumMinor: number;
  readonly check: PodCheck;
  /** Baseline checks this restricted variant replaces at its versions. */
  readonly overrides?: readonly string[];
}

export interface Check {
  /** kube's check ID; checks run baseline first, then restricted, each in the byte order of their IDs. */
  readonly id: string;
  readonly level: 'baseline' | 'restricted';
  /** In increasing minimumMinor. */
  readonly versions: readonly VersionedCheck[];
}

export type AnyContainer = Container | EphemeralContainer;

/** The pod's containers as kube visits them: init containers, then containers, then ephemeral containers. */
export function podContainers(spec: PodSpec): AnyContainer[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
}

/** The names of the containers `bad` picks, in visiting order. */
export const containersWhere = (spec: PodSpec, bad: (container: AnyContainer) => boolean): string[] =>
  podContainers(spec)
    .filter(bad)
    .map((container) => container.name);

/** kube's relaxation for pods in a user namespace (hostUsers: false), from policy v1.35. */
export const inUserNamespace = (spec: PodSpec): boolean => spec.hostUsers === false;

/** Windows pods are exempt from the Linux-only restricted checks from policy v1.25. */
export const isWindowsPod = (spec: PodSpec): boolean => spec.os?.name === 'windows';
