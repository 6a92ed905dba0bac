// kube's policy registry (k8s.io/pod-security-admission/policy/registry.go): which checks a level
// and version runs, and in what order. A version picks each check's latest variant from before
// it; "latest" and versions past the newest variant (v1.35) run the newest. The restricted level
// runs the baseline checks too, but those its variants override; baseline checks come first,
// then restricted ones, each in the byte order of their IDs, which is the order of the messages.

import type { ObjectMeta } from '@capstan/common/api-types/meta-v1';
import type { PodSpec } from '@capstan/common/api-types/core-v1';
import { baselineChecks } from './baseline-checks.ts';
import { byteOrder } from './check-text.ts';
import type { LevelVersion } from './levels.ts';
import type { Check, PodCheck, VersionedCheck, Violation } from './pod-check.ts';
import { restrictedChecks } from './restricted-checks.ts';

const allChecks: readonly Check[] = [...baselineChecks, ...restrictedChecks];

/** The newest minor version any check has a variant for: later versions evaluate as this one. */
const newestMinor = Math.max(...allChecks.map((check) => check.versions.at(-1)?.minimumMinor ?? 0));

const variantAt = (check: Check, minor: number): VersionedCheck | undefined => check.versions.findLast((variant) => variant.minimumMinor <= minor);

const byId = (a: Check, b: Check): number => byteOrder(a.id, b.id);

function checksOf(level: 'baseline' | 'restricted', minor: number): readonly PodCheck[] {
  const restricted = level === 'restricted' ? restrictedChecks.flatMap((check) => variantAt(check, minor) ?? []) : [];
  const overridden = new Set(restricted.flatMap((variant) => variant.overrides ?? []));
  const picked = (checks: readonly Check[]): PodCheck[] =>
    [...checks]
      .sort(byId)
      .filter((check) => !overridden.has(check.id))
      .flatMap((check) => variantAt(check, minor)?.check ?? []);
  return [...picked(baselineChecks), ...(level === 'restricted' ? picked(restrictedChecks) : [])];
}

const cached = new Map<string, readonly PodCheck[]>();

/** The violations of the pod (metadata and spec) against a level and version, in kube's order; none for privileged. */
export function evaluatePod(levelVersion: LevelVersion, metadata: ObjectMeta, spec: PodSpec): Violation[] {
  const { level, version } = levelVersion;
  if (level === 'privileged') return [];
  const minor = version.latest ? newestMinor : Math.min(version.minor, newestMinor);
  const key = `${level}:${minor}`;
  let checks = cached.get(key);
  if (checks === undefined) {
    checks = checksOf(level, minor);
    cached.set(key, checks);
  }
  return checks.flatMap((check) => check(metadata, spec) ?? []);
}
