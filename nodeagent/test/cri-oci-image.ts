// A one-layer OCI image archive made from a static binary (Debian's busybox-static), for runtimes
// that cannot reach a registry: `ctr images import` takes it. Used by cri-containerd.test.ts.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface OciImageOptions {
  /** The image's name, as containerd lists it ("capstan.local/busybox:1"). */
  readonly name: string;
  /** A statically linked busybox, installed at /bin/busybox with /bin/sh linked to it. */
  readonly busybox: string;
  readonly entrypoint: readonly string[];
}

/** Writes the image under `dir` and answers the path of its archive. */
export async function writeOciImageArchive(dir: string, options: OciImageOptions): Promise<string> {
  const rootfs = join(dir, 'rootfs');
  const layout = join(dir, 'layout');
  const blobs = join(layout, 'blobs', 'sha256');
  await mkdir(join(rootfs, 'bin'), { recursive: true });
  await mkdir(blobs, { recursive: true });
  await copyFile(options.busybox, join(rootfs, 'bin', 'busybox'));
  await symlink('busybox', join(rootfs, 'bin', 'sh'));
  const layerPath = join(dir, 'layer.tar');
  await run('tar', ['--owner=0', '--group=0', '--numeric-owner', '--mtime=@0', '-cf', layerPath, '-C', rootfs, 'bin']);

  const addBlob = async (bytes: Buffer): Promise<{ digest: string; size: number }> => {
    const hex = createHash('sha256').update(bytes).digest('hex');
    await writeFile(join(blobs, hex), bytes);
    return { digest: `sha256:${hex}`, size: bytes.length };
  };
  const layer = await addBlob(await readFile(layerPath));
  const config = await addBlob(
    Buffer.from(
      JSON.stringify({
        architecture: process.arch === 'arm64' ? 'arm64' : 'amd64',
        os: 'linux',
        config: { Entrypoint: options.entrypoint, Env: ['PATH=/bin'] },
        rootfs: { type: 'layers', diff_ids: [layer.digest] },
      }),
    ),
  );
  const manifest = await addBlob(
    Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: 'application/vnd.oci.image.manifest.v1+json',
        config: { mediaType: 'application/vnd.oci.image.config.v1+json', ...config },
        layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar', ...layer }],
      }),
    ),
  );
  await writeFile(join(layout, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
  await writeFile(
    join(layout, 'index.json'),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [{ mediaType: 'application/vnd.oci.image.manifest.v1+json', ...manifest, annotations: { 'io.containerd.image.name': options.name } }],
    }),
  );
  const archive = join(dir, 'image.tar');
  await run('tar', ['-cf', archive, '-C', layout, 'oci-layout', 'index.json', 'blobs']);
  return archive;
}
