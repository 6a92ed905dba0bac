// Reading and writing one state file of the root directory: absent files read as undefined, and
// writes go through writeFileAtomic with the file's mode (0600 for the checkpoint store's files).

import { readFile } from 'node:fs/promises';
import { writeFileAtomic, type AtomicWriteOptions } from './atomic-file.ts';
import { errorCode } from '@capstan/common';

export async function readStateFile(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** The checkpoint store's files: mode 0600, written through a ".<digits>" temporary file. */
export const checkpointFileMode = 0o600;

export const writeCheckpointFile = (path: string, text: string, options: Partial<AtomicWriteOptions> = {}): Promise<void> =>
  writeFileAtomic(path, text, { mode: checkpointFileMode, ...options });
