// `capstan image` as a user runs it: the archive streamed to stdout (what the command says goes to
// stderr), and clear errors for a missing subcommand, a missing containerd socket, a missing ctr
// and flags that contradict each other. The import into a real containerd is in image.test.ts.

import test from 'ava';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from 'tar-stream';
import { importImage } from '../src/index.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
async function* notAnArchive(): AsyncGenerator<Uint8Array> {
  yield Buffer.from('not an archive');
}

const run = (...args: string[]) => spawnSync(process.execPath, [capstan, ...args], { encoding: 'utf8' });

test('capstan image build --output=- streams the archive to stdout and says what it built on stderr', async (t) => {
  const child = spawn(process.execPath, [capstan, 'image', 'build', '--output=-', '--name=example.test/capstan:stdout'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const names: string[] = [];
  let index: { manifests: { digest: string; annotations: Record<string, string> }[] } | undefined;
  const reader = extract();
  child.stdout.pipe(reader);
  for await (const entry of reader) {
    names.push(entry.header.name);
    const parts: Buffer[] = [];
    // Only index.json is kept: the layers stream through.
    for await (const part of entry) if (entry.header.name === 'index.json') parts.push(part as Buffer);
    if (entry.header.name === 'index.json') index = JSON.parse(Buffer.concat(parts).toString());
  }
  const [code] = await exited;
  t.is(code, 0, stderr);
  t.deepEqual(names.slice(0, 4), ['oci-layout', 'index.json', 'blobs', 'blobs/sha256']);
  t.is(names.length, 8);
  const digest = index?.manifests[0]?.digest ?? '';
  t.is(index?.manifests[0]?.annotations['io.containerd.image.name'], 'example.test/capstan:stdout');
  t.regex(
    stderr,
    new RegExp(
      `^Built example\\.test/capstan:stdout \\(${digest}\\) on stdout in [\\d.]+ s: [\\d.]+ MB \\(the Node\\.js runtime layer [\\d.]+ MB, the project layer [\\d.]+ MB\\)\\n$`,
    ),
  );
});

test('capstan image fails clearly without a subcommand, without containerd and with contradicting flags', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'capstan-image-command-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const none = run('image');
  t.is(none.status, 1);
  t.is(none.stderr, 'Error: capstan image needs a command: build or import\n');
  t.is(run('image', 'push').stderr, 'Error: unknown command "push" for "capstan image": build or import\n');
  t.regex(run('image', '--help').stdout, /capstan image build \[--output=FILE\|-\]/);
  t.regex(run('--help').stdout, /\n {2}image +Build an OCI image of Capstan/);

  const noSocket = run('image', 'import', `--address=unix://${dir}/containerd.sock`, join(dir, 'image.tar'));
  t.is(noSocket.status, 1);
  t.is(noSocket.stderr, `Error: no containerd socket at ${dir}/containerd.sock: is containerd running? (--address)\n`);
  t.is(run('image', 'import', '--address=tcp://127.0.0.1:1').stderr, 'Error: --address must be a unix socket (unix:///run/containerd/containerd.sock), not "tcp://127.0.0.1:1"\n');
  t.is(run('image', 'build', '--output=-', '--import').stderr, 'Error: --output=- and --import: the archive goes to one place\n');

  // A socket is there, ctr is not.
  const socket = join(dir, 'containerd.sock');
  const server = createServer().listen(socket);
  await once(server, 'listening');
  t.teardown(() => void server.close());
  await t.throwsAsync(importImage(`unix://${socket}`, notAnArchive(), { ctr: join(dir, 'ctr') }), {
    message: `${join(dir, 'ctr')} is not installed: it ships with containerd (apt-get install containerd)`,
  });
  await t.throwsAsync(importImage(`unix://${socket}`, join(dir, 'absent.tar')), { message: `no image archive at ${join(dir, 'absent.tar')}` });
});
