// runtime.v1 messages with every field set to a value other than its zero value, typed with the
// full message types so that a field missing here fails the type check; cri-client.test.ts sends
// them through a real gRPC round trip and checks that no declared field was left out.

import type {
  Container,
  ContainerConfig,
  ContainerEventResponse,
  ContainerStats,
  ContainerStatus,
  FilesystemUsage,
  Image,
  ImageSpec,
  ImageServiceMethods,
  LinuxContainerResources,
  Mount,
  NamespaceOption,
  PodSandbox,
  PodSandboxConfig,
  PodSandboxMetadata,
  PodSandboxStats,
  PodSandboxStatus,
  PsiStats,
  RuntimeServiceMethods,
  SecurityProfile,
  SELinuxOption,
  IDMapping,
  ContainerMetadata,
} from '../src/cri/index.ts';

/** A nanosecond timestamp as runtimes report them (2025-01-01T00:00:00.123456Z). */
const createdAt = 1_735_689_600_123_456_000;

const imageSpec: ImageSpec = {
  image: 'registry.example/busybox:1.36',
  annotations: { 'example.com/pulled-by': 'capstan' },
  userSpecifiedImage: 'busybox:1.36',
  runtimeHandler: 'runc',
};

const idMapping: IDMapping = { hostId: 100000, containerId: 1, length: 65536 };

const namespaceOptions: NamespaceOption = {
  network: 'NODE',
  pid: 'CONTAINER',
  ipc: 'TARGET',
  targetId: 'c0ffee',
  usernsOptions: { mode: 'NODE', uids: [idMapping], gids: [{ hostId: 200000, containerId: 2, length: 1000 }] },
};

const selinux: SELinuxOption = { user: 'system_u', role: 'system_r', type: 'container_t', level: 's0:c1,c2' };
const seccomp: SecurityProfile = { profileType: 'Localhost', localhostRef: '/var/lib/kubelet/seccomp/audit.json' };
const apparmor: SecurityProfile = { profileType: 'Unconfined', localhostRef: 'k8s-apparmor-example' };

const resources: LinuxContainerResources = {
  cpuPeriod: 100000,
  cpuQuota: -1,
  cpuShares: 1024,
  memoryLimitInBytes: 8 * 1024 ** 4,
  oomScoreAdj: -997,
  cpusetCpus: '0-3',
  cpusetMems: '0',
  hugepageLimits: [{ pageSize: '2MB', limit: 4 * 1024 ** 3 }],
  unified: { 'memory.high': '1073741824', 'memory.oom.group': '1' },
  memorySwapLimitInBytes: 2 ** 40,
};

export const podSandboxMetadata: PodSandboxMetadata = { name: 'web-0', uid: '2b7e8f1c-4d5a-4f00-9a1b-3c2d1e0f9a8b', namespace: 'default', attempt: 2 };

export const podSandboxConfig: PodSandboxConfig = {
  metadata: podSandboxMetadata,
  hostname: 'web-0',
  logDirectory: '/var/log/pods/default_web-0_2b7e8f1c-4d5a-4f00-9a1b-3c2d1e0f9a8b',
  dnsConfig: { servers: ['10.96.0.10'], searches: ['default.svc.cluster.local', 'svc.cluster.local'], options: ['ndots:5'] },
  portMappings: [
    { protocol: 'UDP', containerPort: 53, hostPort: 5353, hostIp: '127.0.0.1' },
    { protocol: 'SCTP', containerPort: 9000, hostPort: 19000, hostIp: '::1' },
  ],
  labels: { 'io.kubernetes.pod.name': 'web-0', app: 'web' },
  annotations: { 'kubernetes.io/config.source': 'api', 'kubernetes.io/config.seen': '2025-01-01T00:00:00Z' },
  linux: {
    cgroupParent: '/kubepods/burstable/pod2b7e8f1c-4d5a-4f00-9a1b-3c2d1e0f9a8b',
    securityContext: {
      namespaceOptions,
      selinuxOptions: selinux,
      runAsUser: { value: 1000 },
      runAsGroup: { value: 3000 },
      readonlyRootfs: true,
      supplementalGroups: [4000, 2 ** 31 + 5],
      supplementalGroupsPolicy: 'Strict',
      privileged: true,
      seccomp,
      apparmor,
      seccompProfilePath: 'localhost//var/lib/kubelet/seccomp/audit.json',
    },
    sysctls: { 'net.ipv4.ip_local_port_range': '1024 65000', 'kernel.shm_rmid_forced': '1' },
    overhead: { ...resources, cpuShares: 10 },
    resources,
  },
};

