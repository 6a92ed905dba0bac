// SyncPod: one step of bringing a pod's sandbox and containers to its spec through CRI, as the
// kubelet's runtime manager takes it: compute the actions, kill what must go, create the sandbox,
// start the next init container or the containers to start, each after its crash-loop back-off,
// its image, its configuration, CreateContainer, StartContainer and its postStart hook, with the
// kubelet's reasons (CrashLoopBackOff, ErrImagePull, CreateContainerConfigError,
// CreateContainerError, RunContainerError, PostStartHookError) kept for the container's waiting
// state. Containers that failed a liveness or startup probe are killed (preStop first) and restarted.
// Each container gets the pod's kubelet-managed /etc/hosts (etc-hosts.ts). A running container whose
// allocated resources were resized gets them through UpdateContainerResources, or is restarted where
// its resizePolicy says RestartContainer (resize-actions.ts).

import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CriError, type CriRuntimeClient, type MessageInit } from '../cri/index.ts';
import type * as cri from '../cri/index.ts';
import { formatGoDuration } from '../config/index.ts';
import { userNamespaceRefusal } from '../system/index.ts';
import { BackOff } from './back-off.ts';
import { computePodActions, type ProbeKillCheck } from './compute-pod-actions.ts';
import { ContainerConfigError, containerResources, generateContainerConfig, type ContainerSettings } from './container-config.ts';
import { DeviceAllocationError, type DeviceAllocator } from './device-allocation.ts';
import { fetchEnvSources } from './env-sources.ts';
import { ensureHostsFile, podHostDomain, shouldMountHostsFile } from './etc-hosts.ts';
import type { LifecycleHooks } from './hooks/lifecycle-hooks.ts';
import type { ImagePuller } from './image-puller.ts';
import { noPodObjects, type PodObjects } from './pod-objects.ts';
import { killContainer, killPod } from './kill-pod.ts';
import type { RecordPodEvent } from './pod-events.ts';
import { podHostname } from './pod-dns.ts';
import type { ResizeManager } from './pod-resize.ts';
import { computeResizeActions } from './resize-actions.ts';
import type { Container } from '@capstan/common/api-types/core-v1';
import { formatPod, isRestartableInitContainer, type Pod } from './pod-types.ts';
import type { ReasonCache, StartFailure } from './reason-cache.ts';
import { containerHash } from './runtime-labels.ts';
import { findContainerStatus, readRuntimePodStatus, type RuntimePodStatus } from './runtime-pod-status.ts';
import { generatePodSandboxConfig, podLogsDirectory, type SandboxSettings } from './sandbox-config.ts';
import { SeccompProfileError } from './security-context.ts';
import { errorMessage } from '@capstan/common';

export interface RuntimeHandlerFeatures {
  readonly recursiveReadOnlyMounts: boolean;
  readonly userNamespaces: boolean;
}

export interface PodRuntimeOptions {
  readonly runtime: CriRuntimeClient;
  /** The runtime's name (Version's runtimeName), the scheme of container ids. */
  readonly runtimeName: string;
  readonly images: ImagePuller;
  readonly sandbox: SandboxSettings;
  readonly container: ContainerSettings;
  /** The features of each runtime handler, as the runtime's Status lists them. */
  readonly handlers: ReadonlyMap<string, RuntimeHandlerFeatures>;
  /** The handler of a pod's RuntimeClass ('' for none); throws when the RuntimeClass cannot be found. */
  readonly runtimeHandlerFor: (pod: Pod) => Promise<string>;
  readonly reasons: ReasonCache;
  readonly recordEvent: RecordPodEvent;
  /** The crash-loop back-off; the kubelet's 10 s to 5 min by default. */
  readonly backOff?: BackOff;
  /** The prober's verdicts on running containers (none: no probes). */
  readonly probeKill?: ProbeKillCheck;
  /** Runs postStart and preStop hooks (none: hooks are not run). */
  readonly hooks?: LifecycleHooks;
  /** The ConfigMaps and Secrets containers' environments refer to. */
  readonly objects?: PodObjects;
  /** The device plugins' run options of containers holding devices. */
  readonly devices?: DeviceAllocator;
  /** In-place resize: the resources actuated in the runtime (none: resizes are not actuated). */
  readonly resize?: ResizeManager;
}

export interface SyncResult {
  /** Whether a step failed (a start refused, a back-off, a sandbox that could not be made). */
  readonly failed: boolean;
  /** Whether anything was created, started or stopped. */
  readonly changed: boolean;
  /** When a crash-loop back-off ends, if one holds a container back. */
  readonly backOffEndsInMs?: number;
}

/** The user namespace ranges handed to pods: 65536 ids each, after the node's own. */
const idsPerPod = 65_536;

