// kube-controller-manager's persistentvolume-binder-controller (pkg/controller/volume/
// persistentvolume): binds claims to volumes, provisions volumes for claims of a StorageClass
// (in-tree: the host path plugin; otherwise it waits for the external provisioner), and reclaims
// volumes whose claims are gone. One worker for claims and one for volumes (neither sync may run
// twice at once), every claim and volume synced again each --pvclaimbinder-sync-period; events as
// "persistentvolume-controller".

import type { Node, PersistentVolume, PersistentVolumeClaim, Pod } from '@capstan/common/api-types/core-v1';
import type { StorageClass } from '@capstan/common/api-types/storage-v1';
import { StatusError } from '@capstan/common';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { type BinderContext, claimKey, claimsResource, volumesResource } from './binder-context.ts';
import { podClaimKeys } from './first-consumer.ts';
import { HostPathPlugin } from './hostpath-plugin.ts';
import { keyOf, LatestObjects } from './latest-objects.ts';
import { Operations } from './operations.ts';
import { syncClaim } from './sync-claim.ts';
import { syncVolume } from './sync-volume.ts';
import { VolumePlugins } from './volume-plugins.ts';

export { defaultPersistentVolumeBinderOptions, type PersistentVolumeBinderOptions } from './binder-options.ts';

const storageClasses = { group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses' };
const podsResource = { group: '', version: 'v1', resource: 'pods' };
const nodesResource = { group: '', version: 'v1', resource: 'nodes' };

const isConflict = (error: unknown): boolean => error instanceof StatusError && error.code === 409;

export const persistentVolumeBinderController: ControllerDefinition = {
  name: 'persistentvolume-binder-controller',
  aliases: ['persistentvolume-binder'],
  clientName: 'persistent-volume-binder',
  async start(controller: ControllerContext): Promise<void> {
    const { logger, signal } = controller;
    const options = controller.options.persistentVolumeBinder;
    const volumeInformer = controller.informers.informer<PersistentVolume>(volumesResource);
    const claimInformer = controller.informers.informer<PersistentVolumeClaim>(claimsResource);
    const classInformer = controller.informers.informer<StorageClass>(storageClasses);
    const podInformer = controller.informers.informer<Pod>(podsResource);
    const nodeInformer = controller.informers.informer<Node>(nodesResource);
    const claimQueue = new WorkQueue({ name: 'claims' });
    const volumeQueue = new WorkQueue({ name: 'volumes' });
    const context: BinderContext = {
      client: controller.client,
      recorder: controller.eventRecorder('persistentvolume-controller'),
      logger,
      signal,
      claimStore: claimInformer.store,
      classes: classInformer.store,
      nodes: nodeInformer.store,
      pods: podInformer.store,
      volumes: new LatestObjects(),
      claims: new LatestObjects(),
      claimQueue,
      volumeQueue,
      operations: new Operations((name, error) => {
        if (!signal.aborted) logger.warn({ err: error, operation: name }, 'volume operation failed');
      }),
      plugins: new VolumePlugins(new HostPathPlugin(options.hostPath)),
      dynamicProvisioning: options.dynamicProvisioning,
    };
    volumeInformer.addEventHandler({
      onAdd: (volume) => volumeQueue.add(keyOf(volume)),
      onUpdate: (_old, volume) => volumeQueue.add(keyOf(volume)),
      onDelete: (volume) => volumeQueue.add(keyOf(volume)),
    });
    claimInformer.addEventHandler({
      onAdd: (claim) => claimQueue.add(keyOf(claim)),
      onUpdate: (_old, claim) => claimQueue.add(keyOf(claim)),
      onDelete: (claim) => claimQueue.add(keyOf(claim)),
    });
    // Capstan's part of the scheduler's (first-consumer.ts): a pod placed on a node may let its claims bind.
    podInformer.addEventHandler({
      onUpdate: (old, pod) => {
        if (!old.spec?.nodeName && pod.spec?.nodeName) for (const key of podClaimKeys(pod)) claimQueue.add(key);
      },
      onAdd: (pod) => {
        if (pod.spec?.nodeName) for (const key of podClaimKeys(pod)) claimQueue.add(key);
      },
    });
    const stop = (): void => {
      claimQueue.shutDown();
      volumeQueue.shutDown();
    };
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await controller.informers.waitForSync(signal))) return;
    // initializeCaches.
    for (const volume of volumeInformer.store.list()) context.volumes.remember(volume);
    for (const claim of claimInformer.store.list()) context.claims.remember(claim);
    const resync = setInterval(() => {
      for (const claim of claimInformer.store.list()) claimQueue.add(keyOf(claim));
      for (const volume of volumeInformer.store.list()) volumeQueue.add(keyOf(volume));
    }, options.syncPeriodMs);
    resync.unref();

    const handleVolume = async (key: string): Promise<void> => {
      const volume = volumeInformer.store.getByKey(key);
      if (volume === undefined) {
        // deleteVolume: the claim learns of it at once (Lost).
        const known = context.volumes.get(key);
        context.volumes.forget(key);
        const ref = known?.spec?.claimRef;
        if (ref !== undefined) claimQueue.add(`${ref.namespace}/${ref.name}`);
        return;
      }
      if (!context.volumes.remember(volume)) return;
      await syncVolume(context, context.volumes.get(key) ?? volume);
    };
    const handleClaim = async (key: string): Promise<void> => {
      const claim = claimInformer.store.getByKey(key);
      if (claim === undefined) {
        // deleteClaim: its volume is released at once.
        const known = context.claims.get(key);
        context.claims.forget(key);
        if (known?.spec?.volumeName) volumeQueue.add(known.spec.volumeName);
        return;
      }
      if (!context.claims.remember(claim)) return;
      await syncClaim(context, context.claims.get(claimKey(claim)) ?? claim);
    };
    const onError = (what: string) => (key: string, error: unknown) => {
      // Conflicts are frequent and harmless: the object's next event syncs it again.
      if (!signal.aborted && !isConflict(error)) logger.warn({ err: error, [what]: key }, `syncing the ${what} failed`);
    };
    try {
      await Promise.all([volumeQueue.run(1, handleVolume, onError('volume')), claimQueue.run(1, handleClaim, onError('claim'))]);
    } finally {
      clearInterval(resync);
      signal.removeEventListener('abort', stop);
      await context.operations.drain();
    }
  },
};
