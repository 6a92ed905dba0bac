// `npm test`: check formatting and lint (Biome), type-check every package, then run each package's ava suite, one after another, and
// end with one line `N passed, M failed` (what CI reads); exits non-zero on any failure.
// Tests are counted from each TAP `ok`/`not ok` line (scripts/test-runner/tap-count.ts), so a run
// cut short still counts what ran; a package whose runner dies or ends without its full report
// counts one failure more. Whatever a package's tests started is killed when its run ends.
//
// Flags: --package=DIR (repeatable: only those packages), --no-typecheck (skips lint too); the others go to ava
// (`npm test -- --match '*compaction*'`).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runPackageTests, sweepCurrentPackage, type PackageResult } from './test-runner/package-tests.ts';
import { failures } from './test-runner/tap-count.ts';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const packageDirs = args.filter((arg) => arg.startsWith('--package=')).map((arg) => resolve(arg.slice('--package='.length)));
const typecheck = !args.includes('--no-typecheck');
const avaArgs = args.filter((arg) => !arg.startsWith('--package=') && arg !== '--no-typecheck');

// Interrupted (Ctrl-C, CI cancelling): the running package's processes go too.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    sweepCurrentPackage();
    process.exit(130);
  });
}

let passed = 0;
let failed = 0;
const problems: string[] = [];

if (typecheck) {
  // Formatting and lint first: `npx biome check --write .` fixes what it can.
  const biome = spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['check', '--error-on-warnings', '--max-diagnostics=50', '.'], { cwd: root, stdio: 'inherit' });
  if (biome.status === 0) passed++;
  else {
    failed++;
    problems.push(`lint: biome check exited with ${biome.status ?? biome.signal} (npx biome check --write . fixes formatting)`);
  }
  const tsc = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-b'], { cwd: root, stdio: 'inherit' });
  if (tsc.status === 0) passed++;
  else {
    failed++;
    problems.push(`typecheck: tsc -b exited with ${tsc.status ?? tsc.signal}`);
  }
}

const workspaces = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
const results: PackageResult[] = [];
for (const dir of packageDirs.length > 0 ? packageDirs : workspaces.map((workspace) => join(root, workspace))) {
  const result = await runPackageTests(dir, avaArgs);
  if (result === undefined) continue;
  results.push(result);
  passed += result.passed;
  failed += failures(result);
  if (result.problem !== undefined) {
    failed++;
    problems.push(`${result.name}: ${result.problem}`);
  }
  if (result.leftRunning.length > 0) {
    problems.push(
      `${result.name}: killed ${result.leftRunning.length} process(es) its tests left running: ${result.leftRunning.map((p) => `${p.pid} ${p.command.slice(0, 120)}`).join('; ')}`,
    );
  }
}

console.log('');
for (const r of results) {
  console.log(
    `# ${r.name}: ${r.passed} passed, ${failures(r)} failed${r.skipped > 0 ? `, ${r.skipped} skipped` : ''}${r.todo > 0 ? `, ${r.todo} todo` : ''}${r.problem === undefined ? '' : ' (+1: runner failed)'}`,
  );
}
for (const problem of problems) console.log(`# ${problem}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
