import test from 'ava';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ava = join(import.meta.dirname, '..', '..', 'node_modules', 'ava', 'entrypoints', 'cli.mjs');

/** The schema oracle's tests, run as a fresh clone runs them: without the reference documents. */
const runOracleWithout = (ci: string) =>
  spawnSync(process.execPath, [ava, '--tap', 'test/schema-oracle.test.ts'], {
    cwd: join(import.meta.dirname, '..'),
    encoding: 'utf8',
    env: { ...process.env, CAPSTAN_REFERENCE_DIR: join(import.meta.dirname, 'no-such-reference'), CI: ci },
  });

test('without the reference documents, the oracle tests are skipped and say why', (t) => {
  const run = runOracleWithout('');
  t.is(run.status, 0, run.stdout + run.stderr);
  t.regex(run.stdout, /^ok \d+ - every declared type derives the OpenAPI v3 schema .* \(skipped: resources\.tsv, openapi-v3 not found in .*no-such-reference; .*\) # SKIP$/m);
  t.regex(run.stdout, /^ok \d+ - every reference of a declared type names a declared type$/m, 'tests without the documents still run');
});

test('under CI, missing reference documents fail the oracle tests', (t) => {
  const run = runOracleWithout('true');
  t.is(run.status, 1);
  t.regex(run.stdout, /^not ok \d+ - every declared type derives the OpenAPI v3 schema kube-apiserver 1\.35 publishes for it$/m);
  t.regex(run.stdout.replace(/\n\s*/g, ' '), /the reference documents are required under CI: resources\.tsv, openapi-v3 not found/);
});
