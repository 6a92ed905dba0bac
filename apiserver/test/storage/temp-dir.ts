// Test support: a fresh temporary directory, removed when the test ends.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function makeTempDir(label: string): { readonly path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `capstan-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
