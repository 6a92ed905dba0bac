// The simulated container runtime of `capstan runtime-sim`: the CRI runtime and image services as an
// in-memory model, one method per CRI call. Containers follow the lifecycles of its settings; many
// runtimes (simulated nodes) can share one timer wheel and one log writer in a process.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { capstanVersion, errorCode, errorMessage } from '@capstan/common';
import { effectiveSettings } from './builtin-lifecycles.ts';
import { writeCheckpointArchive } from './checkpoint-archive.ts';
import { type Clock, realClock, toNanos } from './clock.ts';
import { execStreaming, execSync, type ExecStreams } from './container-exec.ts';
import { imageConfig, isKnownImage, processArgv } from './image-defaults.ts';
import { findProgram, isShell } from './shell-programs.ts';
import { hostCommand, type HostProcessSettings, runsAsHostProcess } from './host-process.ts';
import { ImageStore } from './image-store.ts';
import { defaultPodCidr, IpAllocator } from './ip-allocator.ts';
import type { LogStream, RuntimeSimSettings } from './lifecycle.ts';
import { LifecycleSelector } from './lifecycle-selection.ts';
import { LogWriter } from './log-writer.ts';
import { containerNotFound, RuntimeError, sandboxNotFound } from './runtime-error.ts';
import type {
  CgroupDriver,
  Container,
  ContainerConfig,
  ContainerEvent,
  ContainerEventType,
  ContainerFilter,
  ContainerResources,
  ContainerStatusResponse,
  ExecSyncResponse,
  FilesystemUsage,
  Image,
  ImageSpec,
  PodSandbox,
  PodSandboxConfig,
  PodSandboxFilter,
  PodSandboxStatusResponse,
  RuntimeConfigResponse,
  StatusResponse,
  StringMap,
  VersionResponse,
} from './runtime-types.ts';
import { type ContainerHost, type HostProcessSpec, SimContainer } from './simulated-container.ts';
import { sandboxName, SimSandbox } from './simulated-sandbox.ts';
import { LabelIndex } from './label-index.ts';
import { TimerWheel } from './timer-wheel.ts';

export const runtimeName = 'capstan-runtime-sim';

export interface SimulatedRuntimeOptions {
  readonly settings?: RuntimeSimSettings;
  /** Shared by the simulated nodes of a process; a runtime without one makes its own on `clock`. */
  readonly wheel?: TimerWheel;
  readonly clock?: Clock;
  readonly logs?: LogWriter;
  /** The runtime handlers (RuntimeClass handlers) it accepts; '' is the default handler. */
  readonly runtimeHandlers?: readonly string[];
  readonly cgroupDriver?: CgroupDriver;
  /** Where its images "live", as ImageFsInfo reports it. */
  readonly imageFsMountpoint?: string;
  /** What the runtime handlers claim to support (the kubelet admits pods by them). */
  readonly handlerFeatures?: { readonly recursiveReadOnlyMounts: boolean; readonly userNamespaces: boolean };
  readonly podCidr?: string;
  /**
   * As a CNI plugin that takes its range from the Node (flannel, kindnet): NetworkReady false and no
   * pod-network sandbox until UpdateRuntimeConfig gives a pod CIDR. Off: podCidr (10.88.0.0/16) from the start.
   */
  readonly waitForPodCidr?: boolean;
  /** Containers of these images in hostNetwork pods run as real processes of this host (host-process.ts); none when unset. */
  readonly hostProcesses?: HostProcessSettings;
}

type EventListener = (event: ContainerEvent) => void;

/** containerd's words while its CNI plugin has no configuration. */
const cniNotInitialized = 'Network plugin returns error: cni plugin not initialized';

export class SimulatedRuntime implements ContainerHost {
  readonly wheel: TimerWheel;
  readonly logs: LogWriter;
  readonly settings: RuntimeSimSettings;
  readonly #ownsWheel: boolean;
  readonly #selector: LifecycleSelector;
  readonly #images: ImageStore;
  readonly #sandboxes = new Map<string, SimSandbox>();
  readonly #containers = new Map<string, SimContainer>();
  readonly #sandboxesByLabel = new LabelIndex<SimSandbox>();
  readonly #containersByLabel = new LabelIndex<SimContainer>();
  /** Sandbox and container names to the ID holding them, as containerd reserves names. */
  readonly #names = new Map<string, string>();
  readonly #listeners = new Set<EventListener>();
  readonly #runtimeHandlers: readonly string[];
  readonly #cgroupDriver: CgroupDriver;
  readonly #imageFsMountpoint: string;
  readonly #handlerFeatures: { readonly recursiveReadOnlyMounts: boolean; readonly userNamespaces: boolean };
  /** One per pod CIDR (one per family), the primary first. */
  #ips: readonly IpAllocator[];
  #podCidr: string;
  #networkReady: boolean;
  readonly #hostProcesses: HostProcessSettings | undefined;

