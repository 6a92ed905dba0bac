// kube's metric stability framework (component-base/metrics): each metric is ALPHA, BETA or STABLE,
// which its HELP text says ("[STABLE] ..."); a deprecated one says since when ("(Deprecated since
// 1.34.0)") and is hidden once its stability level's deprecation window has passed.

export type StabilityLevel = 'ALPHA' | 'BETA' | 'STABLE';

/** A release as major.minor.patch (the patch is ignored by every rule here). */
export interface MetricVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** "1.34.0" (a leading v and a pre-release are allowed, as semver's parse takes them). */
export function parseMetricVersion(text: string): MetricVersion {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text);
  if (match === null) throw new Error(`"${text}" is not a major.minor.patch version`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export const versionText = (version: MetricVersion): string => `${version.major}.${version.minor}.${version.patch}`;

/** The HELP text as kube prints it: the deprecation note first, then the stability level in front of all. */
export function annotatedHelp(help: string, stabilityLevel: StabilityLevel, deprecatedVersion: string | undefined): string {
  const deprecated = deprecatedVersion === undefined ? help : `(Deprecated since ${deprecatedVersion}) ${help}`;
  return `[${stabilityLevel}] ${deprecated}`;
}

/** Whether the running release is at or past the deprecation release (the patch does not count). */
export function isDeprecatedAt(current: MetricVersion, deprecated: MetricVersion): boolean {
  if (current.major !== deprecated.major) return current.major > deprecated.major;
  return current.minor >= deprecated.minor;
}

/** How many minor releases a deprecated metric is still shown: kube's deprecation policy by stability level. */
function deprecationWindow(stabilityLevel: StabilityLevel): number {
  switch (stabilityLevel) {
    case 'STABLE':
      return 3;
    case 'BETA':
      return 1;
    case 'ALPHA':
      return 0;
  }
}

/** Whether a deprecated metric is hidden in the running release (unless --show-hidden-metrics-for-version shows it). */
export function isHiddenAt(stabilityLevel: StabilityLevel, current: MetricVersion, deprecated: MetricVersion): boolean {
  if (deprecated.major !== current.major) return deprecated.major < current.major;
  return deprecated.minor + deprecationWindow(stabilityLevel) <= current.minor;
}
