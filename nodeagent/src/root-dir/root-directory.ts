// The agent's root directory as the kubelet keeps it: the directories of setupDataDirs, the
// resource managers' checkpoints (cpu_manager_state, memory_manager_state, allocated_pods_state,
// actuated_pods_state, device-plugins/kubelet_internal_checkpoint), the image pull records, and
// the sockets other programs of the node use: device plugin registration
// (device-plugins/kubelet.sock), pod resources (pod-resources/kubelet.sock) and the plugin watcher
// of plugins_registry/. open() runs before the pod workers start (as the container manager does),
// start() once they run.

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { CriImageClient } from '../cri/index.ts';
import type { PodDirectory } from '../pods/index.ts';
import type { GrpcSocketServer } from './api/serve-grpc.ts';
import { openCpuManagerState } from './cpu-manager-state.ts';
import { DeviceManager, type ExtendedResources } from './device-manager.ts';
import { GracefulShutdownStateFile } from './graceful-shutdown-state.ts';
import { ImagePullRecords, recordingPulls } from './image-pull-records.ts';
import { openMemoryManagerState } from './memory-manager-state.ts';
import { actuatedPodsStateName, allocatedPodsStateName, PodResourceStateFile } from './pod-allocation-state.ts';
import { podAllocations } from './pod-allocations.ts';
import { startPodResourcesServer } from './pod-resources-server.ts';
import { pluginHandlers } from './plugin-handlers.ts';
import { PluginWatcher } from './plugin-watcher.ts';
import { rootDirectoryPaths, setupDataDirs, type RootDirectoryPaths } from './root-directory-layout.ts';

type Log = (message: string, error?: unknown) => void;

export interface RootDirectoryOptions {
  readonly rootDir: string;
  readonly featureGates: { readonly ContainerCheckpoint?: boolean; readonly KubeletEnsureSecretPulledImages?: boolean };
  /** cpuManagerPolicy: "none" (the default) or "static". */
  readonly cpuManagerPolicy?: string;
  /** memoryManagerPolicy: "None" (the default); the agent keeps no NUMA state. */
  readonly memoryManagerPolicy?: string;
  /** The runtime's images, to turn pull intents left by a previous run into pulled records. */
  readonly images?: CriImageClient;
  readonly log?: Log;
  /** How often the pod allocation checkpoints are brought up to date; 1 s. */
  readonly syncPeriodMs?: number;
  /** How long a departed device plugin's resource is kept; 5 minutes. */
  readonly devicePluginGracePeriodMs?: number;
  /** How often plugins_registry is scanned; 1 s. */
  readonly pluginScanPeriodMs?: number;
}

/** The online CPUs as a cpuset list ("0-3"), the static policy's shared pool before any assignment. */
function onlineCpus(): string {
  try {
    return readFileSync('/sys/devices/system/cpu/online', 'utf8').trim();
  } catch {
    const count = availableParallelism();
    return count === 1 ? '0' : `0-${count - 1}`;
  }
}

export class RootDirectory {
  readonly paths: RootDirectoryPaths;
  readonly devices: DeviceManager;
  readonly gracefulShutdown: GracefulShutdownStateFile;
  readonly pullRecords: ImagePullRecords | undefined;
  readonly #allocated: PodResourceStateFile;
  readonly #actuated: PodResourceStateFile;
  readonly #options: RootDirectoryOptions;
  readonly #log: Log;
  #podResources: GrpcSocketServer | undefined;
  #plugins: PluginWatcher | undefined;
  #syncTimer: NodeJS.Timeout | undefined;
  #syncing: Promise<void> = Promise.resolve();

  private constructor(
    options: RootDirectoryOptions,
    parts: { paths: RootDirectoryPaths; devices: DeviceManager; pullRecords: ImagePullRecords | undefined; allocated: PodResourceStateFile; actuated: PodResourceStateFile },
  ) {
    this.#options = options;
    this.#log = options.log ?? (() => {});
    this.paths = parts.paths;
    this.devices = parts.devices;
    this.pullRecords = parts.pullRecords;
    this.#allocated = parts.allocated;
    this.#actuated = parts.actuated;
    this.gracefulShutdown = new GracefulShutdownStateFile(options.rootDir);
  }

