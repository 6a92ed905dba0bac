// The types of core/v1 Pod, its spec, containers, probes, scheduling and security settings.

import { apiName, boolean, field, int32, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { coreV1PodContainerTypes } from './core-v1-pods-containers.ts';
import { coreV1PodSchedulingTypes } from './core-v1-pods-scheduling.ts';
import { coreV1PodSecurityTypes } from './core-v1-pods-security.ts';
import { coreV1PodStatusTypes } from './core-v1-pods-status.ts';
import { dnsPolicies, preemptionPolicies, restartPolicies } from './enum-values.ts';
import { kinds, listKind, objectMetaField, quantityName, typeMetaFields } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);
const strings = list(string({ default: '' }));

export const coreV1PodTypes: readonly TypeDeclaration[] = [
  struct(
    core('Pod'),
    'A group of containers that run together on one node.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('PodSpec'), { default: {} }), "The pod's desired state: its containers, volumes and scheduling."),
      status: field(3, ref(core('PodStatus'), { default: {} }), "The pod's observed state, set by the system."),
    },
    { groupVersionKinds: kinds('Pod', ['v1']) },
  ),

  listKind(core('Pod'), 'v1', 'A list of Pods.'),

  struct(core('PodSpec'), 'The desired state of a pod.', {
    volumes: field(1, list(ref(core('Volume'), { default: {} })), "The volumes the pod's containers can mount.", {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge,retainKeys',
      patchMergeKey: 'name',
    }),
    initContainers: field(20, list(ref(core('Container'), { default: {} })), 'Containers run one after another, each to completion, before the regular ones.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    containers: field(2, list(ref(core('Container'), { default: {} })), "The pod's regular containers; at least one.", {
      required: true,
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    ephemeralContainers: field(34, list(ref(core('EphemeralContainer'), { default: {} })), 'Temporary containers added through the ephemeralcontainers subresource.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    restartPolicy: field(3, string({ enum: restartPolicies }), "Always, OnFailure or Never: when the pod's containers are restarted."),
    terminationGracePeriodSeconds: pointer(field(4, int64(), 'Seconds the pod gets between the termination signal and being killed; 30 by default.')),
    activeDeadlineSeconds: pointer(field(5, int64(), 'Seconds the pod may be active on its node before the system fails it.')),
    dnsPolicy: field(6, string({ enum: dnsPolicies }), "ClusterFirst, ClusterFirstWithHostNet, Default or None: how the pod's DNS is set up."),
    nodeSelector: field(7, map(string({ default: '' })), 'Labels a node must have for the pod to run on it.', { mapType: 'atomic' }),
    serviceAccountName: field(8, string(), 'The ServiceAccount the pod runs as.'),
    serviceAccount: field(9, string(), 'Deprecated alias of serviceAccountName.'),
    automountServiceAccountToken: pointer(field(21, boolean(), 'Whether a service account token is mounted into the pod.')),
    nodeName: field(10, string(), 'The node the pod is bound to; set by the scheduler.'),
    hostNetwork: field(11, boolean(), "Runs the pod in the host's network namespace."),
    hostPID: field(12, boolean(), "Runs the pod in the host's PID namespace."),
    hostIPC: field(13, boolean(), "Runs the pod in the host's IPC namespace."),
    shareProcessNamespace: pointer(field(27, boolean(), "Puts all the pod's containers in one process namespace.")),
    securityContext: pointer(field(14, ref(core('PodSecurityContext')), 'Pod-level security settings and container defaults.')),
    imagePullSecrets: field(15, list(ref(core('LocalObjectReference'), { default: {} })), "Secrets in the pod's namespace used to pull its images.", {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    hostname: field(16, string(), "The pod's hostname; a system-chosen one when unset."),
    subdomain: field(17, string(), "The subdomain that makes the pod's FQDN <hostname>.<subdomain>.<namespace>.svc.<cluster domain>."),
    affinity: pointer(field(18, ref(core('Affinity')), "The pod's node and pod affinity rules.")),
    schedulerName: field(19, string(), 'The scheduler that places the pod; the default scheduler when unset.'),
    tolerations: field(22, list(ref(core('Toleration'), { default: {} })), 'The node taints the pod tolerates.', { listType: 'atomic' }),
    hostAliases: field(23, list(ref(core('HostAlias'), { default: {} })), "Entries added to the pod's hosts file.", {
      listType: 'map',
      listMapKeys: ['ip'],
      patchStrategy: 'merge',
      patchMergeKey: 'ip',
    }),
    priorityClassName: field(24, string(), 'The PriorityClass that gives the pod its priority.'),
    priority: pointer(field(25, int32(), "The pod's priority, filled in from its PriorityClass.")),
    dnsConfig: pointer(field(26, ref(core('PodDNSConfig')), 'DNS settings merged into those dnsPolicy gives.')),
    readinessGates: field(28, list(ref(core('PodReadinessGate'), { default: {} })), 'Extra conditions that must be True for the pod to be ready.', {
      listType: 'atomic',
    }),
    runtimeClassName: pointer(field(29, string(), 'The RuntimeClass the pod runs with.')),
    enableServiceLinks: pointer(field(30, boolean(), 'Whether service information is injected as environment variables; true by default.')),
    preemptionPolicy: pointer(field(31, string({ enum: preemptionPolicies }), 'Never or PreemptLowerPriority: whether the pod may preempt pods of lower priority.')),
    overhead: field(32, map(ref(quantityName)), 'The resources running the pod costs beyond its containers, from its RuntimeClass.'),
    topologySpreadConstraints: field(33, list(ref(core('TopologySpreadConstraint'), { default: {} })), 'How the pod is spread with matching pods across topology domains.', {
      listType: 'map',
      listMapKeys: ['topologyKey', 'whenUnsatisfiable'],
      patchStrategy: 'merge',
      patchMergeKey: 'topologyKey',
    }),
    setHostnameAsFQDN: pointer(field(35, boolean(), "Sets the pod's hostname to its fully qualified domain name.")),
    os: pointer(field(36, ref(core('PodOS')), "The operating system of the pod's containers.")),
    hostUsers: pointer(field(37, boolean(), "Runs the pod in the host's user namespace; false gives it a user namespace of its own.")),
    schedulingGates: field(38, list(ref(core('PodSchedulingGate'), { default: {} })), 'Gates that hold the pod back from scheduling while any remain.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    resourceClaims: field(39, list(ref(core('PodResourceClaim'), { default: {} })), 'The ResourceClaims to allocate before the pod starts.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge,retainKeys',
      patchMergeKey: 'name',
    }),
    resources: pointer(field(40, ref(core('ResourceRequirements')), 'Requests and limits for the whole pod, shared by its containers.')),
    hostnameOverride: pointer(field(41, string(), 'The hostname the pod sees, overriding hostname and subdomain.')),
    workloadRef: pointer(field(42, ref(core('WorkloadReference')), 'The Workload and pod group the pod belongs to, for group scheduling.')),
  }),

  struct(
    core('PodTemplate'),
    'A stored template from which copies of a pod can be made.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      template: field(2, ref(core('PodTemplateSpec'), { default: {} }), 'The pods made from this template.'),
    },
    { groupVersionKinds: kinds('PodTemplate', ['v1']) },
  ),

  listKind(core('PodTemplate'), 'v1', 'A list of PodTemplates.'),

  struct(core('PodTemplateSpec'), 'The metadata and spec pods made from a template get.', {
    metadata: objectMetaField,
    spec: field(2, ref(core('PodSpec'), { default: {} }), 'The desired state of the pods.'),
  }),

  struct(core('PodOS'), "The operating system a pod's containers need.", {
    name: field(1, string({ default: '' }), 'linux or windows.', { required: true }),
  }),

  struct(core('PodDNSConfig'), 'DNS settings of a pod, added to those its dnsPolicy gives.', {
    nameservers: field(1, strings, 'Extra name server IP addresses.', { listType: 'atomic' }),
    searches: field(2, strings, 'Extra search domains.', { listType: 'atomic' }),
    options: field(3, list(ref(core('PodDNSConfigOption'), { default: {} })), 'Resolver options, overriding those of the policy.', { listType: 'atomic' }),
  }),

  struct(core('PodDNSConfigOption'), 'One DNS resolver option.', {
    name: field(1, string(), "The option's name."),
    value: pointer(field(2, string(), "The option's value.")),
  }),

  struct(core('PodReadinessGate'), 'A pod condition that must be True for the pod to be ready.', {
    conditionType: field(1, string({ default: '' }), 'The type of the condition.', { required: true }),
  }),

  struct(core('PodResourceClaim'), 'A ResourceClaim a pod uses, named directly or made from a template.', {
    name: field(1, string({ default: '' }), 'The name containers refer to the claim by, unique in the pod.', { required: true }),
    resourceClaimName: pointer(field(3, string(), "The name of an existing ResourceClaim in the pod's namespace.")),
    resourceClaimTemplateName: pointer(field(4, string(), 'The name of a ResourceClaimTemplate from which a claim for this pod is made.')),
  }),

  struct(core('PodSchedulingGate'), 'A gate that holds a pod back from scheduling.', {
    name: field(1, string({ default: '' }), "The gate's name, unique in the pod.", { required: true }),
  }),

  struct(core('HostAlias'), "An entry of a pod's hosts file: an IP address and its host names.", {
    ip: field(1, string({ default: '' }), 'The IP address.', { required: true }),
    hostnames: field(2, strings, 'The host names for it.', { listType: 'atomic' }),
  }),

  struct(core('PodCertificateProjection'), 'A private key and X.509 certificate chain the kubelet writes into a projected volume.', {
    signerName: field(1, string(), "The signer the kubelet's certificate requests go to.", { required: true }),
    keyType: field(2, string(), 'The key pair type: RSA3072, RSA4096, ECDSAP256, ECDSAP384, ECDSAP521 or ED25519.', { required: true }),
    maxExpirationSeconds: pointer(field(3, int32(), 'The longest lifetime the certificate may have; 24 hours by default.')),
    credentialBundlePath: field(4, string(), 'Where to write the key and certificate chain together, in one file.'),
    keyPath: field(5, string(), 'Where to write the private key.'),
    certificateChainPath: field(6, string(), 'Where to write the certificate chain.'),
    userAnnotations: field(7, map(string({ default: '' })), 'Extra information passed to the signer in the certificate requests.'),
  }),

  ...coreV1PodContainerTypes,
  ...coreV1PodStatusTypes,
  ...coreV1PodSchedulingTypes,
  ...coreV1PodSecurityTypes,
];
