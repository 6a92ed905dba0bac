// The running kernel's version, parsed and compared as the kubelet does (apimachinery's
// version.ParseGeneric on /proc/sys/kernel/osrelease): "6.8.0-45-generic" is 6.8.0.

import { readFileSync } from 'node:fs';
import { goQuote, errorMessage } from '@capstan/common';

export interface KernelVersion {
  /** The release as the kernel writes it (uname -r). */
  readonly release: string;
  /** The numeric components, at least two. */
  readonly components: readonly number[];
}

const versionPattern = /^\s*v?([0-9]+(?:\.[0-9]+)*)(.*)$/s;

/** version.ParseGeneric: at least major.minor, the first component without leading zeros; the rest is ignored. */
export function parseKernelVersion(release: string): KernelVersion {
  const match = versionPattern.exec(release);
  if (match === null) throw new Error(`could not parse ${goQuote(release)} as version`);
  const parts = (match[1] as string).split('.');
  if (parts.length < 2) throw new Error(`illegal version string ${goQuote(release)}`);
  const first = parts[0] as string;
  if (first.startsWith('0') && first !== '0') throw new Error(`illegal zero-prefixed version component ${goQuote(first)} in ${goQuote(release)}`);
  return { release, components: parts.map(Number) };
}

/** -1, 0 or 1; missing components count as 0, as apimachinery compares generic versions. */
export function compareKernelVersions(a: readonly number[], b: readonly number[]): -1 | 0 | 1 {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Whether the kernel is at least `minimum` ("4.15"). */
export function kernelAtLeast(kernel: KernelVersion, minimum: string): boolean {
  return compareKernelVersions(kernel.components, parseKernelVersion(minimum).components) >= 0;
}

/** The version as apimachinery's String() writes a generic one: the numbers only ("6.8.0"). */
export const kernelVersionString = (kernel: KernelVersion): string => kernel.components.join('.');

/** utilkernel.GetVersion: the running kernel, with the kubelet's error texts. */
export function runningKernelVersion(osReleasePath = '/proc/sys/kernel/osrelease'): KernelVersion {
  let content: string;
  try {
    content = readFileSync(osReleasePath, 'utf8');
  } catch (error) {
    throw new Error(`failed to read os-release file: ${errorMessage(error)}`);
  }
  try {
    return parseKernelVersion(content.trim());
  } catch (error) {
    throw new Error(`failed to parse kernel version: ${errorMessage(error)}`);
  }
}
