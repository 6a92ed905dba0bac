import test from 'ava';
import { failingChecks, healthResponse } from '../src/health/health-endpoint.ts';
import { PostStartHooks } from '../src/health/post-start-hooks.ts';

const never = (): Promise<void> => new Promise(() => {});

/** Started hooks, one finished ("done") and one that never finishes ("slow"). */
async function doneAndSlowHooks(onFailure: () => void): Promise<PostStartHooks> {
  const hooks = new PostStartHooks([
    { name: 'done', run: async () => {} },
    { name: 'slow', run: never },
  ]);
  void hooks.start(onFailure);
  await new Promise((resolve) => setImmediate(resolve));
  return hooks;
}

test('an unfinished post-start hook fails readyz, and fails livez only once the grace period is over', async (t) => {
  const hooks = await doneAndSlowHooks(() => t.fail());
  const verbose = new URLSearchParams('verbose');
  const readyz = await healthResponse('readyz', hooks.readinessChecks(), verbose);
  t.is(readyz.status, 500);
  t.is(readyz.body, '[+]poststarthook/done ok\n[-]poststarthook/slow failed: reason withheld\nreadyz check failed\n');
  const inGrace = await healthResponse('livez', hooks.livenessChecks(60_000), verbose);
  t.is(inGrace.status, 200);
  t.is(inGrace.body, '[+]poststarthook/done ok\n[+]poststarthook/slow ok\nlivez check passed\n');
  const afterGrace = await healthResponse('livez', hooks.livenessChecks(0), verbose);
  t.is(afterGrace.status, 500);
});

test('start resolves once every hook has finished; a failed hook is reported and stays unfinished', async (t) => {
  const failures: string[] = [];
  const hooks = new PostStartHooks([{ name: 'broken', run: () => Promise.reject(new Error('boom')) }]);
  let finished = false;
  void hooks.start((name) => failures.push(name)).then(() => (finished = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.deepEqual(failures, ['broken']);
  t.false(finished);
  t.is((await healthResponse('readyz', hooks.readinessChecks(), new URLSearchParams())).status, 500);
  const ok = new PostStartHooks([{ name: 'quick', run: async () => {} }]);
  await ok.start(() => t.fail());
  t.is((await healthResponse('readyz', ok.readinessChecks(), new URLSearchParams())).body, 'ok');
});

test('failingChecks names the checks that fail now: the livez checks the systemd watchdog withholds its pings on', async (t) => {
  const hooks = await doneAndSlowHooks(() => t.fail());
  const storage = { name: 'etcd', check: () => Promise.reject(new Error('context deadline exceeded')) };
  t.deepEqual(await failingChecks([...hooks.livenessChecks(60_000)]), []);
  t.deepEqual(await failingChecks([storage, ...hooks.livenessChecks(0)]), ['etcd', 'poststarthook/slow']);
});
