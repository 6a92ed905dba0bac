// Temporary directories of configuration files for the configuration tests, removed after each test.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ExecutionContext } from 'ava';

/** The first lines of every KubeletConfiguration YAML file. */
export const header = 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n';

export interface ConfigDirectory {
  readonly root: string;
  /** Writes a file under the root (directories created) and returns its absolute path. */
  write(name: string, text: string): string;
}

export function configDirectory(t: ExecutionContext): ConfigDirectory {
  const root = mkdtempSync(join(tmpdir(), 'capstan-config-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  return {
    root,
    write(name, text) {
      const path = join(root, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
  };
}
