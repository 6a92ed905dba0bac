// The core/v1 types of nodes: Node, its spec and status, and the parts they are made of.

import { apiName, boolean, field, int32, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { nodePhases, taintEffects } from './enum-values.ts';
import { kinds, listKind, objectMetaField, quantityName, timeName, typeMetaFields } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);
const names = list(string({ default: '' }));
const quantities = map(ref(quantityName));

export const coreV1ClusterNodeTypes: readonly TypeDeclaration[] = [
  struct(
    core('Node'),
    'A worker machine of the cluster on which pods run.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('NodeSpec'), { default: {} }), 'How the node is set up: its pod address ranges, taints and schedulability.'),
      status: field(3, ref(core('NodeStatus'), { default: {} }), 'What the node last reported about itself.'),
    },
    { groupVersionKinds: kinds('Node', ['v1']) },
  ),

  listKind(core('Node'), 'v1', 'A list of Nodes.'),

  struct(core('NodeSpec'), 'The settings a node is registered with.', {
    podCIDR: field(1, string(), 'The pod IP range given to the node.'),
    podCIDRs: field(7, names, 'The pod IP ranges given to the node, at most one per IP family; the first equals podCIDR.', {
      listType: 'set',
      patchStrategy: 'merge',
    }),
    providerID: field(3, string(), "The cloud provider's identifier of the node, as <ProviderName>://<ProviderSpecificNodeID>."),
    unschedulable: field(4, boolean(), 'With true, no new pods are scheduled to the node.'),
    taints: field(5, list(ref(core('Taint'), { default: {} })), 'The taints that keep pods without a matching toleration away.', { listType: 'atomic' }),
    configSource: pointer(field(6, ref(core('NodeConfigSource')), 'Deprecated: where dynamic kubelet configuration came from; the feature is gone.')),
    externalID: field(2, string(), 'Deprecated: an external identifier of the node.'),
  }),

  struct(core('NodeStatus'), 'What a node reports about itself: resources, conditions, addresses, software and images.', {
    capacity: field(1, quantities, 'The total amount of each resource the node has.'),
    allocatable: field(2, quantities, 'The amount of each resource left for pods to be scheduled with; defaults to capacity.'),
    phase: field(3, string({ enum: nodePhases }), 'Deprecated and never set: the lifecycle phase of the node.'),
    conditions: field(4, list(ref(core('NodeCondition'), { default: {} })), 'The observed conditions of the node, such as Ready.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
    addresses: field(5, list(ref(core('NodeAddress'), { default: {} })), 'The addresses the node can be reached at.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
    daemonEndpoints: field(6, ref(core('NodeDaemonEndpoints'), { default: {} }), 'The ports the daemons on the node listen on.'),
    nodeInfo: field(7, ref(core('NodeSystemInfo'), { default: {} }), 'Identifiers and software versions of the node.'),
    images: field(8, list(ref(core('ContainerImage'), { default: {} })), 'The container images present on the node.', { listType: 'atomic' }),
    volumesInUse: field(9, names, 'The attachable volumes mounted on the node.', { listType: 'atomic' }),
    volumesAttached: field(10, list(ref(core('AttachedVolume'), { default: {} })), 'The volumes attached to the node.', { listType: 'atomic' }),
    config: pointer(field(11, ref(core('NodeConfigStatus')), 'The state of the dynamically assigned kubelet configuration.')),
    runtimeHandlers: field(12, list(ref(core('NodeRuntimeHandler'), { default: {} })), 'The runtime handlers the node offers.', { listType: 'atomic' }),
    features: pointer(field(13, ref(core('NodeFeatures')), 'The features the container runtime of the node implements.')),
    declaredFeatures: field(14, names, 'The feature-gate related features the node declares.', { listType: 'atomic' }),
  }),

  struct(core('NodeAddress'), 'One address of a node.', {
    type: field(1, string({ default: '' }), 'Hostname, ExternalIP, InternalIP, ExternalDNS or InternalDNS.', { required: true }),
    address: field(2, string({ default: '' }), 'The address itself.', { required: true }),
  }),

  struct(core('NodeCondition'), 'One observed aspect of the state of a node.', {
    type: field(1, string({ default: '' }), 'Which aspect the condition is about, such as Ready or MemoryPressure.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastHeartbeatTime: field(3, ref(timeName), 'When the condition was last reported.'),
    lastTransitionTime: field(4, ref(timeName), 'When the status last changed.'),
    reason: field(5, string(), 'Why the status last changed, in CamelCase.'),
    message: field(6, string(), 'Why the status last changed, for people.'),
  }),

  struct(core('NodeConfigSource'), 'Deprecated: where a node takes its kubelet configuration from.', {
    configMap: pointer(field(2, ref(core('ConfigMapNodeConfigSource')), 'A config map holding the configuration.')),
  }),

  struct(core('ConfigMapNodeConfigSource'), 'Deprecated: a config map that holds kubelet configuration for a node.', {
    namespace: field(1, string({ default: '' }), 'The namespace of the config map.', { required: true }),
    name: field(2, string({ default: '' }), 'The name of the config map.', { required: true }),
    uid: field(3, string(), 'The uid of the config map; set in status only.'),
    resourceVersion: field(4, string(), 'The resourceVersion of the config map; set in status only.'),
    kubeletConfigKey: field(5, string({ default: '' }), 'The key of the config map that holds the kubelet configuration.', { required: true }),
  }),

  struct(core('NodeConfigStatus'), 'Deprecated: the state of the kubelet configuration assigned to a node.', {
    assigned: pointer(field(1, ref(core('NodeConfigSource')), 'The configuration the node will try to use.')),
    active: pointer(field(2, ref(core('NodeConfigSource')), 'The configuration the node is using.')),
    lastKnownGood: pointer(field(3, ref(core('NodeConfigSource')), 'The configuration the node falls back to when the assigned one fails.')),
    error: field(4, string(), 'What went wrong applying the configuration, if anything.'),
  }),

  struct(core('NodeDaemonEndpoints'), 'The ports the daemons on a node listen on.', {
    kubeletEndpoint: field(1, ref(core('DaemonEndpoint'), { default: {} }), 'Where the kubelet listens.'),
  }),

  struct(core('DaemonEndpoint'), 'Where one daemon listens.', {
    Port: field(1, int32({ default: 0 }), 'The port number.', { required: true }),
  }),

  struct(core('NodeFeatures'), 'The features the container runtime of a node implements, whatever the runtime handler.', {
    supplementalGroupsPolicy: pointer(field(1, boolean(), 'Whether the runtime supports SupplementalGroupsPolicy and ContainerUser.')),
  }),

  struct(core('NodeRuntimeHandler'), 'One runtime handler of a node and its features.', {
    name: field(1, string({ default: '' }), 'The name of the handler; empty for the default one.'),
    features: pointer(field(2, ref(core('NodeRuntimeHandlerFeatures')), 'The features the handler supports.')),
  }),

  struct(core('NodeRuntimeHandlerFeatures'), 'The features one runtime handler supports.', {
    recursiveReadOnlyMounts: pointer(field(1, boolean(), 'Whether the handler supports recursive read-only mounts.')),
    userNamespaces: pointer(field(2, boolean(), 'Whether the handler supports user namespaces, volumes included.')),
  }),

  struct(core('NodeSwapStatus'), 'The swap memory of a node.', {
    capacity: pointer(field(1, int64(), 'The total swap memory, in bytes.')),
  }),

  struct(core('NodeSystemInfo'), 'Identifiers and software versions a node reports.', {
    machineID: field(1, string({ default: '' }), 'The machine-id of the node, the preferred unique identifier.', { required: true }),
    systemUUID: field(2, string({ default: '' }), 'The system UUID of the node.', { required: true }),
    bootID: field(3, string({ default: '' }), 'The identifier of the current boot.', { required: true }),
    kernelVersion: field(4, string({ default: '' }), 'The kernel version, as uname -r gives it.', { required: true }),
    osImage: field(5, string({ default: '' }), 'The operating system image, as /etc/os-release names it.', { required: true }),
    containerRuntimeVersion: field(6, string({ default: '' }), 'The container runtime and its version, such as containerd://1.7.0.', {
      required: true,
    }),
    kubeletVersion: field(7, string({ default: '' }), 'The version of the kubelet.', { required: true }),
    kubeProxyVersion: field(8, string({ default: '' }), 'Deprecated: the version of kube-proxy.', { required: true }),
    operatingSystem: field(9, string({ default: '' }), 'The operating system, such as linux.', { required: true }),
    architecture: field(10, string({ default: '' }), 'The processor architecture, such as amd64.', { required: true }),
    swap: pointer(field(11, ref(core('NodeSwapStatus')), 'The swap memory of the node.')),
  }),

  struct(core('ContainerImage'), 'A container image present on a node.', {
    names: field(1, names, 'The names the image is known by.', { listType: 'atomic' }),
    sizeBytes: field(2, int64(), 'The size of the image in bytes.'),
  }),

  struct(core('Taint'), 'A mark on a node that keeps away pods that do not tolerate it.', {
    key: field(1, string({ default: '' }), 'The key of the taint.', { required: true }),
    value: field(2, string(), 'The value of the taint.'),
    effect: field(3, string({ default: '', enum: taintEffects }), 'What happens to pods that do not tolerate it: NoSchedule, PreferNoSchedule or NoExecute.', {
      required: true,
    }),
    timeAdded: pointer(field(4, ref(timeName), 'When the taint was added.')),
  }),
];
