// stop() leaves nothing behind: no process, no directory, no listening port; and an environment
// whose test process is killed goes too (its server process stops, its directory is swept).

import test from 'ava';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { startTestEnv } from '../src/index.ts';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the process is gone; the test's timeout bounds it. */
async function gone(pid: number): Promise<void> {
  while (isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
}

test('stop() of an in-process environment closes its port and removes its directory', async (t) => {
  const env = await startTestEnv();
  t.is(env.apiServerPid, process.pid);
  t.true(existsSync(env.kubeconfigPath));
  await env.stop();
  t.false(existsSync(env.dir));
  await t.throwsAsync(fetch(`${env.url}/readyz`));
  // Once, however often it is asked.
  await env.stop();
});

test('stop() of a process environment ends the API server and the controllers and removes the directory', async (t) => {
  const env = await startTestEnv({ mode: 'process', controllers: true });
  t.teardown(() => env.stop());
  const apiServer = env.apiServerPid;
  const controllers = env.controllersPid as number;
  t.not(apiServer, process.pid);
  t.true(isRunning(apiServer));
  t.true(isRunning(controllers));
  // The controllers run: the serviceaccount controller makes a new namespace's `default` account.
  const headers = { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' };
  const created = await fetch(`${env.url}/api/v1/namespaces`, { method: 'POST', headers, body: JSON.stringify({ metadata: { name: 'team' } }) });
  t.is(created.status, 201);
  const watch = await fetch(`${env.url}/api/v1/namespaces/team/serviceaccounts?watch=true&fieldSelector=metadata.name%3Ddefault`, { headers });
  const reader = (watch.body as ReadableStream<Uint8Array>).getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  t.regex(first, /"type":"ADDED"/);
  await reader.cancel();
  await env.stop();
  t.false(isRunning(apiServer));
  t.false(isRunning(controllers));
  t.false(existsSync(env.dir));
});

test('a killed test process leaves neither its server process nor its directories to the next start', async (t) => {
  // A test process that starts one environment of each mode and is then killed.
  const script = `
    import { startTestEnv } from ${JSON.stringify(join(import.meta.dirname, '..', 'src', 'index.ts'))};
    const envs = [await startTestEnv(), await startTestEnv({ mode: 'process' })];
    console.log(JSON.stringify(envs.map((env) => ({ dir: env.dir, pid: env.apiServerPid }))));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', `${script}; setInterval(() => {}, 1000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.teardown(() => child.kill('SIGKILL'));
  const [line] = (await once(child.stdout.setEncoding('utf8'), 'data')) as [string];
  const [inProcess, processMode] = JSON.parse(line) as { dir: string; pid: number }[];
  t.true(existsSync(inProcess?.dir as string) && existsSync(processMode?.dir as string));
  child.kill('SIGKILL');
  await once(child, 'exit');
  // The child API server sees its parent gone (deploy/src/exit-with-parent.ts) and stops.
  await gone(processMode?.pid as number);
  // Nothing ran the killed process's cleanup; the next start sweeps its directories.
  const next = await startTestEnv();
  t.teardown(() => next.stop());
  t.false(existsSync(inProcess?.dir as string));
  t.false(existsSync(processMode?.dir as string));
});
