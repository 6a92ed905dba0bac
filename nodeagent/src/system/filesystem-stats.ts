// The file system holding a directory, as cadvisor's statfs reports it: the node's ephemeral-storage
// capacity (the root directory's file system) and the nodefs/imagefs eviction signals.

import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCode } from '@capstan/common';

export interface FilesystemStats {
  /** Total size in bytes (blocks x block size). */
  readonly capacity: number;
  /** Bytes available to unprivileged users (f_bavail), what nodefs.available measures. */
  readonly available: number;
  readonly inodes: number;
  readonly inodesFree: number;
}

/** statfs of a directory, or of its nearest existing ancestor while it is not created yet. */
export function readFilesystemStats(directory: string): FilesystemStats {
  let path = directory;
  for (;;) {
    try {
      const stats = statfsSync(path);
      return { capacity: stats.bsize * stats.blocks, available: stats.bsize * stats.bavail, inodes: stats.files, inodesFree: stats.ffree };
    } catch (error) {
      const parent = dirname(path);
      if (errorCode(error) !== 'ENOENT' || parent === path) throw error;
      path = parent;
    }
  }
}
