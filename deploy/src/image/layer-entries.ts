// What goes into one layer of the image: files (streamed from the host or given as bytes),
// directories and symbolic links at their paths in the image, and how to make a complete,
// ordered list of them (every parent directory present, entries sorted by path) so that the
// same inputs always give the same layer.

import { lstat } from 'node:fs/promises';
import { posix } from 'node:path';

export type LayerEntry =
  | {
      readonly type: 'file';
      /** The path in the image, without the leading slash: "usr/local/bin/node". */
      readonly path: string;
      readonly mode: number;
      readonly size: number;
      /** A host file read when the layer is written, or the file's bytes. */
      readonly source: string | Uint8Array;
    }
  | { readonly type: 'directory'; readonly path: string; readonly mode: number }
  | { readonly type: 'symlink'; readonly path: string; readonly target: string };

/** A file of the host, read when the layer is written; executable files keep 0755, others get 0644. */
export async function hostFileEntry(path: string, source: string): Promise<LayerEntry> {
  const stat = await lstat(source);
  if (!stat.isFile()) throw new Error(`${source} is not a regular file`);
  return { type: 'file', path, mode: (stat.mode & 0o111) !== 0 ? 0o755 : 0o644, size: stat.size, source };
}

export function bytesEntry(path: string, content: string | Uint8Array, mode = 0o644): LayerEntry {
  const source = typeof content === 'string' ? Buffer.from(content) : content;
  return { type: 'file', path, mode, size: source.byteLength, source };
}

/**
 * The entries with their missing parent directories added (0755), sorted by path: a parent sorts
 * before its children. Two entries at one path are a mistake of the caller, unless both are the
 * same directory.
 */
export function completeLayer(entries: readonly LayerEntry[]): LayerEntry[] {
  const byPath = new Map<string, LayerEntry>();
  for (const entry of entries) {
    const path = entry.path.replace(/^\/+|\/+$/g, '');
    if (path === '' || path.split('/').includes('..')) throw new Error(`invalid path in a layer: "${entry.path}"`);
    const existing = byPath.get(path);
    if (existing !== undefined && !(existing.type === 'directory' && entry.type === 'directory')) throw new Error(`two entries for "${path}" in a layer`);
    byPath.set(path, { ...entry, path });
  }
  for (const path of [...byPath.keys()]) {
    for (let parent = posix.dirname(path); parent !== '.'; parent = posix.dirname(parent)) {
      const existing = byPath.get(parent);
      if (existing === undefined) byPath.set(parent, { type: 'directory', path: parent, mode: 0o755 });
      else if (existing.type !== 'directory') throw new Error(`"${parent}" is a ${existing.type} in a layer and the parent of "${path}"`);
    }
  }
  // Compared as bytes (not by locale), so that every host sorts alike.
  return [...byPath.values()].sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
}
