// A layer as a tar stream (tar-stream), written as it is read: no file of the host is held in
// memory whole, and no `tar` command runs. Every entry belongs to root (uid and gid 0, no names)
// and is dated 1970-01-01, so that the same entries always give the same bytes.

import { createReadStream } from 'node:fs';
import { pack, type Header, type Pack } from 'tar-stream';
import type { LayerEntry } from './layer-entries.ts';

const epoch = new Date(0);

type EntryHeader = Partial<Header> & Pick<Header, 'name'>;

/** The tar archive of the entries (in their order), chunk by chunk. */
export async function* layerTar(entries: readonly LayerEntry[]): AsyncGenerator<Uint8Array> {
  yield* tarOf(async (tar) => {
    for (const entry of entries) await writeLayerEntry(tar, entry);
  });
}

/** The chunks of a tar archive whose entries `write` adds; a failure of `write` fails the iteration. */
export async function* tarOf(write: (tar: Pack) => Promise<void>): AsyncGenerator<Uint8Array> {
  const tar = pack();
  const written = write(tar).then(
    () => tar.finalize(),
    (error: unknown) => tar.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  try {
    for await (const chunk of tar as AsyncIterable<Uint8Array>) yield chunk;
  } finally {
    // A reader that stops early (or fails) ends the writer too.
    if (!tar.destroyed) tar.destroy();
    await written;
  }
}

async function writeLayerEntry(tar: Pack, entry: LayerEntry): Promise<void> {
  switch (entry.type) {
    case 'directory':
      return writeTarEntry(tar, { name: entry.path, type: 'directory', mode: entry.mode });
    case 'symlink':
      return writeTarEntry(tar, { name: entry.path, type: 'symlink', linkname: entry.target, mode: 0o777 });
    case 'file': {
      const header = { name: entry.path, type: 'file', mode: entry.mode, size: entry.size } as const;
      if (typeof entry.source !== 'string') return writeTarEntry(tar, header, [entry.source]);
      // Exactly the size the entry says: a file that grew since is cut there (and the layer's
      // digest then differs, which the archive checks), one that shrank fails the entry.
      return writeTarEntry(tar, header, entry.size === 0 ? [] : createReadStream(entry.source, { end: entry.size - 1 }));
    }
  }
}

/** Adds one entry, its content streamed in with back-pressure; resolves once tar-stream took it whole. */
export async function writeTarEntry(tar: Pack, header: EntryHeader, content: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = []): Promise<void> {
  let settle: (error?: Error | null) => void = () => {};
  const taken = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  const sink = tar.entry({ uid: 0, gid: 0, uname: '', gname: '', mtime: epoch, ...header }, (error) => settle(error));
  // A failed entry's error comes through `taken` (and fails the archive); unheard, the entry's
  // 'error' event would end the process.
  sink.on('error', () => {});
  try {
    for await (const chunk of content) {
      if (sink.write(chunk)) continue;
      // A destroyed entry never drains: stop writing, and `taken` says why.
      if (sink.destroying) break;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          sink.off('drain', done);
          sink.off('close', done);
          resolve();
        };
        sink.on('drain', done);
        sink.on('close', done);
      });
      if (sink.destroying) break;
    }
  } catch (error) {
    sink.destroy(error instanceof Error ? error : new Error(String(error)));
    await taken.catch(() => {});
    throw error;
  }
  // streamx's end() takes a last chunk: none.
  sink.end(undefined);
  await taken;
}
