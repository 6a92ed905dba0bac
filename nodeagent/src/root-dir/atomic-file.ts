// Writing a state file as the kubelet does: the bytes go to a temporary file beside the target,
// are synced to disk, and the temporary file is renamed over the target, so that a reader (or the
// agent after a crash) sees the old content or the new, never a part. The directory is synced too,
// so that the rename itself survives a power loss.

import { randomInt } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** The file's mode (0o600 for the kubelet's checkpoints), whatever the process's umask. */
  readonly mode: number;
  /** The temporary file's name for a target name; by default the checkpoint store's: "." and digits. */
  readonly tempName?: (name: string) => string;
}

/** os.CreateTemp(dir, "."): a dot and random digits, which directory listings of the stores skip. */
export const dotTempName = (): string => `.${randomInt(1e9, 1e10)}`;

export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions): Promise<void> {
  const directory = dirname(path);
  const tempPath = join(directory, (options.tempName ?? dotTempName)(basename(path)));
  const file = await open(tempPath, 'wx', options.mode);
  try {
    await file.writeFile(data);
    await file.chmod(options.mode);
    await file.sync();
  } catch (error) {
    await file.close().catch(() => {});
    await rm(tempPath, { force: true });
    throw error;
  }
  await file.close();
  try {
    await rename(tempPath, path);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  const dir = await open(directory, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
