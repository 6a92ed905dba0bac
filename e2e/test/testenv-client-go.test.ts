// The Go way to a Capstan test environment: e2e/clientgo/testenv (exec `capstan testenv`, read the
// kubeconfig from its ready line) and its example test with client-go, run by `go test`.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { goAvailable } from '../src/clientgo-binary.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
const goTest = hasGo ? test : test.skip;
if (!hasGo) console.log('skipped: the client-go testenv example needs the Go toolchain (`go` on the PATH)');

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan');

goTest('a Go test starts two Capstan test environments with `capstan testenv` and uses them with client-go', async (t) => {
  t.timeout(5 * 60_000, 'go test compiles the example against client-go');
  try {
    const { stdout } = await run('go', ['test', '-count=1', '-v', './testenv/'], {
      cwd: join(import.meta.dirname, '..', 'clientgo'),
      env: { ...process.env, CAPSTAN: capstan, CGO_ENABLED: '0' },
      encoding: 'utf8',
      timeout: 5 * 60_000,
    });
    t.regex(stdout, /--- PASS: TestTwoEnvironmentsKeepTheirObjectsApart/);
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`go test failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
});
