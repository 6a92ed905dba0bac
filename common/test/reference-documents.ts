// Test support: the documents kube-apiserver 1.35 publishes (resources.tsv, swagger.json, the
// OpenAPI v3 documents), the oracle of the compatibility tests. They live in the project workspace
// beside the repository (../shared/reference/kubernetes-1.35, or CAPSTAN_REFERENCE_DIR), not in a
// fresh clone: there a test that needs them is skipped with the reason in its title, except under
// CI (CI set), where their absence is a failure. Nothing outside the tests reads them.

import type { ExecutionContext, TestFn } from 'ava';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const referenceDir = process.env['CAPSTAN_REFERENCE_DIR'] ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'reference', 'kubernetes-1.35');

/** The path of a reference document, e.g. referencePath('resources.tsv'). */
export function referencePath(...parts: string[]): string {
  return join(referenceDir, ...parts);
}

/** Reads a reference document (in a test declared through referenceTest, so it is there). */
export function readReference(...parts: string[]): string {
  return readFileSync(referencePath(...parts), 'utf8');
}

export function missingReferences(files: readonly string[]): string[] {
  return files.filter((file) => !existsSync(referencePath(file)));
}

type Implementation<Context> = (t: ExecutionContext<Context>) => unknown;

/**
 * `test` for tests that compare with the reference documents `files`: when one is absent the test
 * is skipped with the reason in its title, or fails under CI.
 */
export function referenceTest<Context>(test: TestFn<Context>, files: readonly string[]): (title: string, implementation: Implementation<Context>) => void {
  const missing = missingReferences(files);
  if (missing.length === 0) return (title, implementation) => test(title, implementation);
  const reason = `${missing.join(', ')} not found in ${referenceDir}`;
  if (process.env['CI'] !== undefined && process.env['CI'] !== '') {
    return (title) => test(title, (t) => t.fail(`the reference documents are required under CI: ${reason}`));
  }
  return (title, implementation) => test.skip(`${title} (skipped: ${reason}; they come with the project workspace, or set CAPSTAN_REFERENCE_DIR)`, implementation);
}
