// The Kubernetes version an environment is compatible with: new expressions are checked against
// the libraries of the compatibility version (by default the release before the binary's, so a
// rollback by one release keeps understanding everything written), stored ones against all.

export interface CompatibilityVersion {
  readonly major: number;
  readonly minor: number;
}

/** The binary version Capstan speaks for, and the compatibility version it defaults to (one minor less). */
export const binaryVersion: CompatibilityVersion = { major: 1, minor: 35 };
export const defaultCompatibilityVersion: CompatibilityVersion = { major: 1, minor: 34 };

export const atLeast = (version: CompatibilityVersion, other: CompatibilityVersion): boolean =>
  version.major > other.major || (version.major === other.major && version.minor >= other.minor);

/** "1.34" -> {1, 34}; undefined for anything else. */
export function parseCompatibilityVersion(text: string): CompatibilityVersion | undefined {
  const match = /^v?(\d+)\.(\d+)$/.exec(text);
  return match === null ? undefined : { major: Number(match[1]), minor: Number(match[2]) };
}
