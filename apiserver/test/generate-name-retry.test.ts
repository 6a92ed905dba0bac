// RetryGenerateName (GA since kube 1.32): a create whose generated name is taken is made again with
// a new name, up to 8 attempts in all, and then answers the 409 of the last attempt. The suffixes
// are given in order here, so that the collisions happen; everything else is the generic store on
// SQLite as the server runs it.

import { StatusError } from '@capstan/common';
import test, { type ExecutionContext } from 'ava';
import { GenericStore } from '../src/registry/generic-store.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import { makeTempDir } from './storage/temp-dir.ts';

function storeOf(t: ExecutionContext, resource: string): GenericStore {
  const dir = makeTempDir(`generate-name-${resource}`);
  const storage = new SqliteStore({ dataDir: dir.path });
  t.teardown(async () => {
    await storage.close();
    dir.remove();
  });
  const definition = builtinResources.find((d) => d.group === '' && d.resource === resource);
  if (definition === undefined) throw new Error(`no ${resource}`);
  return new GenericStore(definition, storage);
}

/** A suffix source that hands out the given suffixes in order, and counts what it handed out. */
function suffixes(...given: string[]): { next: () => string; readonly used: string[] } {
  const used: string[] = [];
  return {
    used,
    next: () => {
      const suffix = given[used.length];
      if (suffix === undefined) throw new Error('more suffixes asked for than given');
      used.push(suffix);
      return suffix;
    },
  };
}

const pod = (metadata: Record<string, string>) => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [{ name: 'c', image: 'busybox' }] } });

for (const [resource, body] of [
  ['pods', pod],
  ['configmaps', (metadata: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata, data: { a: 'b' } })],
] as const) {
  test(`${resource}: a taken generated name is generated again, from the body as sent`, async (t) => {
    const store = storeOf(t, resource);
    await store.create('default', body({ generateName: 'web-' }), { nameSuffix: suffixes('aaaaa').next });
    const sent = body({ generateName: 'web-' });
    const source = suffixes('aaaaa', 'aaaaa', 'bbbbb');
    const created = await store.create('default', sent, { nameSuffix: source.next });
    t.is((created.metadata as { name: string }).name, 'web-bbbbb');
    t.deepEqual(source.used, ['aaaaa', 'aaaaa', 'bbbbb']);
    t.deepEqual(sent.metadata, { generateName: 'web-' }, 'the body as sent is left as it was');
  });
}

test('after 8 taken names the create answers the 409 AlreadyExists of the last', async (t) => {
  const store = storeOf(t, 'pods');
  await store.create('default', pod({ generateName: 'web-' }), { nameSuffix: suffixes('aaaaa').next });
  const source = suffixes(...Array.from({ length: 9 }, () => 'aaaaa'));
  const error = await t.throwsAsync(store.create('default', pod({ generateName: 'web-' }), { nameSuffix: source.next }), { instanceOf: StatusError });
  t.is(error?.code, 409);
  t.is(error?.reason, 'AlreadyExists');
  t.is(error?.message, 'pods "web-aaaaa" already exists');
  t.is(source.used.length, 8);
});

test('a name given by the client is not retried: its 409 is the answer', async (t) => {
  const store = storeOf(t, 'pods');
  await store.create('default', pod({ name: 'web' }));
  const source = suffixes();
  const error = await t.throwsAsync(store.create('default', pod({ name: 'web', generateName: 'web-' }), { nameSuffix: source.next }), { instanceOf: StatusError });
  t.is(error?.reason, 'AlreadyExists');
  t.deepEqual(source.used, []);
});
