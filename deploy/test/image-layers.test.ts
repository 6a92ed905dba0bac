// What the image holds, built from a small checkout made here (a workspace with production and
// development dependencies, nested node_modules, the workspace links) and read back with
// tar-stream's extract: the production packages only, root-owned entries dated 1970 in path order,
// the config, the same digest for the same inputs, a code change that changes the project layer
// only, and the errors for a missing dependency or a file changed while the archive is written.

import test from 'ava';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { extract, type Header } from 'tar-stream';
import { capstanVersion } from '@capstan/common';
import { describeCapstanImage, defaultImageName } from '../src/index.ts';
import { ociArchitecture } from '../src/image/build-image.ts';
import { sharedLibraries } from '../src/image/runtime-layer.ts';

interface TarFile {
  readonly header: Header;
  readonly body: Buffer;
}

/** The files of a (small) tar archive; the archive is read whole first, so that its errors reach the caller. */
async function readTar(chunks: AsyncIterable<Uint8Array> | Buffer): Promise<TarFile[]> {
  const bytes: Uint8Array[] = [];
  if (Buffer.isBuffer(chunks)) bytes.push(chunks);
  else for await (const chunk of chunks) bytes.push(chunk);
  const files: TarFile[] = [];
  const reader = extract();
  reader.end(Buffer.concat(bytes));
  for await (const entry of reader) {
    const parts: Buffer[] = [];
    for await (const part of entry) parts.push(part as Buffer);
    files.push({ header: entry.header, body: Buffer.concat(parts) });
  }
  return files;
}

/** The archive's files by name, and each layer's files. */
async function readImage(chunks: AsyncIterable<Uint8Array>) {
  const archive = new Map((await readTar(chunks)).map((file) => [file.header.name, file]));
  const blob = (digest: string): Buffer => archive.get(`blobs/sha256/${digest.slice('sha256:'.length)}`)?.body ?? Buffer.alloc(0);
  const index = JSON.parse(archive.get('index.json')?.body.toString() ?? '{}');
  const manifest = JSON.parse(blob(index.manifests[0].digest).toString());
  const config = JSON.parse(blob(manifest.config.digest).toString());
  const layers = await Promise.all((manifest.layers as { digest: string }[]).map((layer) => readTar(blob(layer.digest))));
  return { archive, index, manifest, config, layers };
}

async function writeFiles(root: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

const packageJson = (name: string, more: object = {}): string => JSON.stringify({ name, version: '1.0.0', ...more });

/** A checkout as npm ci leaves it: the root, two workspaces linked in node_modules/@capstan, dependencies. */
async function makeCheckout(t: { teardown(fn: () => Promise<void>): void }): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'capstan-image-layers-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  await writeFiles(root, {
    'package.json': packageJson('capstan', { dependencies: { node: '24' }, devDependencies: { typescript: '7' } }),
    'bin/capstan.ts': "await import('@capstan/deploy');\n",
    'bin/capstan': '#!/bin/sh\n',
    'deploy/package.json': packageJson('@capstan/deploy', {
      dependencies: { '@capstan/common': '1.0.0', 'left-pad': '1' },
      optionalDependencies: { 'other-platform': '1' },
      devDependencies: { ava: '7' },
    }),
    'deploy/src/index.ts': 'export const a = 1;\n',
    'deploy/systemd/capstan.service': '[Unit]\n',
    'deploy/test/index.test.ts': 'test\n',
    'deploy/bench/run.ts': 'bench\n',
    'deploy/tsconfig.json': '{}\n',
    'common/package.json': packageJson('@capstan/common', { dependencies: { ws: '8' } }),
    'common/src/index.ts': 'export const b = 2;\n',
    'common/test/fixture.json': '{}\n',
    'e2e/package.json': packageJson('@capstan/e2e', { dependencies: { kubectl: '1' } }),
    'node_modules/left-pad/package.json': packageJson('left-pad', { dependencies: { nested: '2' } }),
    'node_modules/left-pad/index.js': 'module.exports = 1;\n',
    'node_modules/left-pad/node_modules/nested/package.json': packageJson('nested'),
    'node_modules/left-pad/node_modules/.bin/nested': '#!/bin/sh\n',
    'node_modules/nested/package.json': packageJson('nested', { version: '1.0.0' }),
    'node_modules/ws/package.json': packageJson('ws'),
    'node_modules/typescript/package.json': packageJson('typescript'),
    'node_modules/ava/package.json': packageJson('ava'),
    'node_modules/kubectl/package.json': packageJson('kubectl'),
    'node_modules/node/package.json': packageJson('node'),
  });
  for (const name of ['deploy', 'common', 'e2e']) {
    await mkdir(join(root, 'node_modules', '@capstan'), { recursive: true });
    await symlink(`../../${name}`, join(root, 'node_modules', '@capstan', name));
  }
  await mkdir(join(root, 'node_modules', '.bin'));
  await symlink('../typescript/bin/tsc', join(root, 'node_modules', '.bin', 'tsc'));
  return root;
}

// Any dynamically linked program stands for Node.js here: the layer is read, not run.
const node = '/usr/bin/flock';

