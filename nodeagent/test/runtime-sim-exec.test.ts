// Exec in simulated containers: the small busybox-like shell, the lifecycle's exec rules and
// readiness, timeouts, and interactive sessions as kubectl exec drives them.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { RuntimeError } from '../src/runtime-sim/runtime-error.ts';
import { inlineLifecycle, type SimulatedNode, simulatedNode } from './runtime-sim-fixture.ts';

async function exec(node: SimulatedNode, id: string, cmd: string[], timeout = 0) {
  const result = await node.runtime.execSync(id, cmd, timeout);
  return { stdout: Buffer.from(result.stdout).toString(), stderr: Buffer.from(result.stderr).toString(), exitCode: result.exitCode };
}

test('echo, hostname, cat /etc/hostname, env and printenv answer from the container config', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('web', {}, { hostname: 'web-0' });
  const id = await node.create(sandboxId, 'main', { envs: [{ key: 'GREETING', value: 'hello world' }], workingDir: '/srv' });
  await node.start(id);
  t.deepEqual(await exec(node, id, ['echo', 'hi', 'there']), { stdout: 'hi there\n', stderr: '', exitCode: 0 });
  t.deepEqual(await exec(node, id, ['cat', '/etc/hostname']), { stdout: 'web-0\n', stderr: '', exitCode: 0 });
  t.deepEqual(await exec(node, id, ['hostname']), { stdout: 'web-0\n', stderr: '', exitCode: 0 });
  t.deepEqual(await exec(node, id, ['printenv', 'GREETING']), { stdout: 'hello world\n', stderr: '', exitCode: 0 });
  t.deepEqual(await exec(node, id, ['/bin/sh', '-c', 'echo "$GREETING, from $HOSTNAME in $(none)"; pwd']), {
    // $(none) is a command substitution, as in busybox's sh: the command is not found.
    stdout: 'hello world, from web-0 in \n/srv\n',
    stderr: 'sh: none: not found\n',
    exitCode: 0,
  });
  t.regex((await exec(node, id, ['env'])).stdout, /^PATH=\/usr\/local\/sbin:.*\nHOSTNAME=web-0\nGREETING=hello world\n$/);
});

test('sh -c scripts: exit codes, && and ||, pipes, redirections, and the shell message for an unknown command', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('shell');
  t.deepEqual(await exec(node, id, ['sh', '-c', 'exit 3']), { stdout: '', stderr: '', exitCode: 3 });
  t.deepEqual(await exec(node, id, ['sh', '-c', 'false || echo fallback && echo then; echo $?']), { stdout: 'fallback\nthen\n0\n', stderr: '', exitCode: 0 });
  t.deepEqual(await exec(node, id, ['sh', '-c', "echo 'a b' | cat"]), { stdout: 'a b\n', stderr: '', exitCode: 0 });
  t.deepEqual(await exec(node, id, ['sh', '-c', 'nosuch --flag']), { stdout: '', stderr: 'sh: nosuch: not found\n', exitCode: 127 });
  t.deepEqual(await exec(node, id, ['cat', '/nope']), { stdout: '', stderr: "cat: can't open '/nope': No such file or directory\n", exitCode: 1 });
  t.deepEqual(await exec(node, id, ['sh', '-c', 'echo "unterminated']), { stdout: '', stderr: 'sh: syntax error: unterminated quoted string\n', exitCode: 2 });
  t.deepEqual(await exec(node, id, ['sh', '-c', 'echo err >&2; cat /nope 2>/dev/null; cat /nope 2>&1; echo bg & echo fg']), {
    stdout: "cat: can't open '/nope': No such file or directory\nbg\nfg\n",
    stderr: 'err\n',
    exitCode: 0,
  });
});

test('exec of a program the container lacks is the runtime error runc reports', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web');
  const error = await t.throwsAsync(node.runtime.execSync(id, ['nosuch'], 0), { instanceOf: RuntimeError });
  t.is(error?.code, 'Unknown');
  t.regex(
    error?.message ?? '',
    /^failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "nosuch": executable file not found in \$PATH: unknown$/,
  );
});

test('files written by exec stay in the container; mounts read and write the host files', async (t) => {
  const node = simulatedNode(t);
  const hosts = join(node.dir, 'etc-hosts');
  writeFileSync(hosts, '127.0.0.1 localhost\n');
  const volume = join(node.dir, 'volume');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(volume);
  const { id } = await node.run(
    'web',
    {},
    {
      mounts: [
        { containerPath: '/etc/hosts', hostPath: hosts, readonly: true },
        { containerPath: '/data', hostPath: volume },
      ],
    },
  );
  t.is((await exec(node, id, ['cat', '/etc/hosts'])).stdout, '127.0.0.1 localhost\n');
  t.deepEqual(await exec(node, id, ['sh', '-c', 'echo x > /etc/hosts']), { stdout: '', stderr: "sh: can't create /etc/hosts: Read-only file system\n", exitCode: 1 });
  t.is((await exec(node, id, ['sh', '-c', 'echo one > /tmp/f; echo two >> /tmp/f; cat /tmp/f'])).stdout, 'one\ntwo\n');
  t.is((await exec(node, id, ['sh', '-c', 'echo shared > /data/note'])).exitCode, 0);
  t.is(readFileSync(join(volume, 'note'), 'utf8'), 'shared\n');
  t.is((await exec(node, id, ['test', '-f', '/tmp/f'])).exitCode, 0);
  t.is((await exec(node, id, ['rm', '/tmp/f'])).exitCode, 0);
  t.is((await exec(node, id, ['test', '-f', '/tmp/f'])).exitCode, 1);
});

