// The observed state of core/v1 pods: pod status and conditions, container statuses and states,
// resource health and the status of resource claims.

import { apiName, boolean, field, int32, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { podPhases, podQOSClasses, signals } from './enum-values.ts';
import { quantityName, timeName } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);

export const coreV1PodStatusTypes: readonly TypeDeclaration[] = [
  struct(core('PodStatus'), 'The observed state of a pod, which may trail the real one.', {
    observedGeneration: field(17, int64(), 'The metadata.generation this status was computed from.'),
    phase: field(1, string({ enum: podPhases }), 'Pending, Running, Succeeded, Failed or Unknown: where the pod is in its lifecycle.'),
    conditions: field(2, list(ref(core('PodCondition'), { default: {} })), "The pod's current conditions.", {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
    message: field(3, string(), 'Why the pod is in this state, for people.'),
    reason: field(4, string(), 'Why the pod is in this state, in CamelCase, such as Evicted.'),
    nominatedNodeName: field(11, string(), 'The node the pod is expected to go to once the pods it preempted are gone.'),
    hostIP: field(5, string(), 'The IP address of the node the pod runs on.'),
    hostIPs: field(16, list(ref(core('HostIP'), { default: {} })), 'The IP addresses of the node; the first is hostIP.', {
      listType: 'atomic',
      patchStrategy: 'merge',
      patchMergeKey: 'ip',
    }),
    podIP: field(6, string(), "The pod's IP address, routable at least within the cluster."),
    podIPs: field(12, list(ref(core('PodIP'), { default: {} })), "The pod's IP addresses, at most one per family; the first is podIP.", {
      listType: 'map',
      listMapKeys: ['ip'],
      patchStrategy: 'merge',
      patchMergeKey: 'ip',
    }),
    startTime: pointer(field(7, ref(timeName), 'When the kubelet accepted the pod, before pulling its images.')),
    initContainerStatuses: field(10, list(ref(core('ContainerStatus'), { default: {} })), 'The statuses of the init containers.', { listType: 'atomic' }),
    containerStatuses: field(8, list(ref(core('ContainerStatus'), { default: {} })), 'The statuses of the regular containers.', { listType: 'atomic' }),
    qosClass: field(9, string({ enum: podQOSClasses }), 'Guaranteed, Burstable or BestEffort: the quality of service class from the resource requirements.'),
    ephemeralContainerStatuses: field(13, list(ref(core('ContainerStatus'), { default: {} })), 'The statuses of the ephemeral containers.', {
      listType: 'atomic',
    }),
    resize: field(14, string(), 'Deprecated: the state of a pending resize, now told by the PodResize* conditions.'),
    resourceClaimStatuses: field(15, list(ref(core('PodResourceClaimStatus'), { default: {} })), 'The names of the ResourceClaims made for the pod.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge,retainKeys',
      patchMergeKey: 'name',
    }),
    extendedResourceClaimStatus: pointer(field(18, ref(core('PodExtendedResourceClaimStatus')), "The ResourceClaim made for the pod's extended resources backed by DRA.")),
    allocatedResources: field(19, map(ref(quantityName)), 'The total requests the node allocated to the pod.'),
    resources: pointer(field(20, ref(core('ResourceRequirements')), 'The pod-level requests and limits in effect.')),
  }),

  struct(core('PodCondition'), "One aspect of a pod's state.", {
    type: field(1, string({ default: '' }), 'What the condition is about, such as Ready or PodScheduled.', { required: true }),
    observedGeneration: field(7, int64(), 'The metadata.generation the condition was computed from.'),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastProbeTime: field(3, ref(timeName), 'When the condition was last checked.'),
    lastTransitionTime: field(4, ref(timeName), 'When the status last changed.'),
    reason: field(5, string(), 'Why the status last changed, in CamelCase.'),
    message: field(6, string(), 'Why the status last changed, for people.'),
  }),

  struct(core('PodIP'), 'One IP address of a pod.', {
    ip: field(1, string({ default: '' }), 'The IP address.', { required: true }),
  }),

  struct(core('HostIP'), 'One IP address of the node a pod runs on.', {
    ip: field(1, string({ default: '' }), 'The IP address.', { required: true }),
  }),

  struct(core('PodResourceClaimStatus'), "The ResourceClaim made for one of a pod's claims from a template.", {
    name: field(1, string({ default: '' }), "The name of the entry of the pod's resourceClaims.", { required: true }),
    resourceClaimName: pointer(field(2, string(), 'The name of the ResourceClaim made; unset when none was needed.')),
  }),

  struct(core('PodExtendedResourceClaimStatus'), "The ResourceClaim the scheduler made for a pod's extended resources backed by DRA.", {
    requestMappings: field(1, list(ref(core('ContainerExtendedResourceRequest'), { default: {} })), "Which claim request serves each container's extended resource.", {
      required: true,
      listType: 'atomic',
    }),
    resourceClaimName: field(2, string({ default: '' }), 'The name of the ResourceClaim made.', { required: true }),
  }),

  struct(core('ContainerExtendedResourceRequest'), 'Which request of a claim serves one extended resource of one container.', {
    containerName: field(1, string({ default: '' }), 'The container.', { required: true }),
    resourceName: field(2, string({ default: '' }), 'The extended resource.', { required: true }),
    requestName: field(3, string({ default: '' }), 'The request in the ResourceClaim.', { required: true }),
  }),

  struct(core('ContainerStatus'), 'The observed state of one container.', {
    name: field(1, string({ default: '' }), "The container's name.", { required: true }),
    state: field(2, ref(core('ContainerState'), { default: {} }), 'What the container is doing now.'),
    lastState: field(3, ref(core('ContainerState'), { default: {} }), 'How the container last terminated.'),
    ready: field(4, boolean({ default: false }), 'Whether the container passes its readiness check.', { required: true }),
    restartCount: field(5, int32({ default: 0 }), 'How many times the container was restarted.', { required: true }),
    image: field(6, string({ default: '' }), 'The image the container runs, as the runtime resolved it.', { required: true }),
    imageID: field(7, string({ default: '' }), 'The ID of the image the container runs.', { required: true }),
    containerID: field(8, string(), "The container's ID, as <runtime>://<id>."),
    started: pointer(field(9, boolean(), 'Whether the container ran its postStart hook and passed its startup probe.')),
    allocatedResources: field(10, map(ref(quantityName)), 'The resources the node allocated to the container.'),
    resources: pointer(field(11, ref(core('ResourceRequirements')), 'The requests and limits in effect for the running container.')),
    volumeMounts: field(12, list(ref(core('VolumeMountStatus'), { default: {} })), "The status of the container's volume mounts.", {
      listType: 'map',
      listMapKeys: ['mountPath'],
      patchStrategy: 'merge',
      patchMergeKey: 'mountPath',
    }),
    user: pointer(field(13, ref(core('ContainerUser')), "The identity the container's first process started with.")),
    allocatedResourcesStatus: field(14, list(ref(core('ResourceStatus'), { default: {} })), 'The health of the resources allocated to the container.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    stopSignal: pointer(field(15, string({ enum: signals }), 'The signal that stops the container.')),
  }),

  struct(core('ContainerState'), 'The state of a container: one of waiting, running or terminated.', {
    waiting: pointer(field(1, ref(core('ContainerStateWaiting')), 'Set while the container waits to run.')),
    running: pointer(field(2, ref(core('ContainerStateRunning')), 'Set while the container runs.')),
    terminated: pointer(field(3, ref(core('ContainerStateTerminated')), 'Set once the container has terminated.')),
  }),

  struct(core('ContainerStateWaiting'), 'A container that is not running yet.', {
    reason: field(1, string(), 'Why it is not running yet, in CamelCase.'),
    message: field(2, string(), 'Why it is not running yet, for people.'),
  }),

  struct(core('ContainerStateRunning'), 'A running container.', {
    startedAt: field(1, ref(timeName), 'When the container last started.'),
  }),

  struct(core('ContainerStateTerminated'), 'A container that has terminated.', {
    exitCode: field(1, int32({ default: 0 }), 'The exit status of the last run.', { required: true }),
    signal: field(2, int32(), 'The signal that ended the last run.'),
    reason: field(3, string(), 'Why the container terminated, in brief.'),
    message: field(4, string(), 'Why the container terminated, for people.'),
    startedAt: field(5, ref(timeName), 'When the last run started.'),
    finishedAt: field(6, ref(timeName), 'When the last run ended.'),
    containerID: field(7, string(), "The container's ID, as <runtime>://<id>."),
  }),

  struct(core('ContainerUser'), "The identity a container's first process started with.", {
    linux: pointer(field(1, ref(core('LinuxContainerUser')), 'The identity on Linux.')),
  }),

  struct(core('LinuxContainerUser'), "The user and groups a Linux container's first process started with.", {
    uid: field(1, int64({ default: 0 }), 'The primary user ID.', { required: true }),
    gid: field(2, int64({ default: 0 }), 'The primary group ID.', { required: true }),
    supplementalGroups: field(3, list(int64({ default: 0 })), 'The supplemental group IDs.', { listType: 'atomic' }),
  }),

  struct(core('ResourceStatus'), 'The health of the devices behind one resource allocated to a container.', {
    name: field(1, string({ default: '' }), 'The resource, or "claim:<claim>/<request>" for a DRA resource.', { required: true }),
    resources: field(2, list(ref(core('ResourceHealth'), { default: {} })), 'The health of each device.', {
      listType: 'map',
      listMapKeys: ['resourceID'],
    }),
  }),

  struct(core('ResourceHealth'), 'The latest known health of one device.', {
    resourceID: field(1, string({ default: '' }), 'The unique ID of the device.', { required: true }),
    health: field(2, string(), 'Healthy, Unhealthy or Unknown.'),
  }),
];
