// A Deployment driven by client-go v0.35's typed clients (Protobuf) on `capstan up`, as a Go
// operator drives one: created with replicas 0 (Go's zero value stays 0), scaled to 2 through the
// scale subresource, rolled to a new image with a read-modify-write Update; each rollout ends as
// kubectl rollout status would see it, and the old ReplicaSet is kept at 0 (e2e/clientgo/cmd/
// deployment-rollout prints what it saw).

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eventually } from '../../common/test/eventually.ts';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { startUp } from '../src/up-process.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
const goTest = hasGo ? test : test.skip;
if (!hasGo) console.log('skipped: the client-go Deployment test needs the Go toolchain (`go` on the PATH)');

goTest('client-go creates a Deployment of 0, scales it to 2 and rolls it to a new image on capstan up', async (t) => {
  const program = clientGoBinary('deployment-rollout');
  const up = startUp();
  t.teardown(() => up.stop());
  await up.line(/^node .* is Ready$/);
  const { stdout } = await run(program, [up.kubeconfig]);
  t.is(
    stdout,
    [
      'created replicas=0',
      'empty replicas=0 updated=0 available=0 revision=1 image=nginx',
      'scale replicas=2',
      'scaled replicas=2 updated=2 available=2 revision=1 image=nginx',
      'updated replicas=2 updated=2 available=2 revision=2 image=nginx:1.27',
      'replicasets=revision 1 image nginx replicas 0 owned true; revision 2 image nginx:1.27 replicas 2 owned true',
      '',
    ].join('\n'),
  );
  // The old pods may still be terminating when the rollout is done: wait for them to go.
  const pods = await eventually(
    'only the new pods left',
    async () => {
      const listed = await up.kubectl('get', 'pods', '-l', 'app=cg-web', '-o', 'jsonpath={range .items[*]}{.status.phase} {.spec.containers[0].image}{"\\n"}{end}');
      return listed.includes('nginx\n') ? undefined : listed;
    },
    60_000,
  );
  t.is(pods, 'Running nginx:1.27\n'.repeat(2));
});
