// The archive CheckpointContainer writes, laid out as CRI-O's container checkpoint archives are (the
// layout checkpointctl reads): `config.dump` (the container's identity), `spec.dump` (its OCI runtime
// spec), `rootfs-diff.tar` (files changed in its writable layer), `deleted.files` (files removed
// from the image, when any) and `checkpoint/`, where CRIU would put the process images. A simulated
// process has no CRIU images: `checkpoint/` holds the simulation's own state instead, said plainly.
// Readable by its owner only (0600): it holds the container's memory in a real runtime.

import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pack } from 'tar-stream';

export interface CheckpointContents {
  readonly configDump: unknown;
  readonly specDump: unknown;
  /** The writable layer: paths (absolute, in the container) to their content. */
  readonly changedFiles: ReadonlyMap<string, string>;
  readonly deletedFiles: readonly string[];
  readonly simulatedProcess: unknown;
  readonly time: Date;
}

export const checkpointArchiveMode = 0o600;

export async function writeCheckpointArchive(location: string, contents: CheckpointContents): Promise<void> {
  const mtime = contents.time;
  const entries: { name: string; body?: Buffer; type?: 'directory' }[] = [
    { name: 'config.dump', body: json(contents.configDump) },
    { name: 'spec.dump', body: json(contents.specDump) },
    {
      name: 'rootfs-diff.tar',
      body: await tarBuffer(
        [...contents.changedFiles].map(([path, text]) => ({ name: path.replace(/^\/+/, ''), body: Buffer.from(text) })),
        mtime,
      ),
    },
    ...(contents.deletedFiles.length > 0 ? [{ name: 'deleted.files', body: json(contents.deletedFiles) }] : []),
    { name: 'checkpoint', type: 'directory' as const },
    { name: 'checkpoint/runtime-sim-process.json', body: json(contents.simulatedProcess) },
  ];
  const archive = await tarBuffer(entries, mtime);
  // Written beside the target and renamed: a reader never sees half an archive.
  const temporary = join(dirname(location), `.${randomBytes(6).toString('hex')}.checkpoint.tmp`);
  const file = await open(temporary, 'wx', checkpointArchiveMode);
  try {
    await file.writeFile(archive);
    await file.sync();
    await file.chmod(checkpointArchiveMode);
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, location);
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

async function tarBuffer(entries: readonly { name: string; body?: Buffer; type?: 'directory' }[], mtime: Date): Promise<Buffer> {
  const tar = pack();
  for (const entry of entries) {
    if (entry.type === 'directory') tar.entry({ name: entry.name, type: 'directory', mode: 0o700, mtime });
    else tar.entry({ name: entry.name, mode: 0o600, mtime }, entry.body ?? Buffer.alloc(0));
  }
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
