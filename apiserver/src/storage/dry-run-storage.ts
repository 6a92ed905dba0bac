// kube's DryRunnableStorage: the storage a dry-run write goes to. Reads pass through; a write
// checks what the real write would check (the key free for a create, present at the expected
// revision for an update or delete) and answers as the write would, without writing. A dry-run
// write has no revision of its own: a create answers revision 0 (no resourceVersion), an update
// or delete the revision of the object it would have replaced.

import { alreadyExists, conflict, notFound } from './storage-error.ts';
import type { DeleteResult, GetResult, KeyValue, ListOptions, ListResult, ReadOptions, Revision, Storage, Watch, WatchListener, WatchOptions } from './storage.ts';

export class DryRunStorage implements Storage {
  readonly #storage: Storage;

  constructor(storage: Storage) {
    this.#storage = storage;
  }

  currentRevision(): Promise<Revision> {
    return this.#storage.currentRevision();
  }

  get(key: string, options?: ReadOptions): Promise<GetResult> {
    return this.#storage.get(key, options);
  }

  list(prefix: string, options?: ListOptions): Promise<ListResult> {
    return this.#storage.list(prefix, options);
  }

  async create(key: string, value: Uint8Array): Promise<KeyValue> {
    if ((await this.#storage.get(key)).kv !== undefined) throw alreadyExists(key);
    return { key, value, createRevision: 0, modRevision: 0 };
  }

  async update(key: string, value: Uint8Array, expectedRevision: Revision): Promise<KeyValue> {
    const current = await this.#current(key, expectedRevision);
    return { ...current, value };
  }

  async delete(key: string, expectedRevision?: Revision): Promise<DeleteResult> {
    const current = await this.#current(key, expectedRevision);
    return { prev: current, revision: current.modRevision };
  }

  /** Watches and compaction are the real storage's; closing this view of it closes nothing. */
  watch(prefix: string, fromRevision: Revision, listener: WatchListener, options?: WatchOptions): Watch {
    return this.#storage.watch(prefix, fromRevision, listener, options);
  }

  compact(revision: Revision): Promise<void> {
    return this.#storage.compact(revision);
  }

  async close(): Promise<void> {}

  async #current(key: string, expectedRevision: Revision | undefined): Promise<KeyValue> {
    const { kv } = await this.#storage.get(key);
    if (kv === undefined) throw notFound(key);
    if (expectedRevision !== undefined && kv.modRevision !== expectedRevision) throw conflict(key, expectedRevision, kv.modRevision);
    return kv;
  }
}