const mount: Mount = {
  containerPath: '/data',
  hostPath: '/var/lib/kubelet/pods/2b7e8f1c/volumes/kubernetes.io~empty-dir/data',
  readonly: true,
  selinuxRelabel: true,
  propagation: 'PROPAGATION_BIDIRECTIONAL',
  uidMappings: [idMapping],
  gidMappings: [idMapping],
  recursiveReadOnly: true,
  image: imageSpec,
  imageSubPath: 'etc/config',
};

export const containerMetadata: ContainerMetadata = { name: 'nginx', attempt: 3 };

export const containerConfig: ContainerConfig = {
  metadata: containerMetadata,
  image: imageSpec,
  command: ['/bin/sh', '-c'],
  args: ['echo hello; sleep 3600'],
  workingDir: '/srv',
  envs: [
    { key: 'PATH', value: '/usr/bin:/bin' },
    { key: 'GREETING', value: 'héllo wörld ✓' },
  ],
  mounts: [mount],
  devices: [{ containerPath: '/dev/fuse', hostPath: '/dev/fuse', permissions: 'rwm' }],
  labels: { 'io.kubernetes.container.name': 'nginx' },
  annotations: { 'io.kubernetes.container.hash': 'a1b2c3', 'io.kubernetes.container.restartCount': '3' },
  logPath: 'nginx/3.log',
  stdin: true,
  stdinOnce: true,
  tty: true,
  linux: {
    resources,
    securityContext: {
      capabilities: { addCapabilities: ['NET_ADMIN'], dropCapabilities: ['ALL'], addAmbientCapabilities: ['NET_BIND_SERVICE'] },
      privileged: true,
      namespaceOptions,
      selinuxOptions: selinux,
      runAsUser: { value: 1001 },
      runAsGroup: { value: 65534 },
      runAsUsername: 'nobody',
      readonlyRootfs: true,
      supplementalGroups: [10, 20],
      supplementalGroupsPolicy: 'Strict',
      noNewPrivs: true,
      maskedPaths: ['/proc/kcore', '/sys/firmware'],
      readonlyPaths: ['/proc/sys'],
      seccomp: { profileType: 'Unconfined', localhostRef: 'ignored' },
      apparmor: { profileType: 'Localhost', localhostRef: 'k8s-nginx' },
      apparmorProfile: 'localhost/k8s-nginx',
      seccompProfilePath: 'unconfined',
    },
  },
  cdiDevices: [{ name: 'vendor.example/gpu=0' }, { name: 'vendor.example/gpu=1' }],
  stopSignal: 'SIGRTMAXMINUS3',
};

export const podSandboxStatus: PodSandboxStatus = {
  id: 'a5b8c1d2e3f4',
  metadata: podSandboxMetadata,
  state: 'SANDBOX_NOTREADY',
  createdAt,
  network: { ip: '10.244.1.7', additionalIps: [{ ip: 'fd00:10:244:1::7' }] },
  linux: { namespaces: { options: namespaceOptions } },
  labels: { app: 'web' },
  annotations: { 'kubernetes.io/config.source': 'api' },
  runtimeHandler: 'runc',
};

