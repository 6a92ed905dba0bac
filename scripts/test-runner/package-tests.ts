// One package's tests: the steps its `test` script runs before ava (such as e2e's kubectl
// extraction), then ava with TAP output through scripts/ava-tap.ts, in a process group of its own
// and with every descendant marked, so that nothing it started outlives it.

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { markRun, sweepTestProcesses, testRunVariable, type SweptProcess } from './process-sweep.ts';
import { countTapLine, emptyCount, failures, type TapCount } from './tap-count.ts';

const root = join(import.meta.dirname, '..', '..');

export interface PackageResult extends TapCount {
  readonly name: string;
  /** Why the package counts one failure more than its failed tests (its runner died, a step failed). */
  readonly problem?: string;
  /** Processes still running after the package's run, killed by the sweep. */
  readonly leftRunning: readonly SweptProcess[];
}

interface Spawned {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly leftRunning: readonly SweptProcess[];
}

/** The running package's process group and marker, for the runner's own signal handlers. */
let current: { readonly groupId: number; readonly runId: string } | undefined;

export function sweepCurrentPackage(): void {
  if (current !== undefined) sweepTestProcesses(current.groupId, current.runId);
}

function run(command: string, args: readonly string[], cwd: string, onLine: (line: string) => void): Promise<Spawned> {
  const runId = randomUUID();
  const env = {
    ...process.env,
    PATH: [join(cwd, 'node_modules', '.bin'), join(root, 'node_modules', '.bin'), process.env['PATH'] ?? ''].join(delimiter),
    [testRunVariable]: markRun(process.env, runId),
  };
  return new Promise((resolve) => {
    // detached: a process group of its own, which the sweep kills as a whole.
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    if (child.pid !== undefined) current = { groupId: child.pid, runId };
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      process.stdout.write(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(onLine);
    });
    child.once('error', (error) => {
      current = undefined;
      process.stdout.write(`${command}: ${error.message}\n`);
      resolve({ code: null, signal: null, leftRunning: [] });
    });
    child.once('close', (code, signal) => {
      if (partial !== '') onLine(partial);
      const leftRunning = child.pid === undefined ? [] : sweepTestProcesses(child.pid, runId);
      current = undefined;
      resolve({ code, signal, leftRunning });
    });
  });
}

/** The package's test script split into the steps before ava and ava's own arguments. */
function testSteps(script: string): { before: string | undefined; avaArgs: string[] } | undefined {
  const match = /^(?:(.*)&&\s*)?ava((?:\s+\S+)*)\s*$/.exec(script.trim());
  if (match === null) return undefined;
  return {
    before: match[1]?.trim(),
    avaArgs: (match[2] ?? '')
      .trim()
      .split(/\s+/)
      .filter((arg) => arg !== ''),
  };
}

export async function runPackageTests(dir: string, avaArgs: readonly string[]): Promise<PackageResult | undefined> {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; scripts?: Record<string, string> };
  const name = manifest.name ?? dir;
  const script = manifest.scripts?.['test'];
  if (script === undefined) return undefined;
  const count = emptyCount();
  const steps = testSteps(script);
  if (steps === undefined) return { name, ...count, problem: `its test script is not ava: ${script}`, leftRunning: [] };
  process.stdout.write(`\n# ${name}\n`);
  if (steps.before !== undefined) {
    const before = await run('sh', ['-c', steps.before], dir, () => {});
    if (before.code !== 0) return { name, ...count, problem: `\`${steps.before}\` exited with ${before.code ?? before.signal}`, leftRunning: before.leftRunning };
  }
  const ava = await run(process.execPath, [join(root, 'scripts', 'ava-tap.ts'), ...steps.avaArgs, '--tap', ...avaArgs], dir, (line) => countTapLine(count, line));
  const ran = count.passed + count.failed + count.skipped + count.todo;
  // A `--match` that selects nothing in this package (ava then exits 1 with an empty plan) is not a failure.
  const matching = avaArgs.some((arg) => arg === '-m' || arg.startsWith('--match'));
  if (matching && count.planned && ran === 0) return { name, ...count, leftRunning: ava.leftRunning };
  const exit = ava.signal ?? ava.code;
  let problem: string | undefined;
  if (ava.code !== 0 && failures(count) === 0) problem = `ava exited with ${exit} and reported no failed test`;
  else if (!count.planned) problem = `ava exited with ${exit} before its full report`;
  return { name, ...count, ...(problem === undefined ? {} : { problem }), leftRunning: ava.leftRunning };
}