  /** Creates the directories, restores (or creates) the checkpoints, starts device plugin registration. Throws where the kubelet refuses to start. */
  static async open(options: RootDirectoryOptions): Promise<RootDirectory> {
    const paths = rootDirectoryPaths(options.rootDir);
    await setupDataDirs(paths, { containerCheckpoint: options.featureGates.ContainerCheckpoint !== false });
    const cpuPolicy = options.cpuManagerPolicy ?? 'none';
    await openCpuManagerState(options.rootDir, { policyName: cpuPolicy, defaultCpuSet: cpuPolicy === 'static' ? onlineCpus() : '', entries: new Map() });
    await openMemoryManagerState(options.rootDir, options.memoryManagerPolicy ?? 'None');
    const allocated = await PodResourceStateFile.open(options.rootDir, allocatedPodsStateName);
    const actuated = await PodResourceStateFile.open(options.rootDir, actuatedPodsStateName);
    const pullRecords = options.featureGates.KubeletEnsureSecretPulledImages === false ? undefined : await ImagePullRecords.open(options.rootDir, options.images);
    const devices = new DeviceManager({
      socketDir: paths.devicePlugins,
      ...(options.log === undefined ? {} : { log: options.log }),
      ...(options.devicePluginGracePeriodMs === undefined ? {} : { stopGracePeriodMs: options.devicePluginGracePeriodMs }),
    });
    await devices.start();
    return new RootDirectory(options, { paths, devices, pullRecords, allocated, actuated });
  }

  /** The image client for the pod workers: pulls are recorded while KubeletEnsureSecretPulledImages is on. */
  recordingPulls(images: CriImageClient): CriImageClient {
    return this.pullRecords === undefined ? images : recordingPulls(images, this.pullRecords, this.#log);
  }

  /** Serves pod resources, watches plugins_registry, and keeps the pod allocation checkpoints. */
  async start(pods: PodDirectory): Promise<void> {
    this.#podResources = await startPodResourcesServer({ socketDir: this.paths.podResources, pods, devices: this.devices });
    this.#plugins = new PluginWatcher({
      dir: this.paths.pluginsRegistry,
      handlers: pluginHandlers(this.devices),
      log: this.#log,
      ...(this.#options.pluginScanPeriodMs === undefined ? {} : { periodMs: this.#options.pluginScanPeriodMs }),
    });
    this.#plugins.start();
    const tick = (): void => {
      this.#syncing = this.syncAllocations(pods).finally(() => {
        if (this.#syncTimer !== undefined) this.#syncTimer = setTimeout(tick, this.#options.syncPeriodMs ?? 1000);
      });
    };
    this.#syncTimer = setTimeout(tick, 0);
  }

  /** The plugins registered through plugins_registry. */
  get plugins(): PluginWatcher | undefined {
    return this.#plugins;
  }

  /** Brings allocated_pods_state and actuated_pods_state up to date with the pods. */
  async syncAllocations(pods: PodDirectory): Promise<void> {
    const { allocated, actuated } = podAllocations(pods);
    try {
      await this.#allocated.update(allocated);
      await this.#actuated.update(actuated);
    } catch (error) {
      this.#log('Failed to save pod resource information checkpoint', error);
    }
  }

  /** The device plugins' resources, for the Node's capacity and allocatable. */
  extendedResources(): ExtendedResources {
    return this.devices.extendedResources();
  }

  async close(): Promise<void> {
    const timer = this.#syncTimer;
    this.#syncTimer = undefined;
    clearTimeout(timer);
    await this.#syncing;
    await this.#plugins?.stop();
    await this.#podResources?.close();
    await this.devices.close();
  }
}
