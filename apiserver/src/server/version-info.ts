// The body of GET /version: the Kubernetes version Capstan speaks, with Capstan's own in gitVersion.

import { arch, platform } from 'node:process';
import { capstanVersion, type KubeVersion, kubernetesMinor } from '@capstan/common';

export interface VersionInfo {
  readonly major: string;
  readonly minor: string;
  readonly emulationMajor: string;
  readonly emulationMinor: string;
  readonly minCompatibilityMajor: string;
  readonly minCompatibilityMinor: string;
  readonly gitVersion: string;
  readonly gitCommit: string;
  readonly gitTreeState: string;
  readonly buildDate: string;
  readonly goVersion: string;
  readonly compiler: string;
  readonly platform: string;
}

/** With --emulated-version, the emulated release and the one before it (the minimum compatibility, never before 1.32). */
export function versionInfo(emulation?: KubeVersion): VersionInfo {
  const [major = '1', minor = '0'] = kubernetesMinor.split('.');
  const emulationMinor = emulation === undefined ? Number(minor) : emulation.minor;
  return {
    major,
    minor,
    emulationMajor: emulation === undefined ? major : String(emulation.major),
    emulationMinor: String(emulationMinor),
    minCompatibilityMajor: emulation === undefined ? major : String(emulation.major),
    minCompatibilityMinor: String(Math.max(emulationMinor - 1, Number(minor) - 3)),
    // A semver build suffix, as distributions mark their builds (e.g. v1.35.0+k3s1).
    gitVersion: `v${major}.${minor}.0+capstan.${capstanVersion}`,
    gitCommit: '',
    gitTreeState: 'clean',
    buildDate: '',
    goVersion: `node${process.versions.node}`,
    compiler: 'node',
    platform: `${platform}/${arch === 'x64' ? 'amd64' : arch}`,
  };
}
