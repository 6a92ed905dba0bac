// <root-dir>/pod-resources/kubelet.sock: the PodResourcesLister v1 service, which monitoring agents
// (device plugin exporters, topology-aware schedulers' node agents) call to learn which devices,
// CPUs and memory the node's containers hold (List, Get) and what the node can allocate
// (GetAllocatableResources). The agent holds no exclusive CPUs or NUMA memory, so those lists are
// empty, as under the kubelet's "none" policies.

import { join } from 'node:path';
import type { PodDirectory } from '../pods/index.ts';
import type { Device } from './api/device-plugin-v1beta1.ts';
import { podResourcesV1, type ContainerDevices, type ContainerResources, type GetPodResourcesRequest, type PodResources } from './api/pod-resources-v1.ts';
import { serveGrpc, type GrpcSocketServer } from './api/serve-grpc.ts';
import { isObject } from './checkpoint-errors.ts';

export const podResourcesSocketName = 'kubelet.sock';

/** What the server asks of the device manager. */
export interface DevicesProvider {
  allocatableDevices(): ReadonlyMap<string, ReadonlyMap<string, Device>>;
  containerDevices(podUID: string, containerName: string): ReadonlyMap<string, readonly string[]>;
}

export interface PodResourcesServerOptions {
  /** <root-dir>/pod-resources */
  readonly socketDir: string;
  readonly pods: PodDirectory;
  readonly devices: DevicesProvider;
}

interface ListedPod {
  readonly name: string;
  readonly namespace: string;
  readonly uid: string;
  readonly containers: readonly string[];
}

/** The active pods (not Succeeded or Failed) and the containers the API reports resources for. */
function activePods(pods: PodDirectory): ListedPod[] {
  const listed: ListedPod[] = [];
  for (const pod of pods.listPods()) {
    const metadata = isObject(pod['metadata']) ? pod['metadata'] : {};
    const spec = isObject(pod['spec']) ? pod['spec'] : {};
    const status = isObject(pod['status']) ? pod['status'] : {};
    if (status['phase'] === 'Succeeded' || status['phase'] === 'Failed') continue;
    const names = (list: unknown, sidecarsOnly: boolean): string[] =>
      (Array.isArray(list) ? list : [])
        .filter((container): container is Record<string, unknown> => isObject(container) && (!sidecarsOnly || container['restartPolicy'] === 'Always'))
        .map((container) => String(container['name']));
    listed.push({
      name: String(metadata['name'] ?? ''),
      namespace: String(metadata['namespace'] ?? ''),
      uid: String(metadata['uid'] ?? ''),
      // Sidecars (restartable init containers) are listed before the regular containers.
      containers: [...names(spec['initContainers'], true), ...names(spec['containers'], false)],
    });
  }
  return listed;
}

/** One entry per device, or per NUMA node of a device with a topology, as the kubelet lists them. */
function allocatableEntries(resource: string, device: Device): ContainerDevices[] {
  const nodes = device.topology?.nodes ?? [];
  if (nodes.length === 0) return [{ resourceName: resource, deviceIds: [device.ID], topology: null }];
  return nodes.map((node) => ({ resourceName: resource, deviceIds: [device.ID], topology: { nodes: [{ ID: node.ID }] } }));
}

function podResources(pod: ListedPod, devices: DevicesProvider): PodResources {
  const containers: ContainerResources[] = pod.containers.map((name) => ({
    name,
    devices: [...devices.containerDevices(pod.uid, name)].flatMap(([resource, ids]) => (ids.length === 0 ? [] : [{ resourceName: resource, deviceIds: [...ids], topology: null }])),
    cpuIds: [],
    memory: [],
    dynamicResources: [],
  }));
  return { name: pod.name, namespace: pod.namespace, containers };
}

export function startPodResourcesServer(options: PodResourcesServerOptions): Promise<GrpcSocketServer> {
  const { pods, devices } = options;
  return serveGrpc(join(options.socketDir, podResourcesSocketName), [
    {
      methods: podResourcesV1.PodResourcesLister,
      handlers: {
        List: () => ({ podResources: activePods(pods).map((pod) => podResources(pod, devices)) }),
        GetAllocatableResources: () => {
          const allocatable = [...devices.allocatableDevices()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
          return {
            devices: allocatable.flatMap(([resource, byId]) =>
              [...byId.values()].sort((a, b) => (a.ID < b.ID ? -1 : a.ID > b.ID ? 1 : 0)).flatMap((device) => allocatableEntries(resource, device)),
            ),
            cpuIds: [],
            memory: [],
          };
        },
        Get: (request: GetPodResourcesRequest) => {
          const pod = activePods(pods).find((candidate) => candidate.name === request.podName && candidate.namespace === request.podNamespace);
          if (pod === undefined) throw new Error(`pod ${request.podName} in namespace ${request.podNamespace} not found`);
          return { podResources: podResources(pod, devices) };
        },
      },
    },
  ]);
}
