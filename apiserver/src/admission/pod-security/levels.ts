// The Pod Security Standards' levels and policy versions (k8s.io/pod-security-admission/api): a
// level is privileged, baseline or restricted; a version is "latest" or v1.<minor>, the release
// whose checks apply. A namespace's policy is one level and version for each mode.

export type Level = 'privileged' | 'baseline' | 'restricted';

/** A policy version: `latest`, or the minor release of Kubernetes 1.x whose checks apply. */
export type PolicyVersion = { readonly latest: true } | { readonly latest: false; readonly minor: number };

export interface LevelVersion {
  readonly level: Level;
  readonly version: PolicyVersion;
}

/** The level and version of each mode: enforce refuses, audit annotates the audit event, warn answers warnings. */
export interface PodSecurityPolicy {
  readonly enforce: LevelVersion;
  readonly audit: LevelVersion;
  readonly warn: LevelVersion;
}

export const levels: readonly Level[] = ['privileged', 'baseline', 'restricted'];

export const latestVersion: PolicyVersion = { latest: true };

export const isLevel = (value: string): value is Level => (levels as readonly string[]).includes(value);

/** kube's ParseLevel's refusal. */
export const levelError = `must be one of ${levels.join(', ')}`;

/** kube's ParseVersion's refusal. */
export const versionError = 'must be "latest" or "v1.x"';

const versionPattern = /^v1\.(0|[1-9][0-9]*)$/;

/** The version a label or default names, or undefined when it is neither "latest" nor v1.x. */
export function parseVersion(text: string): PolicyVersion | undefined {
  if (text === 'latest') return latestVersion;
  const minor = versionPattern.exec(text)?.[1];
  // Go's Atoi fails past 64 bits: such a version is refused as kube refuses it.
  if (minor === undefined || !Number.isSafeInteger(Number(minor))) return undefined;
  return { latest: false, minor: Number(minor) };
}

export const versionText = (version: PolicyVersion): string => (version.latest ? 'latest' : `v1.${version.minor}`);

/** As messages write it: `restricted:latest`, `baseline:v1.25`. */
export const levelVersionText = (levelVersion: LevelVersion): string => `${levelVersion.level}:${versionText(levelVersion.version)}`;

export const sameVersion = (a: PolicyVersion, b: PolicyVersion): boolean => (a.latest ? b.latest : !b.latest && a.minor === b.minor);

export const sameLevelVersion = (a: LevelVersion, b: LevelVersion): boolean => a.level === b.level && sameVersion(a.version, b.version);

/** kube's LevelVersion.Equivalent: both privileged (whatever the versions), or the same level and version. */
export const equivalentLevelVersions = (a: LevelVersion, b: LevelVersion): boolean => (a.level === 'privileged' && b.level === 'privileged') || sameLevelVersion(a, b);

/** -1, 0 or 1 as `a` is less strict than, as strict as or stricter than `b`. */
export const compareLevels = (a: Level, b: Level): number => Math.sign(levels.indexOf(a) - levels.indexOf(b));

export const fullyPrivileged = (policy: PodSecurityPolicy): boolean =>
  policy.enforce.level === 'privileged' && policy.audit.level === 'privileged' && policy.warn.level === 'privileged';
