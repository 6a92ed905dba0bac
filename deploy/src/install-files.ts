// The files `capstan install` lays out, each with the path it has on the installed host, and how
// they are written under --root: a file the installer owns is written again when it differs, one
// the administrator owns (their flags, their agent configuration) only when it is missing.

import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface InstallFile {
  /** The path on the installed host, e.g. /etc/capstan/pki/ca.crt. */
  readonly path: string;
  readonly content: string;
  readonly mode: number;
  /** Keys, or kubeconfigs holding one: never printed. */
  readonly secret: boolean;
  /** Who owns it: the installer (written again when it differs) or the administrator (written only when missing). */
  readonly owner: 'installer' | 'administrator';
}

export type InstallAction = 'create' | 'update' | 'unchanged' | 'keep';

export interface InstallOutcome {
  readonly file: InstallFile;
  /** Where it is under --root. */
  readonly target: string;
  readonly action: InstallAction;
}

/** What writing `file` under `root` would do. */
export function installActionOf(root: string, file: InstallFile): InstallOutcome {
  const target = join(root, file.path);
  if (!existsSync(target)) return { file, target, action: 'create' };
  if (readFileSync(target, 'utf8') === file.content) return { file, target, action: 'unchanged' };
  return { file, target, action: file.owner === 'administrator' ? 'keep' : 'update' };
}

/** Writes what is to be created or updated (directories 0755, the file with its mode) and answers what was done. */
export function writeInstallFiles(root: string, files: readonly InstallFile[]): InstallOutcome[] {
  return files.map((file) => {
    const outcome = installActionOf(root, file);
    if (outcome.action === 'create' || outcome.action === 'update') {
      mkdirSync(dirname(outcome.target), { recursive: true, mode: 0o755 });
      writeFileSync(outcome.target, file.content, { mode: file.mode });
      // writeFileSync's mode applies only to a file it creates (and under the umask).
      chmodSync(outcome.target, file.mode);
    }
    return outcome;
  });
}
