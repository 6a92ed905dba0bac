// kube-controller-manager's endpointslice-mirroring-controller: Endpoints written by hand (or by
// another tool) for a Service without a selector are mirrored into EndpointSlices managed by
// endpointslicemirroring-controller.k8s.io, so that EndpointSlice consumers see them too. Endpoints
// labelled endpointslice.kubernetes.io/skip-mirror=true, leader-election records, and Endpoints
// whose Service is gone or has a selector (the endpointslice-controller's business) are not
// mirrored, and their mirrored slices are deleted.

import type { Endpoints, Service } from '@capstan/common/api-types/core-v1';
import type { EndpointSlice } from '@capstan/common/api-types/discovery-v1';
import { isNotFound } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { involvedObjectOf } from '../event-recorder.ts';
import { endpointsResource } from '../endpoint/index.ts';
import { serviceKeyOfSlice, serviceSyncBackoff, servicesResource } from '../endpointslice/index.ts';
import { serviceSelector } from '../endpointslice/services-for-pod.ts';
import { managedByLabel, serviceNameLabel } from '../endpointslice/slice-reconciler.ts';
import { EndpointSliceTracker, sliceEventHandler, StaleInformerCacheError } from '../endpointslice/slice-tracker.ts';
import { endpointSlicesResource, writeSlices } from '../endpointslice/slice-writes.ts';
import { WorkQueue } from '../work-queue.ts';
import { mirroringControllerName, reconcileMirroredSlices } from './mirror-reconciler.ts';

export const skipMirrorLabel = 'endpointslice.kubernetes.io/skip-mirror';
const leaderElectionAnnotation = 'control-plane.alpha.kubernetes.io/leader';

export const endpointSliceMirroringController: ControllerDefinition = {
  name: 'endpointslice-mirroring-controller',
  aliases: ['endpointslicemirroring'],
  clientName: 'endpointslicemirroring-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal, options } = context;
    const endpointsInformer = context.informers.informer<Endpoints>(endpointsResource);
    const services = context.informers.informer<Service>(servicesResource);
    const slices = context.informers.informer<EndpointSlice>(endpointSlicesResource);
    const events = context.eventRecorder('endpoint-slice-mirroring-controller');
    const tracker = new EndpointSliceTracker(serviceKeyOfSlice);
    const queue = new WorkQueue({ name: 'endpoint_slice_mirroring', ...serviceSyncBackoff });
    const keyOf = (object: Endpoints | Service): string => `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;
    const enqueue = (object: Endpoints | Service): void => queue.add(keyOf(object));
    const ours = (slice: EndpointSlice): boolean => slice.metadata?.labels?.[managedByLabel] === mirroringControllerName;
    const hasSelector = (service: Service): boolean => serviceSelector(service) !== undefined;

    endpointsInformer.addEventHandler({ onAdd: enqueue, onUpdate: (_old, endpoints) => enqueue(endpoints), onDelete: enqueue });
    services.addEventHandler({
      onAdd: enqueue,
      onUpdate: (old, service) => {
        if (hasSelector(old) !== hasSelector(service)) enqueue(service);
      },
      onDelete: enqueue,
    });
    slices.addEventHandler(sliceEventHandler(tracker, ours, (slice) => queue.add(serviceKeyOfSlice(slice))));

    const mirroredSlices = (namespace: string, name: string): EndpointSlice[] =>
      slices.store.list(namespace).filter((slice) => slice.metadata?.labels?.[serviceNameLabel] === name && ours(slice));

    const deleteMirrored = async (key: string, namespace: string, name: string): Promise<void> => {
      tracker.deleteService(key);
      const found = mirroredSlices(namespace, name);
      const errors: unknown[] = [];
      for (const slice of found) {
        try {
          await client.delete({ ...endpointSlicesResource, namespace, name: slice.metadata?.name ?? '' });
        } catch (error) {
          if (!isNotFound(error)) errors.push(error);
        }
      }
      if (errors.length > 0) {
        throw new Error(`error(s) deleting ${errors.length}/${found.length} EndpointSlices for ${key} Endpoints, including: ${(errors[0] as Error).message}`);
      }
    };

    const sync = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      const endpoints = endpointsInformer.store.get(namespace, name);
      const service = services.store.get(namespace, name);
      const mirror =
        endpoints !== undefined &&
        endpoints.metadata?.labels?.[skipMirrorLabel] !== 'true' &&
        endpoints.metadata?.annotations?.[leaderElectionAnnotation] === undefined &&
        service !== undefined &&
        !hasSelector(service);
      if (!mirror) {
        await deleteMirrored(key, namespace, name);
        return;
      }
      const existing = mirroredSlices(namespace, name);
      if (tracker.stale(key, existing)) throw new StaleInformerCacheError();
      const result = reconcileMirroredSlices(endpoints, existing, options.mirroringMaxEndpointsPerSubset);
      const involved = involvedObjectOf(endpoints, 'Endpoints', 'v1');
      if (result.invalid > 0) void events.record(involved, 'Warning', 'InvalidIPAddress', `Skipped ${result.invalid} invalid IP addresses when mirroring to EndpointSlices`);
      if (result.skipped > result.invalid) {
        void events.record(
          involved,
          'Warning',
          'TooManyAddressesToMirror',
          `A max of ${options.mirroringMaxEndpointsPerSubset} addresses can be mirrored to EndpointSlices per Endpoints subset. ${result.skipped} addresses were skipped`,
        );
      }
      await writeSlices({ client, tracker, namespace, serviceKey: key, serviceDeleting: Boolean(endpoints.metadata?.deletionTimestamp), triggerTime: null }, result);
    };

    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    try {
      await queue.run(options.mirroringConcurrentServiceEndpointSyncs, sync, (key, error) => {
        if (!signal.aborted) logger.info({ err: error, endpoints: key }, 'mirroring the endpoints failed; retrying');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
