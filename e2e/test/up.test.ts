import test from 'ava';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
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

test('capstan up starts the controllers and a node: kubectl run schedules a pod onto it and it runs; the processes end with the cluster, even when it is killed', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'capstan-up-'));
  const child = spawn(process.execPath, [capstan, 'up', `--data-dir=${dataDir}`, '--port=0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(async () => {
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  await new Promise<void>((resolve) => child.stdout.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('\n') && resolve()));
  const kubeconfig = join(dataDir, 'kubeconfig');
  const kubectl = async (...args: string[]): Promise<string> =>
    (await promisify(execFile)(kubectlBinary(), args, { env: { ...process.env, KUBECONFIG: kubeconfig }, encoding: 'utf8' })).stdout;
  const deadline = Date.now() + 20_000;
  let nodes = '';
  while (!/\sReady\s/.test(nodes) && Date.now() < deadline) {
    nodes = await kubectl('get', 'nodes', '--no-headers');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  t.regex(nodes, new RegExp(`^${hostname().toLowerCase()}\\s+Ready\\s+<none>\\s+\\S+\\s+v1\\.35\\.0\\+capstan-0\\.1\\.0\\n$`));
  const node = JSON.parse(await kubectl('get', 'node', hostname().toLowerCase(), '-o', 'json')) as { status: { nodeInfo: { containerRuntimeVersion: string } } };
  t.is(node.status.nodeInfo.containerRuntimeVersion, 'capstan-runtime-sim://0.1.0');
  // No nodeName: the scheduler of the controllers binds it.
  await kubectl('run', 'web', '--image=registry.example/web:1');
  let pod = '';
  while (!/\sRunning\s/.test(pod) && Date.now() < deadline + 20_000) {
    pod = await kubectl('get', 'pod', 'web', '-o', 'wide', '--no-headers');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  t.regex(pod, new RegExp(`^web\\s+1/1\\s+Running\\s+0\\s+\\S+\\s+\\S+\\s+${hostname().toLowerCase()}\\s`));
  const clusterProcesses = (): string[] =>
    execFileSync('pgrep', ['-f', dataDir], { encoding: 'utf8' }).split('\n').filter((line) => line !== '' && line !== String(child.pid));
  t.is(clusterProcesses().length, 3, 'the controllers, the agent and the simulated runtime');
  child.kill('SIGKILL');
  await exited;
  const gone = Date.now() + 10_000;
  let left = -1;
  while (Date.now() < gone) {
    try {
      left = clusterProcesses().length;
    } catch {
      left = 0; // pgrep exits 1 when nothing matches
    }
    if (left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  t.is(left, 0, 'the controllers and the node processes ended with the killed cluster');
});
