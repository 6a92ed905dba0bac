// Test support: the registry of the built-in resources over a fresh SQLite store behind the watch
// cache, as the server has it, with a signal that aborts (stopping informers) when the test ends.

import type { ExecutionContext } from 'ava';
import { Registry } from '../src/registry/registry.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { cachedPrefixesOf } from '../src/server/cached-prefixes.ts';
import { Cacher } from '../src/storage/cacher/cacher.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import { makeTempDir } from './storage/temp-dir.ts';

export async function cachedRegistry(t: ExecutionContext, dirName: string): Promise<{ readonly registry: Registry; readonly stopping: AbortSignal }> {
  const dir = makeTempDir(dirName);
  const cacher = new Cacher(new SqliteStore({ dataDir: dir.path }), { resourcePrefixes: [...cachedPrefixesOf(builtinResources)] });
  const stopping = new AbortController();
  t.teardown(async () => {
    stopping.abort();
    await cacher.close();
    dir.remove();
  });
  await cacher.ready();
  return { registry: new Registry(builtinResources, cacher), stopping: stopping.signal };
}
