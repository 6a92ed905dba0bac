import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

test('capstan up starts a cluster, writes its kubeconfig and says how to use it', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'capstan-up-'));
  const child = spawn(process.execPath, [capstan, 'up', `--data-dir=${dataDir}`, '--port=0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(async () => {
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ready line in 10 s: ${out}`)), 10_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.split('\n')[0] as string);
      }
    });
  });
  const kubeconfig = join(dataDir, 'kubeconfig');
  t.regex(line, new RegExp(`^Capstan is ready at http://127\\.0\\.0\\.1:\\d+: export KUBECONFIG=${kubeconfig.replace(/[.]/g, '\\.')}$`));
  t.is(statSync(kubeconfig).mode & 0o777, 0o600);
  t.true(readFileSync(kubeconfig, 'utf8').includes('current-context: capstan'));
  const { stdout } = await promisify(execFile)(kubectlBinary(), ['get', '--raw', '/readyz'], {
    env: { ...process.env, KUBECONFIG: kubeconfig },
    encoding: 'utf8',
  });
  t.is(stdout, 'ok');
  child.kill('SIGTERM');
  t.is(await exited, 0);
});
