// The agent's pod workers: the pods bound to the node (an informer with the spec.nodeName field
// selector) and the static pods of staticPodPath, each admitted on arrival and then run by its own
// worker through CRI; the runtime relisted every second (PLEG) to wake the workers of pods whose
// containers changed; statuses written back by the status manager; mirror pods kept for static
// pods; runtime leftovers of pods the agent no longer knows removed. Containers are probed (a
// changed result wakes the pod's worker), their lifecycle hooks run, and configMap, secret,
// projected and downwardAPI volumes are written from the API's objects. Standalone (no client):
// only static pods, without mirrors or status writes. The runtime is told the Node's pod ranges
// before the first pod is synced.

import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { Node } from '@capstan/common/api-types/core-v1';
import type { RuntimeClass } from '@capstan/common/api-types/node-v1';
import { Informer, isNotFound, type RestClient } from '@capstan/common/client';
import type { KubeletConfiguration } from '../config/index.ts';
import type { CriImageClient, CriRuntimeClient } from '../cri/index.ts';
import { runtimePodCidr } from '../node/node-pod-cidr.ts';
import { nodeSysctlAllowlist, type KernelVersion, type SwapNode } from '../system/index.ts';
import { BackOff, containerBackOffInitialMs, containerBackOffMaxMs } from './back-off.ts';
import { LifecycleHooks } from './hooks/lifecycle-hooks.ts';
import { ImagePuller } from './image-puller.ts';
import { removePod } from './kill-pod.ts';
import { MirrorClient } from './mirror-pods.ts';
import { admitPod } from './pod-admission.ts';
import type { DeviceAllocator } from './device-allocation.ts';
import { podFullName, type PodDirectory } from './pod-directory.ts';
import { podEventRecorder } from './pod-events.ts';
import { apiPodObjects, noPodObjects } from './pod-objects.ts';
import { PodLifecycleEvents, plegRelistPeriodMs, type RelistResult } from './pod-lifecycle-events.ts';
import { rejectedPodStatus } from './pod-status.ts';
import { isMirrorPod, isStaticPod, isTerminalPhase, podsTarget, type Pod } from './pod-types.ts';
import { PodWorker, type PodWorkerContext } from './pod-worker.ts';
import { ProbeManager } from './prober/probe-manager.ts';
import { ReasonCache } from './reason-cache.ts';
import { RunningPods } from './running-pods.ts';
import { startServiceLister } from './service-lister.ts';
import { podNameLabel, podNamespaceLabel, podUidLabel } from './runtime-labels.ts';
import { readStaticPods } from './static-pods.ts';
import { StatusManager } from './status-manager.ts';
import { PodRuntime, type RuntimeHandlerFeatures } from './sync-pod.ts';
import { PodVolumes } from './volumes/pod-volumes.ts';
import { nodeAllocatable } from './downward-api.ts';
import { ResizeManager } from './pod-resize.ts';

export interface PodWorkersOptions {
  readonly nodeName: string;
  /** The API server; absent in standalone mode. */
  readonly client?: RestClient;
  readonly runtime: CriRuntimeClient;
  readonly images: CriImageClient;
  readonly config: KubeletConfiguration;
  /** --root-dir: seccomp profiles under <root-dir>/seccomp, pod volumes under <root-dir>/pods. */
  readonly rootDir: string;
  /** The node's InternalIPs, the pods' hostIPs (and a host-network pod's podIPs). */
  readonly hostIPs: readonly string[];
  readonly kernel?: KernelVersion;
  /** MemTotal, for the OOM score of Burstable containers. */
  readonly memoryCapacityBytes?: number;
  /** The node's swap, for the LimitedSwap share. */
  readonly swap?: SwapNode;
  readonly log?: (message: string, error?: unknown) => void;
  /** The PLEG's relist period; 1 s as the kubelet's. */
  readonly relistPeriodMs?: number;
  /** The requeue of a pod whose sync failed; 10 s as the kubelet's. */
  readonly errorBackOffMs?: number;
  /** The device manager: devices of device plugins for the pods that ask for them. */
  readonly devices?: DeviceAllocator;
}

export interface RunningPodWorkers {
  readonly directory: PodDirectory;
  /** Stops watching and syncing; the pods' containers keep running, as they do when a kubelet stops. */
  stop(): Promise<void>;
}

const podsCollection = podsTarget();

