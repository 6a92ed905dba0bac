// POST /checkpoint/{namespace}/{pod}/{container} on the agent's server: every answer of the
// kubelet's checkpoint endpoint, against a real CRI peer (one that writes the archive, one that
// fails, one without the method at all).

import test from 'ava';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { GrpcStatus } from '../src/cri/index.ts';
import { rfc3339Local } from '../src/server/checkpoint.ts';
import { call, testNode, token } from './server-fixture.ts';

const secured = (node: { tokenFile: string }) => ['--anonymous-auth=false', `--authentication-token-file=${node.tokenFile}`];
const post = { method: 'POST', token };

test('without credentials a checkpoint is 401; with the gate off the path is 404 to anyone', async (t) => {
  const node = await testNode(t);
  node.addPod('default', 'web', ['app']);
  const server = await node.start(secured(node));
  const anonymous = await call(server, '/checkpoint/default/web/app', { method: 'POST' });
  t.is(anonymous.status, 401);
  t.is(anonymous.body, 'Unauthorized');
  const off = await node.start([...secured(node), '--feature-gates=ContainerCheckpoint=false']);
  const gated = await call(off, '/checkpoint/default/web/app', post);
  t.is(gated.status, 404);
  t.is(gated.body, '404 page not found\n');
  t.is((await call(off, '/checkpoint/default/web/app', { method: 'POST' })).status, 404);
  t.is(node.checkpoints.length, 0);
});

test('a checkpoint goes to the runtime for <root-dir>/checkpoints (made 0700) as checkpoint-<pod full name>-<container>-<time>.tar', async (t) => {
  const node = await testNode(t);
  const pod = node.addPod('default', 'web', ['app']);
  const server = await node.start(secured(node));
  t.is(statSync(join(node.rootDir, 'checkpoints')).mode & 0o777, 0o700);
  const before = rfc3339Local(new Date());
  const answer = await call(server, '/checkpoint/default/web/app?timeout=300', post);
  const after = rfc3339Local(new Date());
  t.is(answer.status, 200);
  t.is(answer.headers['content-type'], 'application/json');
  const { items } = JSON.parse(answer.body) as { items: string[] };
  t.is(items.length, 1);
  const [location] = items as [string];
  t.is(answer.body, `{"items":["${location}"]}`);
  const name = location.slice(join(node.rootDir, 'checkpoints').length + 1);
  const stamp = /^checkpoint-web_default-app-(.+)\.tar$/.exec(name)?.[1] ?? '';
  t.true(stamp === before || stamp === after, name);
  t.regex(stamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/);
  // The archive and its mode (0600) are the runtime's: e2e/test/agent-server.test.ts checks the simulated runtime's.
  t.true(statSync(location).isFile());
  t.deepEqual(node.checkpoints, [{ containerId: pod.containers.get('app')?.id, location, timeout: 300 }]);
  // A timeout below the runtime request timeout (2m) is raised to it, as the kubelet's CRI client raises it.
  await call(server, '/checkpoint/default/web/app?timeout=7', post);
  t.is(node.checkpoints.at(-1)?.timeout, 120);
});

test("the time stamp of a checkpoint is Go's RFC 3339 in the local zone", (t) => {
  const date = new Date(2026, 0, 2, 3, 4, 5);
  const offset = -date.getTimezoneOffset();
  const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
  t.is(rfc3339Local(date), `2026-01-02T03:04:05${zone}`);
});

test("an unknown pod or container is 404 with the kubelet's words; init containers can be checkpointed", async (t) => {
  const node = await testNode(t);
  node.addPod('default', 'web', ['setup', 'app']);
  const server = await node.start(secured(node));
  const pod = await call(server, '/checkpoint/default/nope/app', post);
  t.is(pod.status, 404);
  t.is(pod.body, 'pod does not exist');
  t.is((await call(server, '/checkpoint/other/web/app', post)).body, 'pod does not exist');
  const container = await call(server, '/checkpoint/default/web/nope', post);
  t.is(container.status, 404);
  t.is(container.body, 'container nope does not exist');
  t.is((await call(server, '/checkpoint/default/web/setup', post)).status, 200);
  const timeout = await call(server, '/checkpoint/default/web/app?timeout=soon', post);
  t.is(timeout.status, 404);
  t.is(timeout.body, 'cannot parse value of timeout parameter');
  // The last of several timeouts counts.
  await call(server, '/checkpoint/default/web/app?timeout=soon&timeout=180', post);
  t.is(node.checkpoints.at(-1)?.timeout, 180);
});

test("a runtime error, a container that does not run and a negative timeout are the kubelet's 500", async (t) => {
  const node = await testNode(t);
  const pod = node.addPod('default', 'web', ['app', 'done']);
  const server = await node.start(secured(node));
  node.checkpoint = { kind: 'fail', code: GrpcStatus.UNKNOWN, message: 'criu failed: type NOTIFY errno 0' };
  const failed = await call(server, '/checkpoint/default/web/app', post);
  t.is(failed.status, 500);
  t.is(failed.body, 'checkpointing of default/web/app failed (rpc error: code = Unknown desc = criu failed: type NOTIFY errno 0)');
  const done = pod.containers.get('done');
  pod.containers.set('done', { ...(done as NonNullable<typeof done>), running: false, state: 'CONTAINER_EXITED' });
  const stopped = await call(server, '/checkpoint/default/web/done', post);
  t.is(stopped.status, 500);
  t.is(stopped.body, 'checkpointing of default/web/done failed (container done not found)');
  const negative = await call(server, '/checkpoint/default/web/app?timeout=-1', post);
  t.is(negative.status, 500);
  t.is(negative.body, 'checkpointing of default/web/app failed (CheckpointContainer requires the timeout value to be > 0)');
});

test('a runtime without the checkpoint API (gRPC UNIMPLEMENTED, as containerd answers) is a 500 naming it', async (t) => {
  const node = await testNode(t);
  node.addPod('default', 'web', ['app']);
  const server = await node.start(secured(node), node.bareRuntime);
  const answer = await call(server, '/checkpoint/default/web/app', post);
  t.is(answer.status, 500);
  t.is(answer.body, 'checkpointing of default/web/app failed (rpc error: code = Unimplemented desc = method CheckpointContainer not implemented)');
});
