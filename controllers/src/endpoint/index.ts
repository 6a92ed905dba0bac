// kube-controller-manager's endpoints-controller: the v1 Endpoints object of each Service with a
// selector, for clients that predate EndpointSlices (v1 Endpoints are deprecated since 1.33, and
// kube 1.35 still runs this controller by default). Ready pods are addresses, the others (with
// publishNotReadyAddresses: all) notReadyAddresses; terminating pods are left out unless
// publishNotReadyAddresses. The Endpoints of a deleted Service are deleted, and those left over
// from Services deleted while the controller was not running are found at start.

import type { Endpoints, EndpointAddress, EndpointPort, EndpointSubset, Pod, Service } from '@capstan/common/api-types/core-v1';
import { isNotFound } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { involvedObjectOf } from '../event-recorder.ts';
import { serviceSyncBackoff, servicesResource } from '../endpointslice/index.ts';
import { podsResource } from '../workload/pod-control.ts';
import { addressTypeOf, findPort, isServiceIpSet, podAddresses, shouldPodBeInEndpoints, shouldSetHostname } from '../endpointslice/pod-endpoints.ts';
import { headlessLabel } from '../endpointslice/slice-reconciler.ts';
import { isNamespaceTerminating } from '../workload/namespace-terminating.ts';
import { selectorMatches, servicesForPodUpdate, servicesSelecting, serviceSelector } from '../endpointslice/services-for-pod.ts';
import { formatTriggerTime, lastChangeTriggerTimeAnnotation, TriggerTimeTracker } from '../endpointslice/trigger-time-tracker.ts';
import { isPodReady } from '../workload/pod-state.ts';
import { WorkQueue } from '../work-queue.ts';
import { repackSubsets, subsetsEqual, truncateSubsets, maxEndpointsCapacity } from './subsets.ts';

export const endpointsResource = { group: '', version: 'v1', resource: 'endpoints' } as const;
export const endpointsManagedByLabel = 'endpoints.kubernetes.io/managed-by';
export const endpointsControllerName = 'endpoint-controller';
export const overCapacityAnnotation = 'endpoints.kubernetes.io/over-capacity';
const leaderElectionAnnotation = 'control-plane.alpha.kubernetes.io/leader';

/** podToEndpointAddressForService: the pod's IP of the Service's (first) family. */
function endpointAddress(service: Service, pod: Pod): EndpointAddress | undefined {
  const family = service.spec?.ipFamilies?.[0] ?? (isServiceIpSet(service) ? addressTypeOf(service.spec?.clusterIP ?? '') : 'IPv4');
  const ip = podAddresses(pod, family === 'IPv6' ? 'IPv6' : 'IPv4')[0];
  if (ip === undefined) return undefined;
  return {
    ip,
    ...(shouldSetHostname(pod, service) ? { hostname: pod.spec?.hostname } : {}),
    ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}),
    targetRef: { kind: 'Pod', namespace: pod.metadata?.namespace, name: pod.metadata?.name, uid: pod.metadata?.uid },
  };
}

/** The subsets of the Service's pods, before repacking: one per pod and port (addEndpointSubset). */
export function serviceSubsets(service: Service, pods: readonly Pod[]): EndpointSubset[] {
  const tolerateUnready = service.spec?.publishNotReadyAddresses === true;
  const subsets: EndpointSubset[] = [];
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod, tolerateUnready)) continue;
    const address = endpointAddress(service, pod);
    if (address === undefined) continue;
    const add = (port: EndpointPort | undefined): void => {
      const ports = port === undefined ? {} : { ports: [port] };
      subsets.push(tolerateUnready || isPodReady(pod) ? { addresses: [address], ...ports } : { notReadyAddresses: [address], ...ports });
    };
    const servicePorts = service.spec?.ports ?? [];
    if (servicePorts.length === 0) {
      // A headless Service without ports still lists its pods' addresses.
      if (service.spec?.clusterIP === 'None') add(undefined);
      continue;
    }
    for (const servicePort of servicePorts) {
      const port = findPort(pod, servicePort);
      if (port === undefined) continue;
      add({
        ...(servicePort.name ? { name: servicePort.name } : {}),
        port,
        protocol: servicePort.protocol ?? 'TCP',
        ...(servicePort.appProtocol === undefined ? {} : { appProtocol: servicePort.appProtocol }),
      });
    }
  }
  return repackSubsets(subsets);
}

/** labelsCorrectForEndpoints: managed by this controller, otherwise the Service's labels (the headless label aside). */
function labelsCorrect(endpointLabels: Readonly<Record<string, string>>, serviceLabels: Readonly<Record<string, string>>): boolean {
  if (endpointLabels[endpointsManagedByLabel] !== endpointsControllerName) return false;
  const own = Object.entries(endpointLabels).filter(([key]) => key !== headlessLabel && key !== endpointsManagedByLabel);
  return own.length === Object.keys(serviceLabels).length && own.every(([key, value]) => serviceLabels[key] === value);
}

/** capacityAnnotationSetCorrectly: the annotation is there exactly when the stored subsets are over capacity. */
function capacityAnnotationCorrect(endpoints: Endpoints): boolean {
  const count = (endpoints.subsets ?? []).reduce((n, s) => n + (s.addresses ?? []).length + (s.notReadyAddresses ?? []).length, 0);
  return count > maxEndpointsCapacity ? false : endpoints.metadata?.annotations?.[overCapacityAnnotation] === undefined;
}

