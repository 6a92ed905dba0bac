// Kubernetes versions as the components read them in --emulated-version and in the feature gates'
// histories (apimachinery's util/version): dot-separated numbers, of which a release is major.minor.

import { goQuote } from '../status/go-format.ts';

export interface KubeVersion {
  readonly major: number;
  readonly minor: number;
  /** Present when the text had a third number. */
  readonly patch?: number;
}

const versionPattern = /^\s*v?([0-9]+(?:\.[0-9]+)*)(.*)$/;

/**
 * A version text: semantic (three numbers) or generic (two or more, anything after them ignored),
 * refused with apimachinery's words.
 */
export function parseKubeVersion(text: string): KubeVersion {
  const match = versionPattern.exec(text);
  if (match === null) throw new Error(`could not parse ${goQuote(text)} as version`);
  const parts = (match[1] as string).split('.');
  if (parts.length < 2) throw new Error(`illegal version string ${goQuote(text)}`);
  const numbers = parts.map((part, index) => {
    if (index === 0 && part.length > 1 && part.startsWith('0')) throw new Error(`illegal zero-prefixed version component ${goQuote(part)} in ${goQuote(text)}`);
    return Number(part);
  });
  const [major = 0, minor = 0, patch] = numbers;
  // A semantic version's patch is the third number; a generic one's third number counts too.
  return patch === undefined ? { major, minor } : { major, minor, patch };
}

export function kubeVersionText(version: KubeVersion): string {
  return version.patch === undefined ? `${version.major}.${version.minor}` : `${version.major}.${version.minor}.${version.patch}`;
}

/** Negative, zero or positive as a comes before, with or after b (a missing patch counts as 0). */
export function compareKubeVersions(a: KubeVersion, b: KubeVersion): number {
  return a.major - b.major || a.minor - b.minor || (a.patch ?? 0) - (b.patch ?? 0);
}

/** The release `count` minors back (minor 0 at the least), without a patch. */
export function subtractMinor(version: KubeVersion, count: number): KubeVersion {
  return { major: version.major, minor: Math.max(0, version.minor - count) };
}
