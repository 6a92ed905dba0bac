// NodeRestriction's check of a node's TokenRequest (kube's admitServiceAccount with
// ServiceAccountNodeAudienceRestriction): bound to a pod of the node by its uid, for an audience
// the pod uses. The plugin runs over real stores on SQLite.

import test, { type ExecutionContext } from 'ava';
import type { AdmissionAttributes } from '../src/admission/admission-attributes.ts';
import { nodeRestriction } from '../src/admission/node-restriction.ts';
import type { UserInfo } from '../src/authentication/authenticator.ts';
import { metadataOf, type JsonObject } from '../src/registry/object-meta.ts';
import { Registry } from '../src/registry/registry.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { persistentVolumeClaimResource } from '../src/resources/core/persistentvolumeclaims.ts';
import { persistentVolumeResource } from '../src/resources/core/persistentvolumes.ts';
import { nodeResource } from '../src/resources/core/nodes.ts';
import { podResource } from '../src/resources/core/pods.ts';
import { resourceSliceResource } from '../src/resources/resource/resourceslices.ts';
import { csiDriverResource } from '../src/resources/storage/csidrivers.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import { makeTempDir } from './storage/temp-dir.ts';
import { admissionRequest } from './admission-request.ts';

const nodeA: UserInfo = { username: 'system:node:a', uid: '', groups: ['system:nodes'], extra: {} };

async function setUp(t: ExecutionContext) {
  const dir = makeTempDir('node-token-request');
  const storage = new SqliteStore({ dataDir: dir.path });
  t.teardown(async () => {
    await storage.close();
    dir.remove();
  });
  const registry = new Registry(builtinResources, storage);
  const pods = registry.builtinStore(podResource);
  const plugin = nodeRestriction({
    pods,
    nodes: registry.builtinStore(nodeResource),
    resourceSlices: registry.builtinStore(resourceSliceResource),
    persistentVolumeClaims: registry.builtinStore(persistentVolumeClaimResource),
    persistentVolumes: registry.builtinStore(persistentVolumeResource),
    csiDrivers: registry.builtinStore(csiDriverResource),
  });
  await registry.builtinStore(csiDriverResource).create(undefined, { metadata: { name: 'secrets.example.com' }, spec: { tokenRequests: [{ audience: 'vault' }] } });
  const createPod = async (name: string, node: string, volumes: JsonObject[] = []): Promise<string> =>
    String(metadataOf(await pods.create('ns', { metadata: { name }, spec: { nodeName: node, containers: [{ name: 'c', image: 'i' }], volumes } })).uid);
  const requestToken = (spec: JsonObject) => {
    const attributes = admissionRequest({
      resource: { group: '', version: 'v1', resource: 'serviceaccounts' },
      subresource: 'token',
      kind: { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' },
      namespace: 'ns',
      name: 'default',
      object: { spec },
      userInfo: nodeA,
    });
    return (plugin.admit as (attributes: AdmissionAttributes) => Promise<void>)(attributes);
  };
  return { createPod, requestToken };
}

const refusal = (message: string) => ({ message: `serviceaccounts "default" is forbidden: ${message}` });

test("a node's token must be bound to a pod of its own, by the pod's uid", async (t) => {
  const { createPod, requestToken } = await setUp(t);
  const mine = await createPod('mine', 'a', [{ name: 'token', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } }]);
  const theirs = await createPod('theirs', 'b');
  await t.throwsAsync(requestToken({}), refusal('node requested token not bound to a pod'));
  await t.throwsAsync(requestToken({ boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 'mine', uid: mine } }), refusal('node requested token not bound to a pod'));
  await t.throwsAsync(requestToken({ boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'mine' } }), refusal('node requested token with a pod binding without a uid'));
  await t.throwsAsync(requestToken({ boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'gone', uid: 'u' } }), { message: 'pod "gone" not found' });
  await t.throwsAsync(
    requestToken({ boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'old' } }),
    refusal('the UID in the bound object reference (old) does not match the UID in record. The object might have been deleted and then recreated'),
  );
  await t.throwsAsync(
    requestToken({ boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'theirs', uid: theirs } }),
    refusal('node requested token bound to a pod scheduled on a different node'),
  );
  await t.notThrowsAsync(requestToken({ boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: mine } }), 'the API server audience of a projected token');
});

test('the audience must be one the pod uses: a projected token of it, or a CSI driver of its volumes that asks for it', async (t) => {
  const { createPod, requestToken } = await setUp(t);
  const uid = await createPod('p', 'a', [
    { name: 'token', projected: { sources: [{ serviceAccountToken: { path: 't', audience: 'metrics' } }] } },
    { name: 'csi', csi: { driver: 'secrets.example.com' } },
  ]);
  const bound = { boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'p', uid } };
  await t.notThrowsAsync(requestToken({ ...bound, audiences: ['metrics'] }));
  await t.notThrowsAsync(requestToken({ ...bound, audiences: ['vault'] }));
  await t.throwsAsync(
    requestToken({ ...bound, audiences: ['other'] }),
    refusal('audience "other" not found in pod spec volume, system:node:a is not authorized to request tokens for this audience'),
  );
  await t.throwsAsync(requestToken({ ...bound, audiences: ['metrics', 'vault'] }), refusal('node may only request 0 or 1 audiences'));
});