export const endpointsController: ControllerDefinition = {
  name: 'endpoints-controller',
  aliases: ['endpoint'],
  clientName: 'endpoint-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal, options } = context;
    const services = context.informers.informer<Service>(servicesResource);
    const pods = context.informers.informer<Pod>(podsResource);
    const endpointsInformer = context.informers.informer<Endpoints>(endpointsResource);
    const events = context.eventRecorder(endpointsControllerName);
    const triggerTimes = new TriggerTimeTracker();
    /** The resourceVersion of each Endpoints the controller has replaced: an informer still showing it is behind. */
    const staleVersions = new Map<string, string>();
    const queue = new WorkQueue({ name: 'endpoint', ...serviceSyncBackoff });
    const enqueue = (key: string): void => queue.add(key);
    const keyOf = (object: Service | Endpoints): string => `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;

    services.addEventHandler({ onAdd: (s) => enqueue(keyOf(s)), onUpdate: (_old, s) => enqueue(keyOf(s)), onDelete: (s) => enqueue(keyOf(s)) });
    pods.addEventHandler({
      onAdd: (pod) => servicesSelecting(services.store, pod).forEach(enqueue),
      onUpdate: (old, pod) => servicesForPodUpdate(services.store, old, pod).forEach(enqueue),
      onDelete: (pod) => servicesSelecting(services.store, pod).forEach(enqueue),
    });
    // Deleted by someone else: made again if its Service still wants it.
    endpointsInformer.addEventHandler({ onDelete: (endpoints) => enqueue(keyOf(endpoints)) });

    const sync = async (key: string): Promise<void> => {
      const [namespace = '', name = ''] = key.split('/');
      const target = { ...endpointsResource, namespace, name };
      const service = services.store.get(namespace, name);
      if (service === undefined) {
        try {
          await client.delete(target);
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
        triggerTimes.delete(key);
        staleVersions.delete(key);
        return;
      }
      const selector = serviceSelector(service);
      if (service.spec?.type === 'ExternalName' || selector === undefined) return;
      const selected = pods.store.list(namespace).filter((pod) => selectorMatches(selector, pod.metadata?.labels));
      const triggerTime = triggerTimes.compute(key, service, selected);
      const subsets = serviceSubsets(service, selected);
      const current = endpointsInformer.store.get(namespace, name);
      if (current !== undefined && staleVersions.get(key) === current.metadata?.resourceVersion) {
        throw new Error(`endpoints informer cache is out of date, resource version ${current.metadata?.resourceVersion} already processed for endpoints ${key}`);
      }
      const serviceLabels = service.metadata?.labels ?? {};
      if (
        current !== undefined &&
        (subsetsEqual(current.subsets, subsets) || subsetsEqual(repackSubsets(current.subsets ?? []), subsets)) &&
        labelsCorrect(current.metadata?.labels ?? {}, serviceLabels) &&
        capacityAnnotationCorrect(current)
      ) {
        return;
      }
      const annotations: Record<string, string> = { ...current?.metadata?.annotations };
      delete annotations[lastChangeTriggerTimeAnnotation];
      delete annotations[overCapacityAnnotation];
      if (triggerTime !== undefined) annotations[lastChangeTriggerTimeAnnotation] = formatTriggerTime(triggerTime);
      const truncated = truncateSubsets(subsets);
      if (truncated !== undefined) annotations[overCapacityAnnotation] = 'truncated';
      const labels: Record<string, string> = { ...serviceLabels };
      if (isServiceIpSet(service)) delete labels[headlessLabel];
      else labels[headlessLabel] = '';
      labels[endpointsManagedByLabel] = endpointsControllerName;
      const desired: Endpoints = {
        ...(current ?? { apiVersion: 'v1', kind: 'Endpoints' }),
        metadata: { ...current?.metadata, name, namespace, labels, annotations },
        subsets: truncated ?? subsets,
      };
      try {
        if (current === undefined) {
          await client.create({ ...endpointsResource, namespace }, desired);
          return;
        }
        const updated = await client.update<Endpoints>(target, desired);
        if (updated.metadata?.resourceVersion !== current.metadata?.resourceVersion) staleVersions.set(key, current.metadata?.resourceVersion ?? '');
      } catch (error) {
        if (current === undefined && isNamespaceTerminating(error)) return;
        const involved = involvedObjectOf(desired, 'Endpoints', 'v1');
        if (current === undefined) void events.record(involved, 'Warning', 'FailedToCreateEndpoint', `Failed to create endpoint for service ${key}: ${(error as Error).message}`);
        else void events.record(involved, 'Warning', 'FailedToUpdateEndpoint', `Failed to update endpoint ${key}: ${(error as Error).message}`);
        throw error;
      }
    };

    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;
    // checkLeftoverEndpoints: the Endpoints of Services deleted while no controller ran go too.
    for (const endpoints of endpointsInformer.store.list()) {
      if (endpoints.metadata?.annotations?.[leaderElectionAnnotation] === undefined) enqueue(keyOf(endpoints));
    }
    try {
      await queue.run(options.concurrentEndpointSyncs, sync, (key, error) => {
        if (!signal.aborted) logger.info({ err: error, service: key }, 'syncing the endpoints of the service failed; retrying');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};
