// `capstan controllers` replicas: one leads through the kube-system/kube-controller-manager Lease;
// when it stops (released at once) or is killed (after the lease duration) another takes over.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { startControllers } from '../src/controllers-process.ts';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

test('one replica leads; a stopped leader hands over at once, a killed one after the lease expires', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const holder = async (): Promise<string | undefined> =>
    (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, '-n', 'kube-system', 'get', 'lease', 'kube-controller-manager', '-o', 'jsonpath={.spec.holderIdentity}'], {
      encoding: 'utf8',
    }).then(
      ({ stdout }) => stdout,
      () => undefined,
    )) || undefined;
  // Longer than the quick timings other tests use: a leader that cannot renew within the deadline
  // on a loaded machine loses the lease (and exits 1, as kube-controller-manager does), which is not
  // what this test is about.
  const timings = ['--leader-elect-lease-duration=6s', '--leader-elect-renew-deadline=4s', '--leader-elect-retry-period=1s'];
  const replicas = [startControllers(server.kubeconfig, timings), startControllers(server.kubeconfig, timings), startControllers(server.kubeconfig, timings)];
  t.teardown(() => Promise.all(replicas.map((replica) => replica.stop())));
  const leaderOf = async (): Promise<number> => {
    const identity = await eventually('a leader', holder);
    const index = replicas.findIndex((replica) => replica.output().includes(`"identity":"${identity}"`) && replica.output().includes('successfully acquired lease'));
    return index >= 0 ? index : (undefined as never);
  };
  const first = await eventually('the leader to say so', async () => ((await leaderOf().catch(() => -1)) >= 0 ? leaderOf() : undefined));
  t.regex((await holder()) ?? '', /^[^_]+_[0-9a-f-]{36}$/);

  const stopped = Date.now();
  t.is(await replicas[first]?.stop('SIGTERM'), 0);
  const second = await eventually('another leader', async () => {
    const index = await leaderOf().catch(() => -1);
    return index >= 0 && index !== first ? index : undefined;
  });
  t.true(Date.now() - stopped < 3000, `released lease taken over in ${Date.now() - stopped} ms`);

  const killed = Date.now();
  await replicas[second]?.stop('SIGKILL');
  const third = await eventually('the last leader', async () => {
    const index = await leaderOf().catch(() => -1);
    return index >= 0 && index !== first && index !== second ? index : undefined;
  });
  t.not(third, undefined);
  // The killed leader's lease had to expire (6 s, measured from when the others last saw it change,
  // at most a retry period of 1 s before the kill).
  t.true(Date.now() - killed >= 4500, `taken over ${Date.now() - killed} ms after the kill`);
});

test('capstan controllers refuses bad flags with a clear message', async (t) => {
  const capstan = new URL('../../bin/capstan.ts', import.meta.url).pathname;
  const failed = (args: string[]) =>
    run(process.execPath, [capstan, 'controllers', ...args], { encoding: 'utf8' }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
  t.like(await failed([]), { code: 1, stderr: 'Error: --kubeconfig is required\n' });
  const unknown = await failed(['--kubeconfig=/dev/null', '--controllers=*,-nope']);
  t.is(unknown?.code, 1);
  t.regex(unknown?.stderr ?? '', /^Error: "nope" is not in the list of known controllers: /);
  t.like(await failed(['--kubeconfig=/dev/null', '--leader-elect-lease-duration=1s']), {
    code: 1,
    stderr: 'Error: --leader-elect-lease-duration must be greater than --leader-elect-renew-deadline, which must be greater than 1.2 times --leader-elect-retry-period\n',
  });
});