test('exec rules answer declared commands within their windows of running time (a liveness probe that starts failing)', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run(
    'probed',
    inlineLifecycle({
      exec: [
        { command: ['cat', '/tmp/healthy'], before: '30s', stdout: 'ok\n' },
        { command: ['cat', '/tmp/healthy'], code: 1, stderr: "cat: can't open '/tmp/healthy': No such file or directory\n" },
        { command: ['curl', '**'], stdout: '<html></html>\n', delay: '200ms' },
      ],
    }),
  );
  t.deepEqual(await exec(node, id, ['cat', '/tmp/healthy']), { stdout: 'ok\n', stderr: '', exitCode: 0 });
  await node.clock.advance(30_000);
  t.is((await exec(node, id, ['cat', '/tmp/healthy'])).exitCode, 1);
  const curl = exec(node, id, ['curl', '-s', 'http://localhost/']);
  await node.clock.advance(200);
  t.is((await curl).stdout, '<html></html>\n');
});

test('readiness: matching exec commands fail until the container has run for its declared time', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('slow', { 'runtime-sim.capstan.dev/lifecycle': 'slow-ready' });
  t.is((await exec(node, id, ['true'])).exitCode, 1);
  await node.clock.advance(4999);
  t.is((await exec(node, id, ['cat', '/etc/hostname'])).exitCode, 1);
  await node.clock.advance(1);
  t.is((await exec(node, id, ['true'])).exitCode, 0);
  const other = await node.run('narrow', inlineLifecycle({ readiness: { after: '5s', commands: [['cat', '/tmp/ready']] } }));
  t.is((await exec(node, other.id, ['cat', '/tmp/ready'])).exitCode, 1);
  t.is((await exec(node, other.id, ['true'])).exitCode, 0);
});

test('ExecSync past its timeout answers DeadlineExceeded, as the kubelet expects of a probe that timed out', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web');
  const result = node.runtime.execSync(id, ['sleep', '5'], 1);
  result.catch(() => {});
  await node.clock.advance(1000);
  const error = await t.throwsAsync(result, { instanceOf: RuntimeError });
  t.is(error?.code, 'DeadlineExceeded');
  t.is(error?.message, 'failed to exec in container: timeout 1s exceeded: context deadline exceeded');
  const quick = exec(node, id, ['sleep', '0.5'], 1);
  await node.clock.advance(500);
  t.is((await quick).exitCode, 0);
});

test('exec in a container that is not running is an error', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web');
  await node.runtime.stopContainer(id, 0);
  await t.throwsAsync(node.runtime.execSync(id, ['true'], 0), { message: `container ${id} is not running: container is in CONTAINER_EXITED state` });
});

async function* lines(...chunks: string[]) {
  for (const chunk of chunks) yield Buffer.from(chunk);
}

test('an interactive shell session runs what is typed, with a prompt on a TTY, and ends with exit', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web');
  let out = '';
  const code = await node.runtime.exec(id, ['sh'], {
    stdin: lines('echo hel', 'lo\n', 'nosuch\n', 'exit 4\n', 'echo never\n'),
    tty: true,
    output: (_stream, data) => (out += data),
  });
  t.is(code, 4);
  t.is(out, '/ # hello\r\n/ # sh: nosuch: not found\r\n/ # ');
});

test('a session without a TTY keeps stdout and stderr apart; cat copies stdin', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web');
  const streams = { stdout: '', stderr: '' };
  const output = (stream: 'stdout' | 'stderr', data: string) => void (streams[stream] += data);
  t.is(await node.runtime.exec(id, ['sh'], { stdin: lines('echo out; cat /none\n'), output }), 1);
  t.deepEqual(streams, { stdout: 'out\n', stderr: "cat: can't open '/none': No such file or directory\n" });
  let copied = '';
  t.is(await node.runtime.exec(id, ['cat'], { stdin: lines('a', 'b\n'), output: (_s, d) => (copied += d) }), 0);
  t.is(copied, 'ab\n');
  let listed = '';
  t.is(await node.runtime.exec(id, ['echo', 'once'], { output: (_s, d) => (listed += d) }), 0);
  t.is(listed, 'once\n');
});
