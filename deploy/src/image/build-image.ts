// The OCI image of Capstan: the Node.js runtime in one layer, the project in another (a change of
// the code changes only that layer), `capstan` as the entrypoint. Deterministic: the same checkout,
// Node.js binary and host libraries give the same digest.

import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { access, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { capstanImage, capstanVersion } from '@capstan/common';
import { ociImage, type OciImage } from './oci-archive.ts';
import { imageCommandPath, imageProjectPath, projectLayerEntries } from './project-layer.ts';
import { runtimeLayerEntries } from './runtime-layer.ts';

const run = promisify(execFile);

/** The checkout this module runs from. */
export const projectRoot = resolve(import.meta.dirname, '..', '..', '..');

/** The name the self-hosted control plane's manifests run (see static-pods). */
export const defaultImageName = capstanImage;

export interface CapstanImageOptions {
  /** The image's name (default capstan.local/capstan:<version>). */
  readonly name?: string;
  /** The checkout to take the project from (default: this one). */
  readonly root?: string;
  /** The Node.js binary (default: the checkout's pinned one, node_modules/node/bin/node, else this process's). */
  readonly node?: string;
}

export interface BuiltImage {
  readonly name: string;
  /** The manifest's digest, as containerd shows the image's. */
  readonly digest: string;
  /** The archive's path, where it was written to a file. */
  readonly archive?: string;
  /** The archive's size in bytes. */
  readonly size: number;
  /** The layers' sizes in bytes: the Node.js runtime, then the project. */
  readonly layerSizes: readonly number[];
}

/** Describes the image (reading every file once); its archive() streams it. */
export async function describeCapstanImage(options: CapstanImageOptions = {}): Promise<OciImage> {
  const root = resolve(options.root ?? projectRoot);
  const pinned = join(root, 'node_modules', 'node', 'bin', 'node');
  const node =
    options.node ??
    ((await access(pinned).then(
      () => true,
      () => false,
    ))
      ? pinned
      : process.execPath);
  const labels: Record<string, string> = {
    'org.opencontainers.image.title': 'capstan',
    'org.opencontainers.image.description': 'A lightweight control plane that speaks the Kubernetes API',
    'org.opencontainers.image.version': capstanVersion,
  };
  const source = repositoryOf(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')));
  if (source !== undefined) labels['org.opencontainers.image.source'] = source;
  const revision = await run('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).then(
    ({ stdout }) => stdout.trim(),
    () => undefined,
  );
  if (revision !== undefined && /^[0-9a-f]{40}$/.test(revision)) labels['org.opencontainers.image.revision'] = revision;
  return ociImage(
    options.name ?? defaultImageName,
    [
      { description: 'the Node.js runtime', entries: await runtimeLayerEntries(node) },
      { description: 'the Capstan project', entries: await projectLayerEntries(root) },
    ],
    {
      entrypoint: [imageCommandPath],
      env: ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'],
      workingDir: imageProjectPath,
      labels,
      architecture: ociArchitecture(process.arch),
    },
  );
}

/** Builds the image into a file (written beside it and renamed: never half an archive) or a stream. */
export async function buildCapstanImage(options: CapstanImageOptions & { readonly output: string | Writable }): Promise<BuiltImage> {
  // Said before the layers are read, not after.
  if (typeof options.output === 'string' && (await stat(dirname(resolve(options.output))).catch(() => undefined))?.isDirectory() !== true) {
    throw new Error(`no directory ${dirname(resolve(options.output))} to write the image archive in`);
  }
  const image = await describeCapstanImage(options);
  let size = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of image.archive()) {
      size += chunk.byteLength;
      yield chunk;
    }
  }
  const summary = (archive?: string): BuiltImage => ({
    name: image.name,
    digest: image.manifest.digest,
    ...(archive === undefined ? {} : { archive }),
    size,
    layerSizes: image.layers.map((layer) => layer.size),
  });
  if (typeof options.output !== 'string') {
    await pipeline(counted(), options.output, { end: false });
    return summary();
  }
  const archive = resolve(options.output);
  const temporary = join(dirname(archive), `.${process.pid}.${Date.now()}.image.tmp`);
  try {
    await pipeline(counted(), createWriteStream(temporary, { mode: 0o644 }));
    await rename(temporary, archive);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return summary(archive);
}

function repositoryOf(manifest: { readonly repository?: unknown }): string | undefined {
  const { repository } = manifest;
  if (typeof repository === 'string') return repository;
  if (typeof repository === 'object' && repository !== null && typeof (repository as { url?: unknown }).url === 'string') return (repository as { url: string }).url;
  return undefined;
}

/** Node.js names architectures as its build does (x64); OCI as Go does (amd64). */
export function ociArchitecture(arch: string): string {
  const names: Readonly<Record<string, string>> = {
    x64: 'amd64',
    ia32: '386',
    arm64: 'arm64',
    arm: 'arm',
    ppc64: 'ppc64le',
    s390x: 's390x',
    riscv64: 'riscv64',
    loong64: 'loong64',
    mips64el: 'mips64le',
  };
  return names[arch] ?? arch;
}
