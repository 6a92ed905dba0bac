// A namespace's Pod Security policy, read from its labels over the configured defaults, as kube's
// PolicyToEvaluate reads them: pod-security.kubernetes.io/<mode> names a level and
// pod-security.kubernetes.io/<mode>-version a version. A label that cannot be read is an error,
// and the mode fails closed for enforce (restricted) and open for audit and warn (privileged).

import { fieldInvalid, type FieldError } from '@capstan/common';
import { compareLevels, isLevel, latestVersion, levelError, parseVersion, versionError, type Level, type LevelVersion, type PodSecurityPolicy } from './levels.ts';

export const labelPrefix = 'pod-security.kubernetes.io/';

export type Mode = 'enforce' | 'audit' | 'warn';

const modes: readonly Mode[] = ['enforce', 'audit', 'warn'];

export const levelLabel = (mode: Mode): string => `${labelPrefix}${mode}`;
export const versionLabel = (mode: Mode): string => `${labelPrefix}${mode}-version`;

export interface NamespacePolicy {
  readonly policy: PodSecurityPolicy;
  /** The labels that could not be read, as kube's field errors (metadata.labels[<label>]). */
  readonly errors: readonly FieldError[];
}

/** The policy when nothing is configured: privileged:latest for every mode. */
export const privilegedPolicy: PodSecurityPolicy = {
  enforce: { level: 'privileged', version: latestVersion },
  audit: { level: 'privileged', version: latestVersion },
  warn: { level: 'privileged', version: latestVersion },
};

export function namespacePolicy(labels: Readonly<Record<string, string>> | undefined, defaults: PodSecurityPolicy): NamespacePolicy {
  const errors: FieldError[] = [];
  const read = { ...defaults } as Record<Mode, LevelVersion>;
  const invalid = (label: string, value: string, message: string): void => {
    errors.push(fieldInvalid(`metadata.labels[${label}]`, value, message));
  };
  for (const mode of modes) {
    const level = labels?.[levelLabel(mode)];
    const version = labels?.[versionLabel(mode)];
    let next = read[mode];
    if (level !== undefined) {
      if (!isLevel(level)) invalid(levelLabel(mode), level, levelError);
      next = { ...next, level: isLevel(level) ? level : failedLevel(mode) };
    }
    if (version !== undefined) {
      const parsed = parseVersion(version);
      if (parsed === undefined) invalid(versionLabel(mode), version, versionError);
      next = { ...next, version: parsed ?? latestVersion };
    }
    read[mode] = next;
  }
  // A warn level left unset follows a stricter enforce level that is set (and its version, unless warn's is set).
  const enforceLevel = labels?.[levelLabel('enforce')];
  if (labels?.[levelLabel('warn')] === undefined && enforceLevel !== undefined && isLevel(enforceLevel) && compareLevels(read.enforce.level, read.warn.level) > 0) {
    read.warn = { level: read.enforce.level, version: labels?.[versionLabel('warn')] === undefined ? read.enforce.version : read.warn.version };
  }
  return { policy: read, errors };
}

/** What an unreadable level label evaluates as: restricted for enforce, privileged for audit and warn. */
const failedLevel = (mode: Mode): Level => (mode === 'enforce' ? 'restricted' : 'privileged');
