// The simulated runtime as a CRI v1 implementation for serveCri: decoded requests in, the model's
// answers out (nanosecond timestamps as the numbers the CRI binding carries), RuntimeErrors as
// gRPC statuses with the same codes. ListContainerStats answers resource-stats.ts's; methods the
// simulation has nothing to say about (one container's stats, sandbox stats, metrics) are left out
// and answer UNIMPLEMENTED.

import { CriError, type CriImplementation, type MessageInit } from '../cri/index.ts';
import type * as cri from '../cri/index.ts';
import { toNanos } from './clock.ts';
import type { ExecStreamingServer } from './exec-streaming-server.ts';
import { containerStats } from './resource-stats.ts';
import { grpcStatusCodes, RuntimeError } from './runtime-error.ts';
import type * as sim from './runtime-types.ts';
import type { SimulatedRuntime } from './simulated-runtime.ts';

export function criImplementation(runtime: SimulatedRuntime, streaming?: ExecStreamingServer): CriImplementation {
  return translateErrors({
    version: () => runtime.version(),
    status: ({ verbose }) => runtime.status(verbose),
    runtimeConfig: () => runtime.runtimeConfig(),
    updateRuntimeConfig: ({ runtimeConfig }) => {
      runtime.updateRuntimeConfig({ networkConfig: { podCidr: runtimeConfig?.networkConfig?.podCidr ?? '' } });
      return {};
    },

    runPodSandbox: async ({ config, runtimeHandler }) => ({ podSandboxId: await runtime.runPodSandbox(sandboxConfig(config), runtimeHandler) }),
    stopPodSandbox: async ({ podSandboxId }) => (await runtime.stopPodSandbox(podSandboxId), {}),
    removePodSandbox: async ({ podSandboxId }) => (await runtime.removePodSandbox(podSandboxId), {}),
    podSandboxStatus: ({ podSandboxId, verbose }) => {
      const answer = runtime.podSandboxStatus(podSandboxId, verbose);
      return { status: sandboxStatus(answer.status), info: answer.info, containersStatuses: answer.containersStatuses.map(containerStatus), timestamp: Number(answer.timestamp) };
    },
    listPodSandbox: ({ filter }) => ({ items: runtime.listPodSandbox(filter ?? undefined).map((s) => ({ ...s, createdAt: Number(s.createdAt) })) }),

    createContainer: ({ podSandboxId, config }) => ({ containerId: runtime.createContainer(podSandboxId, containerConfig(config)) }),
    startContainer: async ({ containerId }) => (await runtime.startContainer(containerId), {}),
    stopContainer: async ({ containerId, timeout }) => (await runtime.stopContainer(containerId, timeout), {}),
    removeContainer: async ({ containerId }) => (await runtime.removeContainer(containerId), {}),
    listContainers: ({ filter }) => ({ containers: runtime.listContainers(filter ?? undefined).map((c) => ({ ...c, createdAt: Number(c.createdAt) })) }),
    containerStatus: ({ containerId, verbose }) => {
      const answer = runtime.containerStatus(containerId, verbose);
      return { status: containerStatus(answer.status), info: answer.info };
    },
    updateContainerResources: ({ containerId, linux }) => (runtime.updateContainerResources(containerId, linux), {}),
    reopenContainerLog: ({ containerId }) => (runtime.reopenContainerLog(containerId), {}),
    execSync: ({ containerId, cmd, timeout }) => runtime.execSync(containerId, cmd, timeout),
    ...(streaming !== undefined && {
      exec: (request: cri.ExecRequest) => ({ url: streaming.prepareExec(request) }),
      attach: (request: cri.AttachRequest) => ({ url: streaming.prepareAttach(request) }),
      portForward: (request: cri.PortForwardRequest) => ({ url: streaming.preparePortForward(request.podSandboxId) }),
    }),
    listContainerStats: ({ filter }) => {
      const timestamp = Number(toNanos(runtime.wheel.clock.now()));
      const containers = runtime.listContainers({ ...filter, state: { state: 'CONTAINER_RUNNING' } });
      return { stats: containers.map((container) => containerStats(container, timestamp)) };
    },
    checkpointContainer: async ({ containerId, location, timeout }) => (await runtime.checkpointContainer(containerId, location, timeout), {}),
    getContainerEvents: (_request, call) => containerEvents(runtime, call.signal),

    pullImage: async ({ image }) => ({ imageRef: await runtime.pullImage(imageSpec(image)) }),
    imageStatus: ({ image, verbose }) => runtime.imageStatus(imageSpec(image), verbose),
    listImages: ({ filter }) => ({ images: runtime.listImages(filter?.image ? { image: filter.image } : undefined) }),
    removeImage: ({ image }) => (runtime.removeImage(imageSpec(image)), {}),
    imageFsInfo: () => {
      const info = runtime.imageFsInfo();
      const usage = (fs: sim.FilesystemUsage) => ({ ...fs, timestamp: Number(fs.timestamp) });
      return { imageFilesystems: info.imageFilesystems.map(usage), containerFilesystems: info.containerFilesystems.map(usage) };
    },
  } satisfies CriImplementation);
}

