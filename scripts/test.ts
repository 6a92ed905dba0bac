// `npm test`: type-check every package, run each package's ava suite through lerna with TAP
// output, and end with one line `N passed, M failed` (what CI reads); exits non-zero on any failure.

import { spawn } from 'node:child_process';

function run(command: string, args: readonly string[], onLine?: (line: string) => void): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      process.stdout.write(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      if (onLine !== undefined) lines.forEach(onLine);
    });
    child.on('close', (code) => {
      if (partial !== '' && onLine !== undefined) onLine(partial);
      resolve(code ?? 1);
    });
  });
}

let passed = 0;
let failed = 0;

const typecheck = await run('tsc', ['-b']);
if (typecheck === 0) passed++;
else {
  failed++;
  console.log('typecheck failed');
}

let reported = false;
const testsExit = await run(
  'lerna',
  ['run', 'test', '--stream', '--no-bail', '--no-sort', '--concurrency', '1', '--skip-nx-cache', '--', '--tap', ...process.argv.slice(2)],
  (line) => {
    const count = /# (pass|fail) (\d+)\s*$/.exec(line);
    if (count === null) return;
    reported = true;
    if (count[1] === 'pass') passed += Number(count[2]);
    else failed += Number(count[2]);
  },
);
if (testsExit !== 0 && (failed === 0 || !reported)) {
  // A suite that crashed or timed out before its summary still counts as a failure.
  failed++;
  console.log(`the test run exited with ${testsExit}`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
