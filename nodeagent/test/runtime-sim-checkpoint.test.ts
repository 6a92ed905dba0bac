// CheckpointContainer of the simulated runtime: the archive's layout (as CRI-O's), its contents
// and mode, and the errors the kubelet's checkpoint endpoint turns into its answers.

import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { extract } from 'tar-stream';
import { RuntimeError } from '../src/runtime-sim/runtime-error.ts';
import { inlineLifecycle, simulatedNode } from './runtime-sim-fixture.ts';

async function tarEntries(archive: Buffer): Promise<Map<string, { type: string; mode: number; body: Buffer }>> {
  const entries = new Map<string, { type: string; mode: number; body: Buffer }>();
  const reader = extract();
  const done = (async () => {
    for await (const entry of reader) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.set(entry.header.name, { type: entry.header.type, mode: entry.header.mode, body: Buffer.concat(chunks) });
    }
  })();
  reader.end(archive);
  await done;
  return entries;
}

test('the archive holds config.dump, spec.dump, rootfs-diff.tar, deleted.files and checkpoint/, readable by its owner only', async (t) => {
  const node = simulatedNode(t);
  const { id, sandboxId } = await node.run(
    'web',
    {},
    { imageName: 'registry.example/server:1', command: ['/bin/server'], args: ['--port', '8080'], envs: [{ key: 'MODE', value: 'prod' }] },
  );
  await node.runtime.execSync(id, ['sh', '-c', 'echo state > /var/lib/app.db; touch /tmp/x; rm /tmp/x; rm /etc/hostname'], 0);
  await node.clock.advance(1500);
  const location = join(node.dir, 'checkpoint-web_default-main-2026-01-01T00:00:01Z.tar');
  await node.runtime.checkpointContainer(id, location, 0);

  t.is(statSync(location).mode & 0o777, 0o600);
  const entries = await tarEntries(await readFile(location));
  t.deepEqual([...entries.keys()], ['config.dump', 'spec.dump', 'rootfs-diff.tar', 'deleted.files', 'checkpoint', 'checkpoint/runtime-sim-process.json']);
  t.is(entries.get('checkpoint')?.type, 'directory');

  const config = JSON.parse(entries.get('config.dump')?.body.toString() ?? '');
  t.like(config, { id, name: 'k8s_main_web_default_uid-1_0', rootfsImageName: 'registry.example/server:1', runtime: 'capstan-runtime-sim' });
  t.regex(config.rootfsImage, /^sha256:[0-9a-f]{64}$/);

  const spec = JSON.parse(entries.get('spec.dump')?.body.toString() ?? '');
  t.deepEqual(spec.process.args, ['/bin/server', '--port', '8080']);
  t.deepEqual(spec.process.env, ['MODE=prod']);
  t.like(spec.annotations, {
    'io.kubernetes.pod.name': 'web',
    'io.kubernetes.pod.namespace': 'default',
    'io.kubernetes.container.name': 'main',
    'runtime-sim.capstan.dev/sandbox-id': sandboxId,
  });

  const rootfs = await tarEntries(entries.get('rootfs-diff.tar')?.body ?? Buffer.alloc(0));
  t.deepEqual([...rootfs.keys()], ['var/lib/app.db']);
  t.is(rootfs.get('var/lib/app.db')?.body.toString(), 'state\n');
  t.deepEqual(JSON.parse(entries.get('deleted.files')?.body.toString() ?? ''), ['/tmp/x', '/etc/hostname']);

  const process = JSON.parse(entries.get('checkpoint/runtime-sim-process.json')?.body.toString() ?? '');
  t.like(process, { lifecycle: 'default', runningForMs: 1500, sigtermSent: false });
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING', 'checkpointing leaves the container running');
});

test('an archive without changes has an empty rootfs-diff.tar and no deleted.files', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web');
  const location = join(node.dir, 'plain.tar');
  await node.runtime.checkpointContainer(id, location);
  const entries = await tarEntries(await readFile(location));
  t.false(entries.has('deleted.files'));
  t.is((await tarEntries(entries.get('rootfs-diff.tar')?.body ?? Buffer.alloc(0))).size, 0);
});

test('checkpoint errors: not running, a declared failure, a timeout, an unwritable location, an unknown container', async (t) => {
  const node = simulatedNode(t);
  const stopped = await node.run('stopped');
  await node.runtime.stopContainer(stopped.id, 0);
  await t.throwsAsync(node.runtime.checkpointContainer(stopped.id, join(node.dir, 'a.tar')), { message: `container ${stopped.id} is not running` });

  const failing = await node.run('failing', inlineLifecycle({ checkpoint: { error: 'criu failed: type NOTIFY errno 0' } }));
  await t.throwsAsync(node.runtime.checkpointContainer(failing.id, join(node.dir, 'b.tar')), {
    message: `failed to checkpoint container ${failing.id}: criu failed: type NOTIFY errno 0`,
  });

  const slow = await node.run('slow', inlineLifecycle({ checkpoint: { delay: '10s' } }));
  const timedOut = node.runtime.checkpointContainer(slow.id, join(node.dir, 'c.tar'), 2);
  timedOut.catch(() => {});
  await node.clock.advance(2000);
  const error = await t.throwsAsync(timedOut, { instanceOf: RuntimeError });
  t.is(error?.code, 'DeadlineExceeded');

  const web = await node.run('web');
  await t.throwsAsync(node.runtime.checkpointContainer(web.id, join(node.dir, 'missing-dir', 'd.tar')), { message: /^failed to write checkpoint archive ".*d\.tar": ENOENT/ });
  await t.throwsAsync(node.runtime.checkpointContainer(web.id, 'relative.tar'), { message: 'checkpoint location "relative.tar" must be an absolute path' });
  await t.throwsAsync(node.runtime.checkpointContainer('f00', join(node.dir, 'e.tar')), {
    instanceOf: RuntimeError,
    message: 'an error occurred when try to find container "f00": not found',
  });
});

test("a runtime without the checkpoint feature answers Unimplemented, as Debian's containerd does", async (t) => {
  const node = simulatedNode(t, { lifecycles: 'features: { checkpoint: false }' });
  const { id } = await node.run('web');
  const error = await t.throwsAsync(node.runtime.checkpointContainer(id, join(node.dir, 'x.tar')), { instanceOf: RuntimeError });
  t.is(error?.code, 'Unimplemented');
  t.is(error?.message, 'method CheckpointContainer not implemented');
});