test('the project layer holds the workspaces the command needs and their production packages, nothing of development', async (t) => {
  const root = await makeCheckout(t);
  const image = await describeCapstanImage({ root, node });
  const { index, config, layers } = await readImage(image.archive());
  t.is(index.manifests[0].digest, image.manifest.digest);
  t.is(index.manifests[0].annotations['io.containerd.image.name'], defaultImageName);
  t.is(layers.length, 2);
  const [runtime = [], project = []] = layers;

  const names = project.map((file) => file.header.name);
  const files = project.filter((file) => file.header.type !== 'directory').map((file) => file.header.name);
  t.deepEqual(files, [
    'opt/capstan/bin/capstan',
    'opt/capstan/bin/capstan.ts',
    'opt/capstan/common/package.json',
    'opt/capstan/common/src/index.ts',
    'opt/capstan/deploy/package.json',
    'opt/capstan/deploy/src/index.ts',
    'opt/capstan/deploy/systemd/capstan.service',
    'opt/capstan/node_modules/@capstan/common',
    'opt/capstan/node_modules/@capstan/deploy',
    'opt/capstan/node_modules/left-pad/index.js',
    'opt/capstan/node_modules/left-pad/node_modules/nested/package.json',
    'opt/capstan/node_modules/left-pad/package.json',
    'opt/capstan/node_modules/ws/package.json',
    'opt/capstan/package.json',
    'usr/local/bin/capstan',
  ]);
  // Every folder comes before what it holds, and every entry belongs to root, dated 1970.
  t.deepEqual(names, [...names].sort());
  t.true(names.includes('opt') && names.includes('opt/capstan/node_modules/left-pad/node_modules'));
  for (const { header } of [...runtime, ...project]) {
    t.like(header, { uid: 0, gid: 0, uname: '', gname: '' }, header.name);
    t.is(header.mtime?.getTime(), 0, header.name);
  }
  const byName = new Map(project.map((file) => [file.header.name, file]));
  t.like(byName.get('opt/capstan/node_modules/@capstan/deploy')?.header, { type: 'symlink', linkname: '../../deploy' });
  const launcher = byName.get('usr/local/bin/capstan');
  t.is(launcher?.header.mode, 0o755);
  t.regex(launcher?.body.toString() ?? '', /^#!\/usr\/local\/bin\/node\n(\/\/.*\n)*import\("\/opt\/capstan\/bin\/capstan\.ts"\);\n$/);

  const runtimeByName = new Map(runtime.map((file) => [file.header.name, file]));
  t.is(runtimeByName.get('usr/local/bin/node')?.header.mode, 0o755);
  t.truthy(runtimeByName.get('usr/bin/flock'));
  for (const library of await sharedLibraries(node)) t.truthy(runtimeByName.get(library.slice(1)), library);
  t.is(runtimeByName.get('tmp')?.header.mode, 0o1777);
  t.regex(runtimeByName.get('etc/passwd')?.body.toString() ?? '', /^root:x:0:0:/);

  t.like(config, {
    architecture: ociArchitecture(process.arch),
    os: 'linux',
    config: { Entrypoint: ['/usr/local/bin/capstan'], WorkingDir: '/opt/capstan', Labels: { 'org.opencontainers.image.version': capstanVersion } },
    rootfs: { type: 'layers', diff_ids: image.layers.map((layer) => layer.digest) },
  });
  t.true((config.config.Env as string[]).some((variable) => /^PATH=.*\/usr\/local\/bin/.test(variable)));
});

test('the same checkout gives the same digest; a code change changes the project layer only', async (t) => {
  const root = await makeCheckout(t);
  const first = await describeCapstanImage({ root, node, name: 'capstan.local/capstan:test' });
  const again = await describeCapstanImage({ root, node, name: 'capstan.local/capstan:test' });
  t.is(again.manifest.digest, first.manifest.digest);
  t.deepEqual(again.layers, first.layers);

  await writeFile(join(root, 'deploy', 'src', 'index.ts'), 'export const a = 2;\n');
  const changed = await describeCapstanImage({ root, node, name: 'capstan.local/capstan:test' });
  t.is(changed.layers[0]?.digest, first.layers[0]?.digest);
  t.not(changed.layers[1]?.digest, first.layers[1]?.digest);
  t.not(changed.manifest.digest, first.manifest.digest);
  // A test is no part of the image: changing one changes nothing.
  await writeFile(join(root, 'deploy', 'test', 'index.test.ts'), 'changed\n');
  t.is((await describeCapstanImage({ root, node, name: 'capstan.local/capstan:test' })).manifest.digest, changed.manifest.digest);
});

test('a missing dependency and a file changed while the archive is written fail clearly', async (t) => {
  const root = await makeCheckout(t);
  const image = await describeCapstanImage({ root, node });
  await writeFile(join(root, 'common', 'src', 'index.ts'), 'export const b = 3;\n');
  await t.throwsAsync(readTar(image.archive()), { message: /^the layer of the Capstan project changed while the image was written \(sha256:\w+, now sha256:\w+\): build again$/ });

  await rm(join(root, 'node_modules', 'ws'), { recursive: true });
  await t.throwsAsync(describeCapstanImage({ root, node }), { message: `ws, a dependency of @capstan/common, is not installed in ${root}: run npm ci` });
});
