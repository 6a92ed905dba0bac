// kube-controller-manager's endpointslice-controller: for each Service with a selector, the
// EndpointSlices (discovery.k8s.io/v1) of the pods it selects, named <service>-<random> and owned
// by the Service, kept as pods come, go and change readiness (slice-reconciler.ts). Services
// without a selector are left alone: their slices are the user's (or mirrored from Endpoints).

import type { Node, Pod, Service } from '@capstan/common/api-types/core-v1';
import type { EndpointSlice } from '@capstan/common/api-types/discovery-v1';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { involvedObjectOf } from '../event-recorder.ts';
import { nodesResource } from '../node-lifecycle/api-types.ts';
import { podsResource } from '../workload/pod-control.ts';
import { WorkQueue } from '../work-queue.ts';
import { servicesForPodUpdate, servicesSelecting, selectorMatches, serviceSelector } from './services-for-pod.ts';
import { managedByLabel, reconcileServiceSlices, serviceNameLabel } from './slice-reconciler.ts';
import { EndpointSliceTracker, sliceEventHandler, StaleInformerCacheError } from './slice-tracker.ts';
import { endpointSlicesResource, writeSlices } from './slice-writes.ts';
import { TriggerTimeTracker } from './trigger-time-tracker.ts';

export const endpointSliceControllerName = 'endpointslice-controller.k8s.io';

export const servicesResource = { group: '', version: 'v1', resource: 'services' } as const;

/** kube's retry backoff for a Service (defaultSyncBackOff 1 s, at most maxSyncBackOff 1000 s). */
export const serviceSyncBackoff = { baseDelayMs: 1_000, maxDelayMs: 1_000_000 } as const;

/**
 * endpointSliceChangeMinSyncDelay: a slice changed by someone else is answered a second later, so that
 * a burst of such changes (or another writer fighting over the slice) costs one sync, not many.
 */
const sliceChangeSyncDelayMs = 1_000;

/** "namespace/name" of the Service a slice belongs to, by its kubernetes.io/service-name label. */
export const serviceKeyOfSlice = (slice: EndpointSlice): string => `${slice.metadata?.namespace ?? ''}/${slice.metadata?.labels?.[serviceNameLabel] ?? ''}`;

export const endpointSliceController: ControllerDefinition = {
  name: 'endpointslice-controller',
  aliases: ['endpointslice'],
  clientName: 'endpointslice-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal, options } = context;
    const services = context.informers.informer<Service>(servicesResource);
    const pods = context.informers.informer<Pod>(podsResource);
    const nodes = context.informers.informer<Node>(nodesResource);
    const slices = context.informers.informer<EndpointSlice>(endpointSlicesResource);
    const events = context.eventRecorder('endpoint-slice-controller');
    const tracker = new EndpointSliceTracker(serviceKeyOfSlice);
    const triggerTimes = new TriggerTimeTracker();
    const queue = new WorkQueue({ name: 'endpoint_slice', ...serviceSyncBackoff });
    const enqueue = (key: string): void => queue.add(key);
    const enqueueService = (service: Service): void => enqueue(`${service.metadata?.namespace ?? ''}/${service.metadata?.name ?? ''}`);
    const ours = (slice: EndpointSlice): boolean => slice.metadata?.labels?.[managedByLabel] === endpointSliceControllerName;

    services.addEventHandler({ onAdd: enqueueService, onUpdate: (_old, service) => enqueueService(service), onDelete: enqueueService });
    pods.addEventHandler({
      onAdd: (pod) => servicesSelecting(services.store, pod).forEach(enqueue),
      onUpdate: (old, pod) => servicesForPodUpdate(services.store, old, pod).forEach(enqueue),
      onDelete: (pod) => servicesSelecting(services.store, pod).forEach(enqueue),
    });
    slices.addEventHandler(sliceEventHandler(tracker, ours, (slice) => queue.addAfter(serviceKeyOfSlice(slice), sliceChangeSyncDelayMs)));

    const sync = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      const service = services.store.get(namespace, name);
      if (service === undefined) {
        // Its slices go with it: the garbage collector follows their owner reference.
        triggerTimes.delete(key);
        tracker.deleteService(key);
        return;
      }
      const selector = serviceSelector(service);
      if (service.spec?.type === 'ExternalName' || selector === undefined) return;
      const selected = pods.store.list(namespace).filter((pod) => selectorMatches(selector, pod.metadata?.labels));
      const existing = slices.store.list(namespace).filter((slice) => slice.metadata?.labels?.[serviceNameLabel] === name && ours(slice) && !slice.metadata?.deletionTimestamp);
      if (tracker.stale(key, existing)) throw new StaleInformerCacheError();
      const triggerTime = triggerTimes.compute(key, service, selected);
      try {
        const changes = reconcileServiceSlices({
          service,
          pods: selected,
          slices: existing,
          node: (nodeName) => nodes.store.get(undefined, nodeName),
          maxEndpointsPerSlice: options.maxEndpointsPerSlice,
          controllerName: endpointSliceControllerName,
        });
        await writeSlices({ client, tracker, namespace, serviceKey: key, serviceDeleting: Boolean(service.metadata?.deletionTimestamp), triggerTime }, changes);
        if (changes.errors.length > 0) throw new Error(changes.errors.join(', '));
      } catch (error) {
        void events.record(
          involvedObjectOf(service, 'Service', 'v1'),
          'Warning',
          'FailedToUpdateEndpointSlices',
          `Error updating Endpoint Slices for Service ${key}: ${(error as Error).message}`,
        );
        throw error;
      }
    };

    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    try {
      await queue.run(options.concurrentServiceEndpointSyncs, sync, (key, error) => {
        if (!signal.aborted) logger.info({ err: error, service: key }, 'syncing the endpoint slices of the service failed; retrying');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
