// The kubelet's AtomicWriter: the files of a configMap, secret, projected or downwardAPI volume are
// written into a new hidden directory named after the time (..2026_01_02_15_04_05.1234567890), which
// the ..data symlink is then switched to in one rename (through ..data_tmp); the visible entries are
// symlinks into ..data, one per top-level name, so a reader sees either the old files or the new
// ones. Nothing is written when the content is already there; entries the payload dropped go.

import { lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, unlink, chmod, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { errorCode, KeyedSerial } from '@capstan/common';

export interface FileProjection {
  readonly data: Buffer;
  readonly mode: number;
}

/** The files of a volume, by path relative to its directory. */
export type Payload = ReadonlyMap<string, FileProjection>;

const dataDirName = '..data';
const newDataDirName = '..data_tmp';
const maxFileNameLength = 255;
const maxPathLength = 4096;

/** validatePath: relative, no `..` element, not starting with `..`, short enough. */
function validatePath(path: string): string | undefined {
  if (path === '') return `invalid path: must not be empty: ${JSON.stringify(path)}`;
  if (path.startsWith('/')) return `invalid path: must be relative path: ${path}`;
  if (path.length > maxPathLength) return `invalid path: must be less than or equal to ${maxPathLength} characters`;
  const items = path.split('/');
  for (const item of items) {
    if (item === '..') return `invalid path: must not contain '..': ${path}`;
    if (item.length > maxFileNameLength) return `invalid path: filenames must be less than or equal to ${maxFileNameLength} characters`;
  }
  if ((items[0] as string).startsWith('..') && (items[0] as string).length > 2) return `invalid path: must not start with '..': ${path}`;
  return undefined;
}

const exists = (path: string): Promise<boolean> =>
  lstat(path).then(
    () => true,
    () => false,
  );

/** The paths (files and directories) under `dir`, relative to it. */
async function walk(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    found.push(relative);
    if (entry.isDirectory()) found.push(...(await walk(join(dir, entry.name), relative)));
  }
  return found;
}

/** `..2006_01_02_15_04_05.<random>`, as os.MkdirTemp names the kubelet's timestamped directories. */
async function newTimestampDirectory(targetDir: string): Promise<string> {
  const now = new Date();
  const two = (n: number): string => String(n).padStart(2, '0');
  const stamp = `${now.getUTCFullYear()}_${two(now.getUTCMonth() + 1)}_${two(now.getUTCDate())}_${two(now.getUTCHours())}_${two(now.getUTCMinutes())}_${two(now.getUTCSeconds())}`;
  for (;;) {
    const name = `..${stamp}.${Math.floor(Math.random() * 2 ** 32)}`;
    try {
      await mkdir(join(targetDir, name), { mode: 0o700 });
      // 0755 lets group and others walk the tree, whatever the umask.
      await chmod(join(targetDir, name), 0o755);
      return name;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
}

/**
 * Writes to one directory, one after another: two syncs of a pod (its worker and the periodic
 * resync) may set up the same volume at once, and interleaved writes would leave an orphaned
 * timestamped directory and visible names that come and go (kube's kubelet serializes a pod's
 * syncs; this keeps the writer safe whoever calls it).
 */
const writesByDirectory = new KeyedSerial();

/** Write: projects the payload into `targetDir` (which must exist) atomically. */
export function writeAtomically(targetDir: string, payload: Payload): Promise<void> {
  return writesByDirectory.run(targetDir, () => writePayload(targetDir, payload));
}

async function writePayload(targetDir: string, payload: Payload): Promise<void> {
  const clean = new Map<string, FileProjection>();
  for (const [path, file] of payload) {
    const problem = validatePath(path);
    if (problem !== undefined) throw new Error(problem);
    clean.set(posix.normalize(path), file);
  }

  const dataDir = join(targetDir, dataDirName);
  const oldTsName = await readlink(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const oldTsDir = oldTsName === '' ? undefined : join(targetDir, oldTsName);

  // The old files the new payload no longer has (its paths' parent directories stay).
  const newPaths = new Set<string>();
  for (const path of clean.keys()) for (let sub = path; sub !== '.' && sub !== ''; sub = posix.dirname(sub)) newPaths.add(sub);
  const pathsToRemove = oldTsDir === undefined ? [] : (await walk(oldTsDir)).filter((path) => !newPaths.has(path));

  let shouldWrite = false;
  for (const [path, file] of clean) {
    const current = oldTsDir === undefined ? undefined : await readFile(join(oldTsDir, path)).catch(() => undefined);
    if (current === undefined || !current.equals(file.data)) {
      shouldWrite = true;
      break;
    }
  }
  if (!shouldWrite && pathsToRemove.length === 0) return;

  const tsName = await newTimestampDirectory(targetDir);
  const tsDir = join(targetDir, tsName);
  try {
    for (const [path, file] of clean) {
      const full = join(tsDir, path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, file.data, { mode: file.mode });
      // The mode exactly, whatever the umask.
      await chmod(full, file.mode);
    }
    const newDataDir = join(targetDir, newDataDirName);
    await rm(newDataDir, { force: true });
    await symlink(tsName, newDataDir);
    await rename(newDataDir, dataDir);
  } catch (error) {
    await rm(tsDir, { recursive: true, force: true });
    throw error;
  }

  // The visible entries: one symlink into ..data per top-level name.
  for (const path of clean.keys()) {
    const top = path.split('/')[0] as string;
    if (!(await exists(join(targetDir, top)))) await symlink(join(dataDirName, top), join(targetDir, top));
  }
  for (const path of pathsToRemove) {
    if (!path.includes('/') && !newPaths.has(path)) await unlink(join(targetDir, path)).catch(() => {});
  }
  if (oldTsDir !== undefined) await rm(oldTsDir, { recursive: true, force: true });
}