/** Every handler answers a RuntimeError as the gRPC status of its code. */
function translateErrors(implementation: CriImplementation): CriImplementation {
  const translated: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(implementation) as [string, (...args: unknown[]) => unknown][]) {
    translated[name] =
      name === 'getContainerEvents'
        ? handler
        : async (...args: unknown[]) => {
            try {
              return await handler(...args);
            } catch (error) {
              if (error instanceof RuntimeError) throw new CriError(grpcStatusCodes[error.code], error.message);
              throw error;
            }
          };
  }
  return translated as CriImplementation;
}

async function* containerEvents(runtime: SimulatedRuntime, signal: AbortSignal): AsyncIterable<MessageInit<cri.ContainerEventResponse>> {
  const queue: sim.ContainerEvent[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = runtime.subscribeContainerEvents((event) => {
    queue.push(event);
    wake?.();
  });
  const aborted = (): void => wake?.();
  signal.addEventListener('abort', aborted);
  try {
    while (!signal.aborted) {
      const event = queue.shift();
      if (event === undefined) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      yield {
        containerId: event.containerId,
        containerEventType: event.containerEventType,
        createdAt: Number(event.createdAt),
        ...(event.podSandboxStatus !== undefined && { podSandboxStatus: sandboxStatus(event.podSandboxStatus) }),
        containersStatuses: event.containersStatuses.map(containerStatus),
      };
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', aborted);
  }
}

function required<T>(value: T | null, what: string): T {
  if (value === null) throw new CriError(grpcStatusCodes.InvalidArgument, `${what} is required`);
  return value;
}

function sandboxConfig(config: cri.PodSandboxConfig | null): sim.PodSandboxConfig {
  const present = required(config, 'sandbox config');
  return { ...present, metadata: required(present.metadata, 'sandbox config metadata') };
}

function containerConfig(config: cri.ContainerConfig | null): sim.ContainerConfig {
  const present = required(config, 'container config');
  return { ...present, metadata: required(present.metadata, 'container config metadata'), image: required(present.image, 'container config image') };
}

function imageSpec(spec: cri.ImageSpec | null): sim.ImageSpec {
  return required(spec, 'image spec');
}

function sandboxStatus(status: sim.PodSandboxStatus): MessageInit<cri.PodSandboxStatus> {
  return { ...status, createdAt: Number(status.createdAt) };
}

function containerStatus(status: sim.ContainerStatus): MessageInit<cri.ContainerStatus> {
  return { ...status, createdAt: Number(status.createdAt), startedAt: Number(status.startedAt), finishedAt: Number(status.finishedAt) };
}
