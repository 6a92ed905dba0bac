import test from 'ava';
import { SharedInformers } from '../src/shared-informers.ts';
import { eventually, startCluster } from './controller-fixture.ts';

const configMaps = { group: '', version: 'v1', resource: 'configmaps', namespace: 'default' };

test('users of one resource share one informer; it stops when the last of them releases it', async (t) => {
  const cluster = await startCluster(t);
  const informers = new SharedInformers(cluster.client);
  t.teardown(() => informers.stop());
  const first = informers.informer(configMaps);
  const second = informers.informer(configMaps);
  t.is(first, second);
  t.not(informers.informer(configMaps, { metadataOnly: true }), first);
  informers.start();
  t.true(await informers.waitForSync());
  await cluster.client.create(configMaps, { metadata: { name: 'one' }, data: { a: 'b' } });
  const seen = await eventually('the informer to see it', async () => first.store.get('default', 'one'));
  // Kept without managedFields, which the API server did record.
  t.truthy((await cluster.client.get({ ...configMaps, name: 'one' })).metadata?.managedFields);
  t.is(seen.metadata?.managedFields, undefined);
  t.is(seen.metadata?.name, 'one');

  await informers.release(first);
  await cluster.client.create(configMaps, { metadata: { name: 'two' } });
  await eventually('the informer still in use to see it', async () => first.store.get('default', 'two'));

  await informers.release(second);
  await cluster.client.create(configMaps, { metadata: { name: 'three' } });
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.is(first.store.get('default', 'three'), undefined, 'a released informer watches no more');
  // Asked for again, the resource gets a new informer.
  t.not(informers.informer(configMaps), first);
});