export class PodRuntime {
  readonly options: PodRuntimeOptions;
  readonly backOff: BackOff;
  readonly #userNamespaceSlots = new Map<string, number>();
  #nextSlot = 1;

  constructor(options: PodRuntimeOptions) {
    this.options = options;
    this.backOff = options.backOff ?? new BackOff();
  }

  status(uid: string): Promise<RuntimePodStatus> {
    return readRuntimePodStatus(this.options.runtime, this.options.runtimeName, uid);
  }

  async syncPod(pod: Pod, status: RuntimePodStatus): Promise<SyncResult> {
    const { runtime, recordEvent } = this.options;
    const podActions = computePodActions(pod, status, this.options.probeKill);
    const { resize } = this.options;
    const steady = !podActions.killPod && !podActions.createSandbox && podActions.nextInitContainer === undefined;
    const resizes = resize === undefined || !steady ? undefined : computeResizeActions(pod, status, podActions, resize);
    const actions =
      resizes === undefined
        ? podActions
        : { ...podActions, containersToKill: [...podActions.containersToKill, ...resizes.kill], containersToStart: [...podActions.containersToStart, ...resizes.start] };
    const hooks = this.options.hooks;
    let changed = false;
    if (actions.killPod) {
      if (status.containers.some((c) => c.state !== 'exited') || status.sandboxes.some((s) => s.ready)) {
        await killPod(runtime, pod, status, recordEvent, hooks === undefined ? {} : { hooks });
        changed = true;
      }
      if (!actions.createSandbox) return { failed: false, changed };
    } else {
      for (const kill of actions.containersToKill) {
        await killContainer(runtime, pod, kill.status, recordEvent, {
          message: kill.message,
          ...(kill.reason === undefined ? {} : { reason: kill.reason }),
          ...(hooks === undefined ? {} : { hooks }),
          podIPs: status.ips,
        });
        changed = true;
      }
    }

    const handler = await this.options.runtimeHandlerFor(pod);
    const features = this.options.handlers.get(handler) ?? { recursiveReadOnlyMounts: false, userNamespaces: false };
    let sandboxId = actions.sandboxId;
    let podIPs = status.ips;
    const userNamespace = this.#userNamespace(pod);
    const generated = generatePodSandboxConfig(pod, actions.attempt, this.options.sandbox, userNamespace);
    if (actions.createSandbox) {
      const refusal = userNamespaceRefusal(pod.spec.hostUsers, handler, features.userNamespaces);
      let created: string | undefined;
      let error: string | undefined;
      if (refusal !== undefined) error = refusal;
      else {
        if (generated.dnsWarning !== undefined) recordEvent(pod, undefined, { type: 'Warning', reason: 'MissingClusterDNS', message: generated.dnsWarning });
        try {
          await mkdir(podLogsDirectory(this.options.sandbox.podLogsDir, pod), { recursive: true, mode: 0o755 });
          created = (await runtime.runPodSandbox({ config: generated.config, runtimeHandler: handler })).podSandboxId;
        } catch (failure) {
          error = failure instanceof CriError ? failure.message : errorMessage(failure);
        }
      }
      if (created === undefined) {
        recordEvent(pod, undefined, { type: 'Warning', reason: 'FailedCreatePodSandBox', message: `Failed to create pod sandbox: ${error}` });
        return { failed: true, changed };
      }
      changed = true;
      sandboxId = created;
      const sandboxStatus = (await runtime.podSandboxStatus({ podSandboxId: created })).status;
      const network = sandboxStatus?.network;
      podIPs = pod.spec.hostNetwork === true || network == null ? [] : [network.ip, ...network.additionalIps.map((ip) => ip.ip)].filter((ip) => ip !== '');
    }
    if (sandboxId === undefined) return { failed: false, changed };

    const context = { pod, status, sandboxId, sandboxConfig: generated.config, podIPs, handler, features, userNamespace };
    let failed = false;
    let backOffEndsInMs: number | undefined;
    const start = async (container: Container, type: 'init' | 'container'): Promise<boolean> => {
      const outcome = await this.#startContainer(context, container, type);
      this.options.reasons.update(pod.metadata.uid, container.name, outcome.failure);
      if (outcome.failure === undefined) {
        changed = true;
        return true;
      }
      failed = true;
      if (outcome.backOffEndsInMs !== undefined) backOffEndsInMs = Math.min(backOffEndsInMs ?? Infinity, outcome.backOffEndsInMs);
      return false;
    };
    if (resize !== undefined) {
      for (const update of resizes?.update ?? []) {
        try {
          const linux = containerResources(pod, update.container, this.options.container);
          await runtime.updateContainerResources({ containerId: update.status.id, linux, annotations: {} });
          resize.setActuated(pod.metadata.uid, update.container.name, update.container.resources);
          changed = true;
        } catch (error) {
          resize.resizeFailed(pod, error instanceof CriError ? error.details : errorMessage(error));
          failed = true;
        }
      }
    }
    if (actions.nextInitContainer !== undefined) {
      await start(actions.nextInitContainer, 'init');
    } else {
      for (const container of actions.containersToStart) {
        await start(container, isRestartableInitContainer(container) && !pod.spec.containers.includes(container) ? 'init' : 'container');
      }
    }
    return { failed, changed, ...(backOffEndsInMs === undefined ? {} : { backOffEndsInMs }) };
  }