export const containerStatus: ContainerStatus = {
  id: 'f00dbabe',
  metadata: containerMetadata,
  state: 'CONTAINER_EXITED',
  createdAt,
  startedAt: createdAt + 250_000_000,
  finishedAt: createdAt + 5_000_000_000,
  exitCode: 137,
  image: imageSpec,
  imageRef: 'registry.example/busybox@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  reason: 'OOMKilled',
  message: 'the container ran out of memory',
  labels: { 'io.kubernetes.container.name': 'nginx' },
  annotations: { 'io.kubernetes.container.hash': 'a1b2c3' },
  mounts: [mount],
  logPath: '/var/log/pods/default_web-0_2b7e8f1c-4d5a-4f00-9a1b-3c2d1e0f9a8b/nginx/3.log',
  resources: { linux: resources },
  imageId: 'sha256:fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
  user: { linux: { uid: 1000, gid: 3000, supplementalGroups: [4000, 5000] } },
  stopSignal: 'SIGQUIT',
};

export const podSandbox: PodSandbox = {
  id: 'a5b8c1d2e3f4',
  metadata: podSandboxMetadata,
  state: 'SANDBOX_NOTREADY',
  createdAt,
  labels: { app: 'web' },
  annotations: { note: 'listed' },
  runtimeHandler: 'kata',
};

export const container: Container = {
  id: 'f00dbabe',
  podSandboxId: 'a5b8c1d2e3f4',
  metadata: containerMetadata,
  image: imageSpec,
  imageRef: containerStatus.imageRef,
  state: 'CONTAINER_UNKNOWN',
  createdAt,
  labels: { app: 'web' },
  annotations: { note: 'listed' },
  imageId: containerStatus.imageId,
};

export const image: Image = {
  id: 'sha256:fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
  repoTags: ['registry.example/busybox:1.36'],
  repoDigests: ['registry.example/busybox@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'],
  size: 4_404_019,
  uid: { value: 65534 },
  username: 'nobody',
  spec: imageSpec,
  pinned: true,
};

const filesystemUsage: FilesystemUsage = {
  timestamp: createdAt,
  fsId: { mountpoint: '/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs' },
  usedBytes: { value: 123_456_789_012 },
  inodesUsed: { value: 4242 },
};

const psi: PsiStats = {
  full: { total: 1234567, avg10: 0.25, avg60: 1.5, avg300: 12.75 },
  some: { total: 7654321, avg10: 0.5, avg60: 2.25, avg300: 33.125 },
};

export const containerStats: ContainerStats = {
  attributes: { id: 'f00dbabe', metadata: containerMetadata, labels: { app: 'web' }, annotations: { note: 'stats' } },
  cpu: { timestamp: createdAt, usageCoreNanoSeconds: { value: 987_654_321_000 }, usageNanoCores: { value: 250_000_000 }, psi },
  memory: {
    timestamp: createdAt,
    workingSetBytes: { value: 1 },
    availableBytes: { value: 2 },
    usageBytes: { value: 3 },
    rssBytes: { value: 4 },
    pageFaults: { value: 5 },
    majorPageFaults: { value: 6 },
    psi,
  },
  writableLayer: filesystemUsage,
  swap: { timestamp: createdAt, swapAvailableBytes: { value: 7 }, swapUsageBytes: { value: 8 } },
  io: { timestamp: createdAt, psi },
};

export const podSandboxStats: PodSandboxStats = {
  attributes: { id: 'a5b8c1d2e3f4', metadata: podSandboxMetadata, labels: { app: 'web' }, annotations: { note: 'stats' } },
  linux: {
    cpu: containerStats.cpu,
    memory: containerStats.memory,
    network: {
      timestamp: createdAt,
      defaultInterface: { name: 'eth0', rxBytes: { value: 10 }, rxErrors: { value: 11 }, txBytes: { value: 12 }, txErrors: { value: 13 } },
      interfaces: [{ name: 'eth1', rxBytes: { value: 20 }, rxErrors: { value: 21 }, txBytes: { value: 22 }, txErrors: { value: 23 } }],
    },
    process: { timestamp: createdAt, processCount: { value: 17 } },
    containers: [containerStats],
    io: containerStats.io,
  },
};

