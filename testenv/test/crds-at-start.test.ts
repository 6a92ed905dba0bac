// CustomResourceDefinitions installed at start, from a directory (envtest's CRDDirectoryPaths) or
// as objects: served by the time startTestEnv resolves, with their schema's validation.

import test from 'ava';
import { CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestEnv, type TestEnv } from '../src/index.ts';

const crdDirectory = join(import.meta.dirname, 'fixtures', 'crds');

function customObjects(env: TestEnv): CustomObjectsApi {
  const config = new KubeConfig();
  config.loadFromString(env.kubeconfig);
  return config.makeApiClient(CustomObjectsApi);
}

test('the CRDs of a directory are served once the environment is started: objects are created, listed and validated', async (t) => {
  const env = await startTestEnv({ crdDirectoryPaths: [crdDirectory] });
  t.teardown(() => env.stop());
  const widgets = customObjects(env);
  const created = (await widgets.createNamespacedCustomObject({
    group: 'example.com',
    version: 'v1',
    namespace: 'default',
    plural: 'widgets',
    body: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'first' }, spec: { size: 2 } },
  })) as { metadata: { uid: string } };
  t.truthy(created.metadata.uid);
  const listed = (await widgets.listNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets' })) as { items: unknown[] };
  t.is(listed.items.length, 1);
  // The schema's minimum holds: the CRD was installed as written.
  const refused = await t.throwsAsync(
    widgets.createNamespacedCustomObject({
      group: 'example.com',
      version: 'v1',
      namespace: 'default',
      plural: 'widgets',
      body: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'none' }, spec: { size: 0 } },
    }),
  );
  t.is((refused as Error & { code?: number }).code, 422);
});

test('a CRD given as an object is served at start, in that environment only', async (t) => {
  const gadget = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gadgets.example.org' },
    spec: {
      group: 'example.org',
      scope: 'Cluster',
      names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
      versions: [{ name: 'v1alpha1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  };
  const [withCrd, without] = await Promise.all([startTestEnv({ crds: [gadget] }), startTestEnv()]);
  t.teardown(() => Promise.all([withCrd.stop(), without.stop()]));
  await customObjects(withCrd).createClusterCustomObject({
    group: 'example.org',
    version: 'v1alpha1',
    plural: 'gadgets',
    body: { apiVersion: 'example.org/v1alpha1', kind: 'Gadget', metadata: { name: 'g' } },
  });
  const missing = await fetch(`${without.url}/apis/example.org/v1alpha1/gadgets`, { headers: { authorization: `Bearer ${without.token}` } });
  t.is(missing.status, 404);
});

test('a CRD the server refuses fails the start with its Status message and leaves no directory', async (t) => {
  const baseDir = mkdtempSync(join(tmpdir(), 'capstan-testenv-base-'));
  t.teardown(() => rmSync(baseDir, { recursive: true, force: true }));
  const bad = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'wrong.example.com' }, spec: { group: 'example.com' } };
  const error = await t.throwsAsync(startTestEnv({ crds: [bad], baseDir }));
  t.regex(error.message, /422/);
  t.regex(error.message, /wrong\.example\.com/);
  t.deepEqual(readdirSync(baseDir), []);
});