  /** getStableKey: the pod's identity and the container's name and spec. */
  #backOffKey(pod: Pod, container: Container): string {
    return `${pod.metadata.name}_${pod.metadata.namespace}_${pod.metadata.uid}_${container.name}_${containerHash(container)}`;
  }

  forgetPod(pod: Pod): void {
    this.backOff.forgetPrefix(`${pod.metadata.name}_${pod.metadata.namespace}_${pod.metadata.uid}_`);
    this.#userNamespaceSlots.delete(pod.metadata.uid);
  }

  async #startContainer(
    context: {
      readonly pod: Pod;
      readonly status: RuntimePodStatus;
      readonly sandboxId: string;
      readonly sandboxConfig: MessageInit<cri.PodSandboxConfig>;
      readonly podIPs: readonly string[];
      readonly handler: string;
      readonly features: RuntimeHandlerFeatures;
      readonly userNamespace: MessageInit<cri.UserNamespace> | undefined;
    },
    container: Container,
    type: 'init' | 'container',
  ): Promise<{ readonly failure?: StartFailure; readonly backOffEndsInMs?: number }> {
    const { pod, status } = context;
    const { runtime, recordEvent } = this.options;
    const latest = findContainerStatus(status, container.name);
    // doBackOff: a container that exited (its newest exited instance: one killed for a failed probe
    // may still show as running here) waits out its back-off, counted from when it finished.
    const exited = status.containers.find((candidate) => candidate.name === container.name && candidate.state === 'exited');
    if (exited !== undefined) {
      const key = this.#backOffKey(pod, container);
      if (this.backOff.isInBackOffSince(key, exited.finishedAt)) {
        recordEvent(pod, container, { type: 'Warning', reason: 'BackOff', message: `Back-off restarting failed container ${container.name} in pod ${formatPod(pod)}` });
        const message = `back-off ${formatGoDuration(this.backOff.get(key))} restarting failed container=${container.name} pod=${formatPod(pod)}`;
        return { failure: { reason: 'CrashLoopBackOff', message }, backOffEndsInMs: this.backOff.remainingSince(key, exited.finishedAt) };
      }
      this.backOff.next(key, exited.finishedAt);
    }

    const image = await this.options.images.ensureImageExists(pod, container, context.sandboxConfig, context.handler);
    if ('reason' in image) return { failure: { reason: image.reason, message: image.message } };

    // A runtime that lost its state after a restart knows nothing of earlier instances: the
    // container's log files still count them (calcRestartCountByLogDir).
    const restartCount = latest === undefined ? await restartCountByLogDir(join(podLogsDirectory(this.options.sandbox.podLogsDir, pod), container.name)) : latest.restartCount + 1;
    const envSources = await fetchEnvSources(pod, container, this.options.objects ?? noPodObjects);
    const terminationMessageFile = await this.#terminationMessageFile(pod, container);
    let etcHostsFile: string | undefined;
    if (shouldMountHostsFile(pod, container, context.podIPs)) {
      try {
        const podDir = join(this.options.container.podsDir, pod.metadata.uid);
        await mkdir(podDir, { recursive: true, mode: 0o750 });
        etcHostsFile = await ensureHostsFile(podDir, pod, context.podIPs, podHostname(pod), podHostDomain(pod, this.options.sandbox.dns.clusterDomain));
      } catch (error) {
        const message = errorMessage(error);
        recordEvent(pod, container, { type: 'Warning', reason: 'Failed', message: `Error: ${message}` });
        return { failure: { reason: 'CreateContainerConfigError', message } };
      }
    }
    let config: MessageInit<cri.ContainerConfig>;
    try {
      const devices = await this.options.devices?.containerOptions(pod, container).catch((error: unknown) => {
        throw new DeviceAllocationError(errorMessage(error));
      });
      config = generateContainerConfig(
        {
          pod,
          container,
          type,
          restartCount,
          imageRef: image.imageRef,
          podIPs: context.podIPs,
          runtimeHandler: context.handler,
          runtimeSupportsRecursiveReadOnly: context.features.recursiveReadOnlyMounts,
          ...(context.userNamespace === undefined ? {} : { userNamespace: context.userNamespace }),
          envSources,
          ...(terminationMessageFile === undefined ? {} : { terminationMessageFile }),
          ...(etcHostsFile === undefined ? {} : { etcHostsFile }),
          ...(devices === undefined ? {} : { devices }),
        },
        this.options.container,
      );
    } catch (error) {
      if (!(error instanceof ContainerConfigError) && !(error instanceof SeccompProfileError) && !(error instanceof DeviceAllocationError)) throw error;
      recordEvent(pod, container, { type: 'Warning', reason: 'Failed', message: `Error: ${error.message}` });
      return { failure: { reason: 'CreateContainerConfigError', message: error.message } };
    }
    await mkdir(join(podLogsDirectory(this.options.sandbox.podLogsDir, pod), container.name), { recursive: true, mode: 0o755 });
    let containerId: string;
    try {
      containerId = (await runtime.createContainer({ podSandboxId: context.sandboxId, config, sandboxConfig: context.sandboxConfig })).containerId;
    } catch (error) {
      const message = error instanceof CriError ? error.details : errorMessage(error);
      recordEvent(pod, container, { type: 'Warning', reason: 'Failed', message: `Error: ${message}` });
      return { failure: { reason: 'CreateContainerError', message } };
    }
    recordEvent(pod, container, { type: 'Normal', reason: 'Created', message: `Created container: ${container.name}` });
    try {
      await runtime.startContainer({ containerId });
    } catch (error) {
      const message = error instanceof CriError ? error.details : errorMessage(error);
      recordEvent(pod, container, { type: 'Warning', reason: 'Failed', message: `Error: ${message}` });
      return { failure: { reason: 'RunContainerError', message } };
    }
    recordEvent(pod, container, { type: 'Normal', reason: 'Started', message: `Started container ${container.name}` });
    // Created with its allocated resources: those are what the runtime now has.
    this.options.resize?.setActuated(pod.metadata.uid, container.name, container.resources);
    const postStart = container.lifecycle?.postStart;
    if (postStart !== undefined && this.options.hooks !== undefined) {
      const podIPs = pod.spec.hostNetwork === true ? this.options.container.hostIPs : context.podIPs;
      const failure = await this.options.hooks.run(postStart, { pod, container, containerId, podIPs });
      if (failure !== undefined) {
        // The message is not put in the event: it may hold secrets.
        recordEvent(pod, container, { type: 'Warning', reason: 'FailedPostStartHook', message: 'PostStartHook failed' });
        const started = { id: containerId, name: container.name, state: 'running' as const };
        await killContainer(runtime, pod, started, recordEvent, { message: 'FailedPostStartHook', reason: 'FailedPostStartHook', hooks: this.options.hooks, podIPs });
        return { failure: { reason: 'PostStartHookError', message: failure } };
      }
    }
    return {};
  }

  /** makeMounts' termination message file: a new empty file (0666) per container instance under <root-dir>/pods/<uid>/containers/<name>. */
  async #terminationMessageFile(pod: Pod, container: Container): Promise<string | undefined> {
    if (container.terminationMessagePath === undefined || container.terminationMessagePath === '') return undefined;
    const dir = join(this.options.container.podsDir, pod.metadata.uid, 'containers', container.name);
    const file = join(dir, randomBytes(4).toString('hex'));
    try {
      await mkdir(dir, { recursive: true, mode: 0o750 });
      await writeFile(file, '', { mode: 0o666 });
      await chmod(file, 0o666);
      return file;
    } catch {
      // The kubelet carries on without the mount when the file cannot be made.
      return undefined;
    }
  }

  /** The pod's own user namespace (hostUsers: false): a range of 65536 ids of its own. */
  #userNamespace(pod: Pod): MessageInit<cri.UserNamespace> | undefined {
    if (pod.spec.hostUsers !== false) return undefined;
    let slot = this.#userNamespaceSlots.get(pod.metadata.uid);
    if (slot === undefined) this.#userNamespaceSlots.set(pod.metadata.uid, (slot = this.#nextSlot++));
    const mapping = [{ hostId: slot * idsPerPod, containerId: 0, length: idsPerPod }];
    return { mode: 'POD', uids: mapping, gids: mapping };
  }
}

/** One more than the highest <n>.log in the container's log directory; 0 without any. */
async function restartCountByLogDir(dir: string): Promise<number> {
  const names = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let count = 0;
  for (const entry of names) {
    const match = /^(\d+)\.log(\..*)?$/.exec(entry.name);
    if (entry.isDirectory() || match === null) continue;
    count = Math.max(count, Number(match[1]) + 1);
  }
  return count;
}