export const containerEvent: ContainerEventResponse = {
  containerId: 'f00dbabe',
  containerEventType: 'CONTAINER_STOPPED_EVENT',
  createdAt,
  podSandboxStatus,
  containersStatuses: [containerStatus],
};

type Case<Method> = Method extends { readonly request: infer Request; readonly response: infer Response } ? { readonly request: Request; readonly response: Response } : never;

/** For every method of both services: a request and a response with every field set. */
export const runtimeCases: { readonly [M in keyof RuntimeServiceMethods]: Case<RuntimeServiceMethods[M]> } = {
  Version: {
    request: { version: '0.1.0' },
    response: { version: '0.1.0', runtimeName: 'capstan-sim', runtimeVersion: '0.1.0', runtimeApiVersion: 'v1' },
  },
  RunPodSandbox: { request: { config: podSandboxConfig, runtimeHandler: 'runc' }, response: { podSandboxId: 'a5b8c1d2e3f4' } },
  StopPodSandbox: { request: { podSandboxId: 'a5b8c1d2e3f4' }, response: {} },
  RemovePodSandbox: { request: { podSandboxId: 'a5b8c1d2e3f4' }, response: {} },
  PodSandboxStatus: {
    request: { podSandboxId: 'a5b8c1d2e3f4', verbose: true },
    response: { status: podSandboxStatus, info: { info: '{"pid":4242}' }, containersStatuses: [containerStatus], timestamp: createdAt + 1000 },
  },
  ListPodSandbox: {
    request: { filter: { id: 'a5b8', state: { state: 'SANDBOX_NOTREADY' }, labelSelector: { app: 'web' } } },
    response: { items: [podSandbox, { ...podSandbox, id: 'second', state: 'SANDBOX_NOTREADY' }] },
  },
  CreateContainer: {
    request: { podSandboxId: 'a5b8c1d2e3f4', config: containerConfig, sandboxConfig: podSandboxConfig },
    response: { containerId: 'f00dbabe' },
  },
  StartContainer: { request: { containerId: 'f00dbabe' }, response: {} },
  StopContainer: { request: { containerId: 'f00dbabe', timeout: 30 }, response: {} },
  RemoveContainer: { request: { containerId: 'f00dbabe' }, response: {} },
  ListContainers: {
    request: { filter: { id: 'f00d', state: { state: 'CONTAINER_RUNNING' }, podSandboxId: 'a5b8c1d2e3f4', labelSelector: { app: 'web' } } },
    response: { containers: [container] },
  },
  ContainerStatus: {
    request: { containerId: 'f00dbabe', verbose: true },
    response: { status: containerStatus, info: { info: '{"sandboxID":"a5b8c1d2e3f4"}' } },
  },
  UpdateContainerResources: {
    request: { containerId: 'f00dbabe', linux: resources, annotations: { 'example.com/resized': 'true' } },
    response: {},
  },
  ReopenContainerLog: { request: { containerId: 'f00dbabe' }, response: {} },
  ExecSync: {
    request: { containerId: 'f00dbabe', cmd: ['cat', '/etc/hostname'], timeout: 5 },
    response: { stdout: Buffer.from('web-0\n'), stderr: Buffer.from([0, 255, 128, 10]), exitCode: 2 },
  },
  Exec: {
    request: { containerId: 'f00dbabe', cmd: ['sh'], tty: true, stdin: true, stdout: true, stderr: true },
    response: { url: 'http://127.0.0.1:10010/exec/abcd' },
  },
  Attach: {
    request: { containerId: 'f00dbabe', stdin: true, tty: true, stdout: true, stderr: true },
    response: { url: 'http://127.0.0.1:10010/attach/abcd' },
  },
  PortForward: { request: { podSandboxId: 'a5b8c1d2e3f4', port: [80, 443, 65535] }, response: { url: 'http://127.0.0.1:10010/portforward/abcd' } },
  ContainerStats: { request: { containerId: 'f00dbabe' }, response: { stats: containerStats } },
  ListContainerStats: {
    request: { filter: { id: 'f00dbabe', podSandboxId: 'a5b8c1d2e3f4', labelSelector: { app: 'web' } } },
    response: { stats: [containerStats] },
  },
  PodSandboxStats: { request: { podSandboxId: 'a5b8c1d2e3f4' }, response: { stats: podSandboxStats } },
  ListPodSandboxStats: { request: { filter: { id: 'a5b8c1d2e3f4', labelSelector: { app: 'web' } } }, response: { stats: [podSandboxStats] } },
  UpdateRuntimeConfig: { request: { runtimeConfig: { networkConfig: { podCidr: '10.244.1.0/24' } } }, response: {} },
  Status: {
    request: { verbose: true },
    response: {
      status: {
        conditions: [
          { type: 'RuntimeReady', status: true, reason: 'Started', message: 'the runtime is up' },
          { type: 'NetworkReady', status: true, reason: 'Configured', message: 'CNI is configured' },
        ],
      },
      info: { config: '{"cgroupDriver":"cgroupfs"}' },
      runtimeHandlers: [
        { name: 'runc', features: { recursiveReadOnlyMounts: true, userNamespaces: true } },
        { name: 'kata', features: { recursiveReadOnlyMounts: true, userNamespaces: true } },
      ],
      features: { supplementalGroupsPolicy: true },
    },
  },
  CheckpointContainer: {
    request: { containerId: 'f00dbabe', location: '/var/lib/kubelet/checkpoints/checkpoint-web-0_default-nginx-2025-01-01T00:00:00Z.tar', timeout: 600 },
    response: {},
  },
  GetContainerEvents: { request: {}, response: containerEvent },
  ListMetricDescriptors: {
    request: {},
    response: { descriptors: [{ name: 'container_cpu_usage_seconds_total', help: 'Cumulative cpu time consumed', labelKeys: ['container', 'pod'] }] },
  },
  ListPodSandboxMetrics: {
    request: {},
    response: {
      podMetrics: [
        {
          podSandboxId: 'a5b8c1d2e3f4',
          metrics: [{ name: 'container_network_receive_bytes_total', timestamp: createdAt, metricType: 'GAUGE', labelValues: ['eth0'], value: { value: 99 } }],
          containerMetrics: [
            {
              containerId: 'f00dbabe',
              metrics: [{ name: 'container_cpu_usage_seconds_total', timestamp: createdAt, metricType: 'GAUGE', labelValues: ['nginx'], value: { value: 5 } }],
            },
          ],
        },
      ],
    },
  },
  RuntimeConfig: { request: {}, response: { linux: { cgroupDriver: 'CGROUPFS' } } },
  UpdatePodSandboxResources: { request: { podSandboxId: 'a5b8c1d2e3f4', overhead: resources, resources: { ...resources, cpuQuota: 50000 } }, response: {} },
};

export const imageCases: { readonly [M in keyof ImageServiceMethods]: Case<ImageServiceMethods[M]> } = {
  ListImages: { request: { filter: { image: imageSpec } }, response: { images: [image] } },
  ImageStatus: { request: { image: imageSpec, verbose: true }, response: { image, info: { info: '{"chainID":"sha256:1"}' } } },
  PullImage: {
    request: {
      image: imageSpec,
      auth: { username: 'u', password: 'p', auth: 'dTpw', serverAddress: 'registry.example', identityToken: 'id-token', registryToken: 'reg-token' },
      sandboxConfig: podSandboxConfig,
    },
    response: { imageRef: image.id },
  },
  RemoveImage: { request: { image: imageSpec }, response: {} },
  ImageFsInfo: { request: {}, response: { imageFilesystems: [filesystemUsage], containerFilesystems: [{ ...filesystemUsage, fsId: { mountpoint: '/var/lib/containers' } }] } },
};