  constructor(options: SimulatedRuntimeOptions = {}) {
    this.settings = options.settings ?? effectiveSettings();
    this.#ownsWheel = options.wheel === undefined;
    this.wheel = options.wheel ?? new TimerWheel(options.clock ?? realClock);
    this.logs = options.logs ?? new LogWriter();
    this.#selector = new LifecycleSelector(this.settings);
    this.#images = new ImageStore(this.settings.images, this.wheel, this.settings.preloadedImages);
    this.#runtimeHandlers = options.runtimeHandlers ?? [''];
    this.#cgroupDriver = options.cgroupDriver ?? 'CGROUPFS';
    this.#imageFsMountpoint = options.imageFsMountpoint ?? '/var/lib/capstan-runtime-sim/images';
    this.#handlerFeatures = options.handlerFeatures ?? { recursiveReadOnlyMounts: true, userNamespaces: true };
    this.#podCidr = options.podCidr ?? defaultPodCidr;
    this.#ips = [new IpAllocator(this.#podCidr)];
    this.#networkReady = options.waitForPodCidr !== true;
    this.#hostProcesses = options.hostProcesses;
  }

  get #now(): number {
    return this.wheel.clock.now();
  }

  // Runtime information -------------------------------------------------------------------------

  version(): VersionResponse {
    return { version: '0.1.0', runtimeName, runtimeVersion: capstanVersion, runtimeApiVersion: 'v1' };
  }

  status(verbose = false): StatusResponse {
    const ready = (type: string) => ({ type, status: true, reason: '', message: '' });
    return {
      status: {
        conditions: [
          ready('RuntimeReady'),
          this.#networkReady ? ready('NetworkReady') : { type: 'NetworkReady', status: false, reason: 'NetworkPluginNotReady', message: cniNotInitialized },
        ],
      },
      info: verbose ? { config: JSON.stringify({ lifecycles: this.settings.lifecycles.map((l) => l.name), features: this.settings.features }) } : {},
      runtimeHandlers: this.#runtimeHandlers.map((name) => ({ name, features: this.#handlerFeatures })),
      features: { supplementalGroupsPolicy: true },
    };
  }

  runtimeConfig(): RuntimeConfigResponse {
    return { linux: { cgroupDriver: this.#cgroupDriver } };
  }

  /** The kubelet passes the node's pod CIDRs (comma-separated, one per family); new sandboxes take an IP of each. */
  updateRuntimeConfig(config: { readonly networkConfig?: { readonly podCidr?: string } }): void {
    const cidrs = (config.networkConfig?.podCidr ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    if (cidrs.length === 0) return;
    if (cidrs.join(',') === this.#podCidr) {
      this.#networkReady = true;
      return;
    }
    const allocators: IpAllocator[] = [];
    for (const cidr of cidrs) {
      // A CIDR sent again (a restarted kubelet sends it again) keeps the addresses handed out.
      const allocator = this.#ips.find((current) => current.cidr === cidr) ?? new IpAllocator(cidr);
      if (!allocators.some((other) => other.family === allocator.family)) allocators.push(allocator);
    }
    this.#ips = allocators;
    this.#podCidr = cidrs.join(',');
    this.#networkReady = true;
  }

  // Pod sandboxes -------------------------------------------------------------------------------

  async runPodSandbox(config: PodSandboxConfig, runtimeHandler = ''): Promise<string> {
    if (!config.metadata?.name || !config.metadata.namespace || !config.metadata.uid)
      throw new RuntimeError('InvalidArgument', 'sandbox config must include metadata with name, namespace and uid');
    if (!this.#runtimeHandlers.includes(runtimeHandler)) throw new RuntimeError('Unknown', `failed to get sandbox runtime: no runtime for "${runtimeHandler}" is configured`);
    const id = newId();
    const hostNetwork = config.linux?.securityContext?.namespaceOptions?.network === 'NODE';
    if (!hostNetwork && !this.#networkReady) throw new RuntimeError('Unknown', `failed to setup network for sandbox "${id}": cni plugin not initialized`);
    this.#reserve(sandboxName(config.metadata), id, 'sandbox');
    if (this.settings.sandbox.startDelayMs > 0) await this.wheel.sleep(this.settings.sandbox.startDelayMs);
    const sandbox = new SimSandbox(id, config, runtimeHandler, this.#now, hostNetwork ? [] : this.#allocateIps());
    this.#sandboxes.set(id, sandbox);
    this.#sandboxesByLabel.add(config.labels, sandbox);
    return id;
  }

  /** An IP of each pod CIDR; none taken when one of them is exhausted. */
  #allocateIps(): string[] {
    const taken: string[] = [];
    try {
      for (const allocator of this.#ips) taken.push(allocator.allocate());
    } catch (error) {
      taken.forEach((ip, index) => this.#ips[index]?.release(ip));
      throw error;
    }
    return taken;
  }

  /** Kills whatever still runs in the sandbox and releases its IPs; stopping twice is no error. */
  async stopPodSandbox(id: string): Promise<void> {
    const sandbox = this.#sandbox(id);
    for (const container of sandbox.containers.values()) container.kill();
    if (sandbox.state === 'SANDBOX_READY') for (const ip of sandbox.ips) for (const allocator of this.#ips) allocator.release(ip);
    sandbox.state = 'SANDBOX_NOTREADY';
  }

  /** Removing a sandbox that is gone is no error. */
  async removePodSandbox(id: string): Promise<void> {
    const sandbox = this.#sandboxes.get(id);
    if (sandbox === undefined) return;
    await this.stopPodSandbox(id);
    for (const container of [...sandbox.containers.values()]) this.#removeContainer(container);
    this.#sandboxes.delete(id);
    this.#sandboxesByLabel.remove(sandbox.config.labels, sandbox);
    this.#names.delete(sandbox.reservedName);
  }

  podSandboxStatus(id: string, verbose = false): PodSandboxStatusResponse {
    const sandbox = this.#sandbox(id);
    return {
      status: sandbox.status(),
      info: verbose ? { info: JSON.stringify({ config: sandbox.config, runtimeHandler: sandbox.runtimeHandler, simulated: true }) } : {},
      containersStatuses: [...sandbox.containers.values()].map((c) => c.status()),
      timestamp: toNanos(this.#now),
    };
  }

  listPodSandbox(filter?: PodSandboxFilter): PodSandbox[] {
    const items: PodSandbox[] = [];
    for (const sandbox of this.#sandboxesByLabel.candidates(filter?.labelSelector, this.#sandboxes.values())) {
      if (filter?.id && !sandbox.id.startsWith(filter.id)) continue;
      if (filter?.state !== undefined && filter.state !== null && sandbox.state !== filter.state.state) continue;
      if (!matchesLabels(sandbox.config.labels, filter?.labelSelector)) continue;
      items.push(sandbox.summary());
    }
    return items;
  }

  // Containers ----------------------------------------------------------------------------------

  createContainer(podSandboxId: string, config: ContainerConfig, _sandboxConfig?: PodSandboxConfig): string {
    const sandbox = this.#sandbox(podSandboxId);
    if (!config.metadata?.name) throw new RuntimeError('InvalidArgument', 'container config must include metadata');
    if (sandbox.state !== 'SANDBOX_READY') throw new RuntimeError('Unknown', `sandbox container "${sandbox.id}" is not running`);
    const reference = config.image?.image ?? '';
    const image = this.#images.resolve(reference);
    if (image === undefined) throw new RuntimeError('NotFound', `failed to resolve image "${reference}": not found`);
    checkSeccompProfile(config);
    const names = [...image.repoTags, ...image.repoDigests, ...(config.image.userSpecifiedImage ? [config.image.userSpecifiedImage] : [])];
    const lifecycle = this.#selector.select(sandbox.config.annotations, config.metadata.name, names);
    if (lifecycle.createError !== undefined) throw new RuntimeError('Unknown', lifecycle.createError);
    // A lifecycle chosen for the container (an annotation, a file's image match) says what it does
    // unless the pod gives a command or args; otherwise its process runs what the pod and image say.
    // A program of an image not known here is that image's own: it follows the lifecycle.
    let argv = processArgv(config.command ?? [], config.args ?? [], imageConfig(names));
    if (argv !== undefined && !isKnownImage(names) && !isShell(argv[0] as string) && findProgram(argv[0] as string) === undefined) argv = undefined;
    const givesCommand = (config.command?.length ?? 0) > 0 || (config.args?.length ?? 0) > 0;
    const hostProcess = this.#hostProcessOf(sandbox, config, names);
    const logFile = sandbox.config.logDirectory && config.logPath ? join(sandbox.config.logDirectory, config.logPath) : '';
    const container = new SimContainer(this, {
      id: newId(),
      sandbox,
      config,
      lifecycle,
      imageId: image.id,
      imageRef: image.repoDigests[0] ?? image.id,
      logFile,
      createdAt: this.#now,
      argv: givesCommand || this.#selector.isFallback(lifecycle) ? argv : undefined,
      hostProcess,
    });
    this.#reserve(container.reservedName, container.id, 'container');
    sandbox.containers.set(container.id, container);
    this.#containers.set(container.id, container);
    this.#containersByLabel.add(config.labels, container);
    this.containerChanged(container, 'CONTAINER_CREATED_EVENT');
    return container.id;
  }

  /** A hostNetwork pod's container of a host-process image: what it runs on this host (undefined: a program the image lacks). */
  #hostProcessOf(sandbox: SimSandbox, config: ContainerConfig, imageNames: readonly string[]): HostProcessSpec | undefined {
    const settings = this.#hostProcesses;
    if (settings === undefined || !runsAsHostProcess(settings, imageNames)) return undefined;
    if (sandbox.config.linux?.securityContext?.namespaceOptions?.network !== 'NODE') return undefined;
    // The image's entrypoint is `capstan`: the pod's command replaces it, its args follow it.
    const argv = (config.command?.length ?? 0) > 0 ? [...(config.command ?? []), ...(config.args ?? [])] : ['capstan', ...(config.args ?? [])];
    return { program: argv[0] as string, command: hostCommand(settings, argv), env: settings.env };
  }

  startContainer(id: string): Promise<void> {
    return this.#container(id).start();
  }

  /** SIGTERM, then SIGKILL after `timeoutSeconds` (0: at once); resolves once the container exited. */
  stopContainer(id: string, timeoutSeconds: number): Promise<void> {
    return this.#container(id).stop(timeoutSeconds);
  }

  /** A running container is killed first; removing a container that is gone is no error. */
  async removeContainer(id: string): Promise<void> {
    const container = this.#containers.get(id);
    if (container !== undefined) this.#removeContainer(container);
  }

  #removeContainer(container: SimContainer): void {
    container.remove();
    container.sandbox.containers.delete(container.id);
    this.#containers.delete(container.id);
    this.#containersByLabel.remove(container.config.labels, container);
    this.#names.delete(container.reservedName);
    this.containerChanged(container, 'CONTAINER_DELETED_EVENT');
  }

  listContainers(filter?: ContainerFilter): Container[] {
    const source = filter?.podSandboxId
      ? this.#sandboxesById(filter.podSandboxId).flatMap((s) => [...s.containers.values()])
      : this.#containersByLabel.candidates(filter?.labelSelector, this.#containers.values());
    const items: Container[] = [];
    for (const container of source) {
      if (filter?.id && !container.id.startsWith(filter.id)) continue;
      if (filter?.state !== undefined && filter.state !== null && container.state !== filter.state.state) continue;
      if (!matchesLabels(container.config.labels, filter?.labelSelector)) continue;
      items.push(container.summary());
    }
    return items;
  }

  containerStatus(id: string, verbose = false): ContainerStatusResponse {
    const container = this.#container(id);
    const info: StringMap = verbose
      ? { info: JSON.stringify({ sandboxID: container.sandbox.id, lifecycle: container.lifecycle.name, config: container.config, simulated: true }) }
      : {};
    return { status: container.status(), info };
  }

  /** The new resources show in the container's cgroup files (an in-place resize). */
  updateContainerResources(id: string, resources?: ContainerResources | null): void {
    const container = this.#container(id);
    if (resources !== undefined && resources !== null) container.resources = resources;
  }

  /** Log files are appended by path, so a rotated file is picked up without reopening. */
  reopenContainerLog(id: string): void {
    const container = this.#container(id);
    if (container.state !== 'CONTAINER_RUNNING') throw new RuntimeError('Unknown', `container ${id} is not running`);
  }

  async execSync(id: string, cmd: readonly string[], timeoutSeconds = 0): Promise<ExecSyncResponse> {
    const result = await execSync(this.#container(id), cmd, timeoutSeconds, this.wheel);
    return { stdout: Buffer.from(result.stdout), stderr: Buffer.from(result.stderr), exitCode: result.exitCode };
  }

  /** An exec session with streams (kubectl exec); answers the exit code. */
  exec(id: string, cmd: readonly string[], streams: ExecStreams): Promise<number> {
    return execStreaming(this.#container(id), cmd, streams, this.wheel);
  }

  /** Follows a running container's output (CRI Attach): see SimContainer.attach. */
  attach(id: string, listener: (stream: LogStream, text: string) => void): { readonly exited: Promise<void>; detach(): void } {
    return this.#container(id).attach(listener);
  }

  async checkpointContainer(id: string, location: string, timeoutSeconds = 0): Promise<void> {
    if (!this.settings.features.checkpoint) throw new RuntimeError('Unimplemented', 'method CheckpointContainer not implemented');
    const container = this.#container(id);
    if (container.state !== 'CONTAINER_RUNNING') throw new RuntimeError('Unknown', `container ${id} is not running`);
    if (!isAbsolute(location)) throw new RuntimeError('InvalidArgument', `checkpoint location "${location}" must be an absolute path`);
    const { delayMs, error } = container.lifecycle.checkpoint;
    if (timeoutSeconds > 0 && delayMs > timeoutSeconds * 1000) {
      await this.wheel.sleep(timeoutSeconds * 1000);
      throw new RuntimeError('DeadlineExceeded', `checkpointing container ${id} did not complete within ${timeoutSeconds}s: context deadline exceeded`);
    }
    if (delayMs > 0) await this.wheel.sleep(delayMs);
    if (error !== undefined) throw new RuntimeError('Unknown', `failed to checkpoint container ${id}: ${error}`);
    try {
      await writeCheckpointArchive(location, checkpointContents(container, this.#images.resolve(container.imageId)?.repoTags[0], this.#now));
    } catch (cause) {
      throw new RuntimeError('Unknown', `failed to write checkpoint archive "${location}": ${errorMessage(cause)}`);
    }
  }

  /** GetContainerEvents: the listener hears every container change from now on. */
  subscribeContainerEvents(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  containerChanged(container: SimContainer, type: ContainerEventType): void {
    if (this.#listeners.size === 0) return;
    const sandbox = this.#sandboxes.get(container.sandbox.id);
    const event: ContainerEvent = {
      containerId: container.id,
      containerEventType: type,
      createdAt: toNanos(this.#now),
      ...(sandbox !== undefined && { podSandboxStatus: sandbox.status() }),
      containersStatuses: sandbox === undefined ? [container.status()] : [...sandbox.containers.values()].map((c) => c.status()),
    };
    for (const listener of this.#listeners) listener(event);
  }

  // Images --------------------------------------------------------------------------------------

  pullImage(image: ImageSpec): Promise<string> {
    return this.#images.pull(image);
  }

  imageStatus(image: ImageSpec, verbose = false): { image?: Image; info: StringMap } {
    const found = this.#images.status(image);
    if (found === undefined) return { info: {} };
    return { image: found, info: verbose ? { info: JSON.stringify({ id: found.id, simulated: true }) } : {} };
  }

  listImages(filter?: { readonly image?: ImageSpec }): Image[] {
    return this.#images.list(filter?.image);
  }

  removeImage(image: ImageSpec): void {
    this.#images.remove(image);
  }

  imageFsInfo(): { imageFilesystems: FilesystemUsage[]; containerFilesystems: FilesystemUsage[] } {
    const usage = this.#images.usage();
    const filesystem = (bytes: number, inodes: number): FilesystemUsage => ({
      timestamp: toNanos(this.#now),
      fsId: { mountpoint: this.#imageFsMountpoint },
      usedBytes: { value: bytes },
      inodesUsed: { value: inodes },
    });
    return { imageFilesystems: [filesystem(usage.bytes, usage.count)], containerFilesystems: [filesystem(0, this.#containers.size)] };
  }

  // The process -----------------------------------------------------------------------------------

  get containerCount(): number {
    return this.#containers.size;
  }

  /** Resolves once every log line printed so far is in its file. */
  flushLogs(): Promise<void> {
    return this.logs.flushed();
  }

  /** Stops the containers that are host processes as StopContainer does (SIGTERM, SIGKILL after the timeout); resolves once they exited. */
  async stopHostProcesses(timeoutSeconds: number): Promise<void> {
    await Promise.all([...this.#containers.values()].filter((container) => container.hostPid !== undefined).map((container) => container.stop(timeoutSeconds)));
  }

  /** Kills every running container (their servers close) and stops the runtime's own timer wheel (a shared one is its owner's to close). */
  close(): void {
    for (const container of this.#containers.values()) container.kill();
    if (this.#ownsWheel) this.wheel.close();
  }

  /** The sandbox of a full ID, or those whose ID starts with a shorter one (as crictl's prefixes). */
  #sandboxesById(id: string): SimSandbox[] {
    const exact = this.#sandboxes.get(id);
    if (exact !== undefined) return [exact];
    return [...this.#sandboxes.values()].filter((s) => s.id.startsWith(id));
  }

  #sandbox(id: string): SimSandbox {
    const sandbox = this.#sandboxes.get(id);
    if (sandbox === undefined) throw sandboxNotFound(id);
    return sandbox;
  }

  #container(id: string): SimContainer {
    const container = this.#containers.get(id);
    if (container === undefined) throw containerNotFound(id);
    return container;
  }

  #reserve(name: string, id: string, kind: 'sandbox' | 'container'): void {
    const holder = this.#names.get(name);
    if (holder !== undefined) throw new RuntimeError('AlreadyExists', `failed to reserve ${kind} name "${name}": name "${name}" is reserved for "${holder}"`);
    this.#names.set(name, id);
  }
}

function newId(): string {
  return randomBytes(32).toString('hex');
}

function matchesLabels(labels: StringMap | undefined, selector: StringMap | undefined): boolean {
  if (selector === undefined || selector === null) return true;
  for (const [key, value] of Object.entries(selector)) if (labels?.[key] !== value) return false;
  return true;
}

/** The runtime loads a Localhost seccomp profile when it creates the container: a missing one fails it. */
function checkSeccompProfile(config: ContainerConfig): void {
  const profile = config.linux?.securityContext?.seccomp;
  if (profile?.profileType !== 'Localhost') return;
  const path = profile.localhostRef ?? '';
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = errorCode(error) === 'ENOENT' ? 'no such file or directory' : errorMessage(error);
    throw new RuntimeError('Unknown', `failed to generate seccomp spec opts: cannot load seccomp profile "${path}": open ${path}: ${reason}`);
  }
  try {
    JSON.parse(text);
  } catch (error) {
    throw new RuntimeError('Unknown', `failed to generate seccomp spec opts: decoding seccomp profile failed: ${errorMessage(error)}`);
  }
}

function checkpointContents(container: SimContainer, imageName: string | undefined, now: number): Parameters<typeof writeCheckpointArchive>[1] {
  const config = container.config;
  const pod = container.sandbox.config.metadata;
  const changedFiles = new Map<string, string>();
  const deletedFiles: string[] = [];
  for (const [path, content] of container.writableLayer ?? []) {
    if (content === null) deletedFiles.push(path);
    else changedFiles.set(path, content);
  }
  return {
    time: new Date(now),
    configDump: {
      id: container.id,
      name: `k8s_${container.reservedName}`,
      rootfsImage: container.imageId,
      rootfsImageRef: container.imageRef,
      rootfsImageName: config.image.userSpecifiedImage || imageName || container.imageId,
      runtime: runtimeName,
      createdTime: new Date(container.createdAt).toISOString(),
      checkpointedTime: new Date(now).toISOString(),
    },
    specDump: {
      ociVersion: '1.2.0',
      process: {
        terminal: config.tty ?? false,
        user: { uid: 0, gid: 0 },
        args: [...(config.command ?? []), ...(config.args ?? [])],
        env: (config.envs ?? []).map(({ key, value }) => `${key}=${value}`),
        cwd: config.workingDir || '/',
      },
      root: { path: 'rootfs' },
      hostname: container.sandbox.hostname,
      mounts: (config.mounts ?? []).map((m) => ({ destination: m.containerPath, type: 'bind', source: m.hostPath ?? '', options: ['rbind', m.readonly ? 'ro' : 'rw'] })),
      annotations: {
        ...config.labels,
        ...config.annotations,
        'io.kubernetes.pod.name': pod.name,
        'io.kubernetes.pod.namespace': pod.namespace,
        'io.kubernetes.pod.uid': pod.uid,
        'io.kubernetes.container.name': config.metadata.name,
        'io.container.manager': runtimeName,
        'runtime-sim.capstan.dev/sandbox-id': container.sandbox.id,
      },
      linux: {},
    },
    changedFiles,
    deletedFiles,
    simulatedProcess: {
      note: 'runtime-sim simulates its processes: this archive holds no CRIU images and cannot be restored',
      lifecycle: container.lifecycle.name,
      runningForMs: container.runningFor(now),
      linesPrinted: container.linesPrinted,
      sigtermSent: container.sigtermSent,
    },
  };
}
