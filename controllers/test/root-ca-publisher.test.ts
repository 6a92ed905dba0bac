// The root CA publisher against a real API server: every namespace, those there before it started
// and those made after, gets the ConfigMap kube-root-ca.crt with the CA as ca.crt and kube's
// description; a changed copy is put back, a deleted one made again.

import test from 'ava';
import { isNotFound } from '@capstan/common';
import type { KubeObject } from '@capstan/common/client';
import { rootCaPublisherController } from '../src/root-ca-publisher/index.ts';
import { eventually, runControllers, startCluster } from './controller-fixture.ts';

const namespaces = { group: '', version: 'v1', resource: 'namespaces' };
const rootCa = (namespace: string) => ({ group: '', version: 'v1', resource: 'configmaps', namespace, name: 'kube-root-ca.crt' });
type ConfigMap = KubeObject & { data?: Record<string, string> };

const ca = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n';

test('every namespace gets kube-root-ca.crt with the CA; a changed or deleted copy is put back', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  const published = (namespace: string, unlike?: string) =>
    eventually(`kube-root-ca.crt in ${namespace}`, async () => {
      try {
        const configMap = await client.get<ConfigMap>(rootCa(namespace));
        return configMap.data?.['ca.crt'] === ca && configMap.metadata?.uid !== unlike ? configMap : undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    });
  await client.create(namespaces, { metadata: { name: 'before' } });
  runControllers(t, cluster, [rootCaPublisherController], { rootCaCertificate: ca });
  const before = await published('before');
  t.deepEqual(before.data, { 'ca.crt': ca });
  t.regex(before.metadata?.annotations?.['kubernetes.io/description'] ?? '', /^Contains a CA bundle that can be used to verify the kube-apiserver/);
  await published('kube-system');

  await client.create(namespaces, { metadata: { name: 'after' } });
  const after = await published('after');
  await client.update(rootCa('after'), { ...after, data: { 'ca.crt': 'changed', extra: 'x' } });
  const restored = await eventually('the restored copy', async () => {
    const configMap = await client.get<ConfigMap>(rootCa('after'));
    return configMap.data?.['ca.crt'] === ca ? configMap : undefined;
  });
  t.deepEqual(restored.data, { 'ca.crt': ca });
  await client.delete(rootCa('after'));
  t.not((await published('after', after.metadata?.uid)).metadata?.uid, after.metadata?.uid);
});