export async function startPodWorkers(options: PodWorkersOptions): Promise<RunningPodWorkers> {
  const { nodeName, client, runtime, config } = options;
  const log = options.log ?? (() => {});
  const runtimeName = (await runtime.version()).runtimeName;
  if (client !== undefined) await applyNodePodCidr(client, nodeName, runtime, log);
  const runtimeStatus = await runtime.status({});
  const handlers = new Map<string, RuntimeHandlerFeatures>(
    runtimeStatus.runtimeHandlers.map((handler) => [
      handler.name,
      { recursiveReadOnlyMounts: handler.features?.recursiveReadOnlyMounts ?? false, userNamespaces: handler.features?.userNamespaces ?? false },
    ]),
  );
  const sysctls = nodeSysctlAllowlist(options.kernel, config.allowedUnsafeSysctls ?? []);
  const podLogsDir = config.podLogsDir;
  const podsDir = join(options.rootDir, 'pods');
  const seccompProfileRoot = join(options.rootDir, 'seccomp');
  const recordEvent = podEventRecorder(client, nodeName, log);
  const reasons = new ReasonCache();
  const images = new ImagePuller(options.images, {
    serialize: config.serializeImagePulls !== false,
    onEvent: (pod, container, event) => recordEvent(pod, container, event),
  });
  const workers = new Map<string, PodWorker>();
  const serviceLister = client === undefined ? undefined : startServiceLister(client, log);
  const objects = serviceLister === undefined ? noPodObjects : apiPodObjects(client as RestClient, serviceLister);
  const hooks = new LifecycleHooks({ runtime, recordEvent });
  const probes = new ProbeManager({ runtime, recordEvent, statusOf: (uid) => statusManager.get(uid), onChange: (uid) => workers.get(uid)?.wake() });
  const resize = new ResizeManager({
    allocatable: nodeAllocatable(options.memoryCapacityBytes ?? 0),
    activePods: () => [...workers.values()].filter((worker) => worker.active).map((worker) => worker.pod),
    recordEvent,
    onAllocated: (uid) => workers.get(uid)?.wake(),
  });
  const volumes = new PodVolumes({ podsDir, objects, recordEvent, memoryCapacityBytes: options.memoryCapacityBytes ?? 0, log });
  const maxRestartPeriod = config.crashLoopBackOff?.maxContainerRestartPeriod;
  const podRuntime = new PodRuntime({
    runtime,
    runtimeName,
    images,
    sandbox: {
      dns: { clusterDNS: config.clusterDNS ?? [], clusterDomain: config.clusterDomain, resolvConf: config.resolvConf ?? '' },
      podLogsDir,
      seccompProfileRoot,
      seccompDefault: config.seccompDefault === true,
    },
    container: {
      podsDir,
      seccompProfileRoot,
      seccompDefault: config.seccompDefault === true,
      nodeName,
      hostIPs: options.hostIPs,
      memoryCapacityBytes: options.memoryCapacityBytes ?? 0,
      ...(options.swap === undefined ? {} : { swap: options.swap }),
    },
    handlers,
    runtimeHandlerFor: (pod) => runtimeHandlerFor(client, pod),
    reasons,
    recordEvent,
    backOff: new BackOff(containerBackOffInitialMs, maxRestartPeriod !== undefined && maxRestartPeriod > 0 ? maxRestartPeriod : containerBackOffMaxMs),
    probeKill: (container, containerID, init) => probes.killFor(container, containerID, init),
    hooks,
    ...(options.devices === undefined ? {} : { devices: options.devices }),
    objects,
    resize,
  });

  const mirrors = new Map<string, Pod>();
  const fullNameOf = (pod: Pod): string => podFullName(pod.metadata.name, pod.metadata.namespace);
  let informer: Informer<Pod> | undefined;
  const statusManager = new StatusManager({
    client,
    apiPod: (pod) => {
      if (isStaticPod(pod)) return mirrors.get(fullNameOf(pod));
      const current = informer?.store.getByKey(`${pod.metadata.namespace}/${pod.metadata.name}`);
      return current !== undefined && current.metadata.uid === pod.metadata.uid ? current : undefined;
    },
    log,
  });
  const mirrorClient = client === undefined ? undefined : new MirrorClient(client, nodeName);
  const context: PodWorkerContext = {
    podRuntime,
    statusManager,
    reasons,
    hostIPs: options.hostIPs,
    ...(mirrorClient === undefined ? {} : { mirrors: { client: mirrorClient, find: (pod: Pod) => mirrors.get(fullNameOf(pod)) } }),
    dirs: { podLogsDir, podsDir },
    resyncMs: config.syncFrequency,
    errorBackOffMs: options.errorBackOffMs ?? 10_000,
    log,
    onGone: (uid) => {
      workers.delete(uid);
      // RetryPendingResizes: the room a pod leaves may be what a deferred resize waits for.
      resize.retryPendingResizes();
    },
    probes,
    volumes,
    hooks,
    resize,
  };

  // HandlePodAdditions: new pods are admitted oldest first, against the pods already admitted.
  let arrivals: Pod[] = [];
  const admitArrivals = (): void => {
    const batch = arrivals.sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''));
    arrivals = [];
    for (const pod of batch) {
      if (workers.has(pod.metadata.uid)) continue;
      if (isTerminalPhase(pod.status?.phase)) {
        const worker = new PodWorker(pod, context, 'terminating');
        workers.set(pod.metadata.uid, worker);
        worker.wake();
        continue;
      }
      const active = [...workers.values()].filter((worker) => worker.active).map((worker) => worker.pod);
      let verdict = admitPod(pod, active, { sysctls, maxPods: config.maxPods });
      if (verdict.admit && options.devices !== undefined) {
        const reserved = options.devices.reserve(pod, new Set(active.map((other) => other.metadata.uid)));
        if (!reserved.admit) verdict = { admit: false, reason: 'UnexpectedAdmissionError', message: `Allocate failed due to ${reserved.message}, which is unexpected` };
      }
      if (verdict.admit) resize.admit(pod);
      const worker = new PodWorker(pod, context, verdict.admit ? 'syncing' : 'terminated');
      workers.set(pod.metadata.uid, worker);
      if (!verdict.admit) {
        log(`Pod ${pod.metadata.namespace}/${pod.metadata.name} rejected: ${verdict.reason}: ${verdict.message}`);
        statusManager.set(pod, rejectedPodStatus(pod, verdict.reason, verdict.message));
      }
      worker.wake();
    }
  };
  const addPod = (pod: Pod): void => {
    const worker = workers.get(pod.metadata.uid);
    if (worker !== undefined) {
      worker.update(pod);
      return;
    }
    if (arrivals.length === 0) queueMicrotask(admitArrivals);
    arrivals.push(pod);
  };
  const removeFromSource = (uid: string): void => {
    arrivals = arrivals.filter((pod) => pod.metadata.uid !== uid);
    workers.get(uid)?.remove();
  };
  const wakeStaticPod = (fullName: string): void => {
    for (const worker of workers.values()) if (isStaticPod(worker.pod) && fullNameOf(worker.pod) === fullName) worker.wake();
  };

  const abort = new AbortController();
  const stops: (() => Promise<void> | void)[] = [];
  if (serviceLister !== undefined) stops.push(() => serviceLister.stop());

  if (client !== undefined) {
    informer = new Informer<Pod>(client, podsCollection, { fieldSelector: `spec.nodeName=${nodeName}`, onError: (error) => log('pods watch failed', error) });
    informer.addEventHandler({
      onAdd: (pod) => (isMirrorPod(pod) ? (mirrors.set(fullNameOf(pod), pod), wakeStaticPod(fullNameOf(pod))) : addPod(pod)),
      onUpdate: (_old, pod) => (isMirrorPod(pod) ? (mirrors.set(fullNameOf(pod), pod), wakeStaticPod(fullNameOf(pod))) : addPod(pod)),
      onDelete: (pod) => {
        if (isMirrorPod(pod)) {
          if (mirrors.get(fullNameOf(pod))?.metadata.uid === pod.metadata.uid) mirrors.delete(fullNameOf(pod));
          wakeStaticPod(fullNameOf(pod));
        } else removeFromSource(pod.metadata.uid);
      },
    });
    informer.start();
    stops.push(() => informer?.stop());
  }

  let staticSynced = config.staticPodPath === undefined || config.staticPodPath === '';
  if (!staticSynced) {
    const staticPodPath = config.staticPodPath as string;
    const known = new Set<string>();
    const readErrors = new Map<string, string>();
    const scan = (): void => {
      const found = readStaticPods(
        staticPodPath,
        nodeName,
        () => new Date().toISOString(),
        (path, error) => {
          if (readErrors.get(path) !== error) log(`Could not process manifest file ${path}: ${error}`);
          readErrors.set(path, error);
        },
      );
      const uids = new Set(found.map((pod) => pod.metadata.uid));
      for (const pod of found) {
        if (known.has(pod.metadata.uid)) continue;
        known.add(pod.metadata.uid);
        addPod(pod);
      }
      for (const uid of known) {
        if (uids.has(uid)) continue;
        known.delete(uid);
        removeFromSource(uid);
      }
      staticSynced = true;
    };
    scan();
    const timer = setInterval(scan, config.fileCheckFrequency);
    timer.unref();
    let watcher: FSWatcher | undefined;
    let debounce: NodeJS.Timeout | undefined;
    try {
      watcher = watch(staticPodPath, () => {
        clearTimeout(debounce);
        debounce = setTimeout(scan, 100);
        debounce.unref();
      });
      watcher.on('error', () => {});
    } catch {
      // A path that does not exist yet is found by the periodic scan.
    }
    stops.push(() => {
      clearInterval(timer);
      clearTimeout(debounce);
      watcher?.close();
    });
  }

  // HandlePodCleanups: orphaned mirror pods go, and what the runtime holds of unknown pods is removed.
  const cleaning = new Set<string>();
  const housekeeping = async (result: RelistResult): Promise<void> => {
    if (!staticSynced || (informer !== undefined && !informer.hasSynced())) return;
    if (mirrorClient !== undefined) {
      for (const [fullName, mirror] of mirrors) {
        const hasStatic = [...workers.values()].some((worker) => isStaticPod(worker.pod) && !worker.removed && fullNameOf(worker.pod) === fullName);
        if (!hasStatic && mirror.metadata.deletionTimestamp === undefined && !cleaning.has(mirror.metadata.uid)) {
          cleaning.add(mirror.metadata.uid);
          await mirrorClient.delete(mirror).finally(() => cleaning.delete(mirror.metadata.uid));
        }
      }
    }
    for (const uid of result.uids) {
      if (workers.has(uid) || arrivals.some((pod) => pod.metadata.uid === uid) || cleaning.has(uid)) continue;
      cleaning.add(uid);
      try {
        const { items } = await runtime.listPodSandbox({ filter: { labelSelector: { [podUidLabel]: uid } } });
        const labels = items[0]?.labels ?? {};
        const orphan: Pod = { metadata: { uid, name: labels[podNameLabel] ?? uid, namespace: labels[podNamespaceLabel] ?? '' }, spec: { containers: [] } };
        log(`Removing the runtime's leftovers of pod ${orphan.metadata.namespace}/${orphan.metadata.name} (${uid})`);
        await removePod(runtime, runtimeName, orphan, { podLogsDir, podsDir });
      } finally {
        cleaning.delete(uid);
      }
    }
  };
  const pleg = new PodLifecycleEvents(runtime);
  const plegDone = pleg.run(
    abort.signal,
    options.relistPeriodMs ?? plegRelistPeriodMs,
    (result) => {
      for (const uid of result.changed) workers.get(uid)?.wake();
      housekeeping(result).catch((error: unknown) => log('Failed cleaning up pods', error));
    },
    log,
  );

  statusManager.start();
  return {
    directory: new RunningPods(workers, (uid) => statusManager.get(uid), podLogsDir),
    async stop() {
      abort.abort();
      probes.stop();
      for (const stop of stops) await stop();
      await plegDone;
      await Promise.race([Promise.allSettled([...workers.values()].map((worker) => worker.close())), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      await statusManager.stop();
    },
  };
}

/** The handler of the pod's RuntimeClass ('' for the runtime's default). */
async function runtimeHandlerFor(client: RestClient | undefined, pod: Pod): Promise<string> {
  const name = pod.spec.runtimeClassName;
  if (name === undefined || name === '') return '';
  if (client === undefined) throw new Error(`failed to get runtimeClass: RuntimeClass ${JSON.stringify(name)} not found (no API server)`);
  const runtimeClass = await client.get<RuntimeClass>({ group: 'node.k8s.io', version: 'v1', resource: 'runtimeclasses', name });
  return runtimeClass.handler ?? '';
}

/**
 * The kubelet's updatePodCIDR before any pod is synced: a restarted agent's Node already has its
 * pod ranges, and a runtime that started afresh must hand out IPs from them, not from its default,
 * to the pods it runs again. A Node not there yet (first start) is no error.
 */
async function applyNodePodCidr(client: RestClient, nodeName: string, runtime: CriRuntimeClient, log: (message: string, error?: unknown) => void): Promise<void> {
  try {
    const node = await client.get<Node>({ group: '', version: 'v1', resource: 'nodes', name: nodeName });
    const podCidr = runtimePodCidr(node);
    if (podCidr !== '') await runtime.updateRuntimeConfig({ runtimeConfig: { networkConfig: { podCidr } } });
  } catch (error) {
    if (!isNotFound(error)) log('Failed to update pod CIDR', error);
  }
}
