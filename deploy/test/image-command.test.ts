// `capstan image` as a user runs it: the archive streamed to stdout (what the command says goes to
// stderr), and clear errors for a missing subcommand, a missing containerd socket, a missing ctr
// and flags that contradict each other. The import into a real containerd is in image.test.ts.

import test from 'ava';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { extract } from 'tar-stream';
import { importImage } from '../src/index.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
async function* notAnArchive(): AsyncGenerator<Uint8Array> {
  yield Buffer.from('not an archive');
}

const run = (...args: string[]) => spawnSync(process.execPath, [capstan, ...args], { encoding: 'utf8' });

/** The names in a tar stream (an image layer, read as it streams). */
async function tarNames(stream: AsyncIterable<Buffer>): Promise<string[]> {
  const names: string[] = [];
  const reader = extract();
  Readable.from(stream).pipe(reader);
  for await (const entry of reader) {
    names.push(entry.header.name);
    entry.resume();
  }
  return names;
}

test('capstan image build --output=- streams the archive of this checkout to stdout, production packages only', async (t) => {
  const child = spawn(process.execPath, [capstan, 'image', 'build', '--output=-', '--name=example.test/capstan:stdout'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const names: string[] = [];
  const json = new Map<string, { manifests?: { digest: string; annotations: Record<string, string> }[]; layers?: { digest: string }[] }>();
  let projectNames: string[] = [];
  const reader = extract();
  child.stdout.pipe(reader);
  // The archive holds oci-layout, index.json, the manifest and the config before the layers.
  for await (const entry of reader) {
    const name = entry.header.name;
    names.push(name);
    const manifest = [...json.values()].find((document) => document.layers !== undefined);
    if (name === `blobs/sha256/${manifest?.layers?.[1]?.digest.slice('sha256:'.length)}`) {
      projectNames = await tarNames(entry as AsyncIterable<Buffer>);
      continue;
    }
    const parts: Buffer[] = [];
    for await (const part of entry) if ((entry.header.size ?? 0) < 100_000) parts.push(part as Buffer);
    if (parts.length > 0 && name !== 'oci-layout') json.set(name, JSON.parse(Buffer.concat(parts).toString()));
  }
  const [code] = await exited;
  t.is(code, 0, stderr);
  t.deepEqual(names.slice(0, 4), ['oci-layout', 'index.json', 'blobs', 'blobs/sha256']);
  t.is(names.length, 8);

  // The project layer of this checkout: the packages the command runs on, none of development.
  t.true(projectNames.length > 1000, String(projectNames.length));
  for (const needed of [
    'opt/capstan/bin/capstan.ts',
    'opt/capstan/node_modules/@capstan/apiserver',
    'opt/capstan/apiserver/src/index.ts',
    'opt/capstan/node_modules/piscina/package.json',
    'opt/capstan/node_modules/yaml/package.json',
    'opt/capstan/deploy/node_modules/tar-stream/package.json',
    'usr/local/bin/capstan',
  ]) {
    t.true(projectNames.includes(needed), needed);
  }
  const development = projectNames.filter((name) =>
    /^opt\/capstan\/(node_modules\/(typescript|@biomejs|ava|lerna|fast-check|@kubernetes|node|\.bin|\.cache)\/|node_modules\/@capstan\/e2e|e2e\/|[a-z]+\/(test|bench)\/)/.test(
      name,
    ),
  );
  t.deepEqual(development, []);

  const index = json.get('index.json');
  const digest = index?.manifests?.[0]?.digest ?? '';
  t.is(index?.manifests?.[0]?.annotations['io.containerd.image.name'], 'example.test/capstan:stdout');
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
  t.is(run('image', 'build', `--output=${dir}/absent/image.tar`).stderr, `Error: no directory ${dir}/absent to write the image archive in\n`);
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
