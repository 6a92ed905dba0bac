// The types of io.k8s.api.core.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { Quantity } from './api-resource.ts';
import type { Condition, LabelSelector, ListMeta, MicroTime, ObjectMeta, Time } from './meta-v1.ts';
import type { IntOrString } from './util-intstr.ts';

/** A worker machine of the cluster on which pods run. */
export interface Node {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** How the node is set up: its pod address ranges, taints and schedulability. */
  readonly spec?: NodeSpec;
  /** What the node last reported about itself. */
  readonly status?: NodeStatus;
}

/** A list of Nodes. */
export interface NodeList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Node objects of this page. */
  readonly items: readonly Node[];
}

/** The settings a node is registered with. */
export interface NodeSpec {
  /** The pod IP range given to the node. */
  readonly podCIDR?: string;
  /** The pod IP ranges given to the node, at most one per IP family; the first equals podCIDR. */
  readonly podCIDRs?: readonly string[];
  /** The cloud provider's identifier of the node, as <ProviderName>://<ProviderSpecificNodeID>. */
  readonly providerID?: string;
  /** With true, no new pods are scheduled to the node. */
  readonly unschedulable?: boolean;
  /** The taints that keep pods without a matching toleration away. */
  readonly taints?: readonly Taint[];
  /** Deprecated: where dynamic kubelet configuration came from; the feature is gone. */
  readonly configSource?: NodeConfigSource;
  /** Deprecated: an external identifier of the node. */
  readonly externalID?: string;
}

/** What a node reports about itself: resources, conditions, addresses, software and images. */
export interface NodeStatus {
  /** The total amount of each resource the node has. */
  readonly capacity?: Readonly<Record<string, Quantity>>;
  /** The amount of each resource left for pods to be scheduled with; defaults to capacity. */
  readonly allocatable?: Readonly<Record<string, Quantity>>;
  /** Deprecated and never set: the lifecycle phase of the node. */
  readonly phase?: string;
  /** The observed conditions of the node, such as Ready. */
  readonly conditions?: readonly NodeCondition[];
  /** The addresses the node can be reached at. */
  readonly addresses?: readonly NodeAddress[];
  /** The ports the daemons on the node listen on. */
  readonly daemonEndpoints?: NodeDaemonEndpoints;
  /** Identifiers and software versions of the node. */
  readonly nodeInfo?: NodeSystemInfo;
  /** The container images present on the node. */
  readonly images?: readonly ContainerImage[];
  /** The attachable volumes mounted on the node. */
  readonly volumesInUse?: readonly string[];
  /** The volumes attached to the node. */
  readonly volumesAttached?: readonly AttachedVolume[];
  /** The state of the dynamically assigned kubelet configuration. */
  readonly config?: NodeConfigStatus;
  /** The runtime handlers the node offers. */
  readonly runtimeHandlers?: readonly NodeRuntimeHandler[];
  /** The features the container runtime of the node implements. */
  readonly features?: NodeFeatures;
  /** The feature-gate related features the node declares. */
  readonly declaredFeatures?: readonly string[];
}

/** One address of a node. */
export interface NodeAddress {
  /** Hostname, ExternalIP, InternalIP, ExternalDNS or InternalDNS. */
  readonly type: string;
  /** The address itself. */
  readonly address: string;
}

/** One observed aspect of the state of a node. */
export interface NodeCondition {
  /** Which aspect the condition is about, such as Ready or MemoryPressure. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the condition was last reported. */
  readonly lastHeartbeatTime?: Time | null;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** Deprecated: where a node takes its kubelet configuration from. */
export interface NodeConfigSource {
  /** A config map holding the configuration. */
  readonly configMap?: ConfigMapNodeConfigSource;
}

/** Deprecated: a config map that holds kubelet configuration for a node. */
export interface ConfigMapNodeConfigSource {
  /** The namespace of the config map. */
  readonly namespace: string;
  /** The name of the config map. */
  readonly name: string;
  /** The uid of the config map; set in status only. */
  readonly uid?: string;
  /** The resourceVersion of the config map; set in status only. */
  readonly resourceVersion?: string;
  /** The key of the config map that holds the kubelet configuration. */
  readonly kubeletConfigKey: string;
}

/** Deprecated: the state of the kubelet configuration assigned to a node. */
export interface NodeConfigStatus {
  /** The configuration the node will try to use. */
  readonly assigned?: NodeConfigSource;
  /** The configuration the node is using. */
  readonly active?: NodeConfigSource;
  /** The configuration the node falls back to when the assigned one fails. */
  readonly lastKnownGood?: NodeConfigSource;
  /** What went wrong applying the configuration, if anything. */
  readonly error?: string;
}

/** The ports the daemons on a node listen on. */
export interface NodeDaemonEndpoints {
  /** Where the kubelet listens. */
  readonly kubeletEndpoint?: DaemonEndpoint;
}

/** Where one daemon listens. */
export interface DaemonEndpoint {
  /** The port number. */
  readonly Port: number;
}

/** The features the container runtime of a node implements, whatever the runtime handler. */
export interface NodeFeatures {
  /** Whether the runtime supports SupplementalGroupsPolicy and ContainerUser. */
  readonly supplementalGroupsPolicy?: boolean;
}

/** One runtime handler of a node and its features. */
export interface NodeRuntimeHandler {
  /** The name of the handler; empty for the default one. */
  readonly name?: string;
  /** The features the handler supports. */
  readonly features?: NodeRuntimeHandlerFeatures;
}

/** The features one runtime handler supports. */
export interface NodeRuntimeHandlerFeatures {
  /** Whether the handler supports recursive read-only mounts. */
  readonly recursiveReadOnlyMounts?: boolean;
  /** Whether the handler supports user namespaces, volumes included. */
  readonly userNamespaces?: boolean;
}

/** The swap memory of a node. */
export interface NodeSwapStatus {
  /** The total swap memory, in bytes. */
  readonly capacity?: number;
}

/** Identifiers and software versions a node reports. */
export interface NodeSystemInfo {
  /** The machine-id of the node, the preferred unique identifier. */
  readonly machineID: string;
  /** The system UUID of the node. */
  readonly systemUUID: string;
  /** The identifier of the current boot. */
  readonly bootID: string;
  /** The kernel version, as uname -r gives it. */
  readonly kernelVersion: string;
  /** The operating system image, as /etc/os-release names it. */
  readonly osImage: string;
  /** The container runtime and its version, such as containerd://1.7.0. */
  readonly containerRuntimeVersion: string;
  /** The version of the kubelet. */
  readonly kubeletVersion: string;
  /** Deprecated: the version of kube-proxy. */
  readonly kubeProxyVersion: string;
  /** The operating system, such as linux. */
  readonly operatingSystem: string;
  /** The processor architecture, such as amd64. */
  readonly architecture: string;
  /** The swap memory of the node. */
  readonly swap?: NodeSwapStatus;
}

/** A container image present on a node. */
export interface ContainerImage {
  /** The names the image is known by. */
  readonly names?: readonly string[];
  /** The size of the image in bytes. */
  readonly sizeBytes?: number;
}

/** A mark on a node that keeps away pods that do not tolerate it. */
export interface Taint {
  /** The key of the taint. */
  readonly key: string;
  /** The value of the taint. */
  readonly value?: string;
  /** What happens to pods that do not tolerate it: NoSchedule, PreferNoSchedule or NoExecute. */
  readonly effect: string;
  /** When the taint was added. */
  readonly timeAdded?: Time;
}

/** A stable name and virtual address in front of a set of pods, with the ports it forwards. */
export interface Service {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What the service exposes and how. */
  readonly spec?: ServiceSpec;
  /** The observed state of the service, such as its load balancer. */
  readonly status?: ServiceStatus;
}

/** A list of Services. */
export interface ServiceList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Service objects of this page. */
  readonly items: readonly Service[];
}

/** What a service exposes: its ports, the pods it selects, its addresses and traffic policies. */
export interface ServiceSpec {
  /** The ports the service exposes. */
  readonly ports?: readonly ServicePort[];
  /** The labels of the pods traffic is routed to; without it, endpoints are managed elsewhere. */
  readonly selector?: Readonly<Record<string, string>>;
  /** The virtual IP of the service, "None" for a headless one; usually assigned. */
  readonly clusterIP?: string;
  /** The virtual IPs of the service, at most one per IP family; the first equals clusterIP. */
  readonly clusterIPs?: readonly string[];
  /** How the service is exposed: ClusterIP, NodePort, LoadBalancer or ExternalName. */
  readonly type?: string;
  /** Further IPs, not managed by the cluster, on which nodes accept traffic for the service. */
  readonly externalIPs?: readonly string[];
  /** ClientIP to keep sending a client to the same pod, or None. */
  readonly sessionAffinity?: string;
  /** Deprecated: the IP asked of the load balancer. */
  readonly loadBalancerIP?: string;
  /** The client IP ranges the load balancer lets in, where the provider supports it. */
  readonly loadBalancerSourceRanges?: readonly string[];
  /** The DNS name an ExternalName service aliases. */
  readonly externalName?: string;
  /** Cluster or Local: whether external traffic may go to endpoints on other nodes. */
  readonly externalTrafficPolicy?: string;
  /** The node port on which load balancers check for local endpoints, with the Local policy. */
  readonly healthCheckNodePort?: number;
  /** With true, endpoints are published whether their pods are ready or not. */
  readonly publishNotReadyAddresses?: boolean;
  /** The settings of session affinity. */
  readonly sessionAffinityConfig?: SessionAffinityConfig;
  /** The IP families (IPv4, IPv6) of the service, in order. */
  readonly ipFamilies?: readonly string[];
  /** SingleStack, PreferDualStack or RequireDualStack. */
  readonly ipFamilyPolicy?: string;
  /** Whether node ports are allocated for a LoadBalancer service; true by default. */
  readonly allocateLoadBalancerNodePorts?: boolean;
  /** The load balancer implementation that handles the service. */
  readonly loadBalancerClass?: string;
  /** Cluster or Local: whether cluster IP traffic may go to endpoints on other nodes. */
  readonly internalTrafficPolicy?: string;
  /** A preference for how traffic is spread over endpoints, such as PreferClose. */
  readonly trafficDistribution?: string;
}

/** One port a service exposes. */
export interface ServicePort {
  /** The name of the port, unique within the service. */
  readonly name?: string;
  /** TCP, UDP or SCTP. */
  readonly protocol?: string;
  /** The application protocol spoken on the port, as a hint. */
  readonly appProtocol?: string;
  /** The port number the service exposes. */
  readonly port: number;
  /** The number or name of the port on the pods; defaults to port. */
  readonly targetPort?: IntOrString;
  /** The port on every node, for NodePort and LoadBalancer services; usually assigned. */
  readonly nodePort?: number;
}

/** The observed state of a service. */
export interface ServiceStatus {
  /** The state of the load balancer, if there is one. */
  readonly loadBalancer?: LoadBalancerStatus;
  /** The observed conditions of the service. */
  readonly conditions?: readonly Condition[];
}

/** The settings of session affinity. */
export interface SessionAffinityConfig {
  /** The settings of client IP based affinity. */
  readonly clientIP?: ClientIPConfig;
}

/** The settings of client IP based session affinity. */
export interface ClientIPConfig {
  /** How long a client sticks to the same pod, in seconds; 10800 by default. */
  readonly timeoutSeconds?: number;
}

/** The state of a load balancer. */
export interface LoadBalancerStatus {
  /** The points at which the load balancer takes traffic. */
  readonly ingress?: readonly LoadBalancerIngress[];
}

/** One point at which a load balancer takes traffic. */
export interface LoadBalancerIngress {
  /** The IP of the point, for IP based load balancers. */
  readonly ip?: string;
  /** The host name of the point, for DNS based load balancers. */
  readonly hostname?: string;
  /** VIP or Proxy: how traffic to the IP reaches the nodes. */
  readonly ipMode?: string;
  /** The state of each service port on this point. */
  readonly ports?: readonly PortStatus[];
}

/** The state of one service port, and any error with it. */
export interface PortStatus {
  /** The port number. */
  readonly port: number;
  /** TCP, UDP or SCTP. */
  readonly protocol: string;
  /** What is wrong with the port, in CamelCase, if anything. */
  readonly error?: string;
}

/** Deprecated (use EndpointSlice): the addresses and ports that serve a service. */
export interface Endpoints {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** Groups of addresses sharing the same ports. */
  readonly subsets?: readonly EndpointSubset[];
}

/** A list of Endpoints. */
export interface EndpointsList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Endpoints objects of this page. */
  readonly items: readonly Endpoints[];
}

/** Addresses that all offer the same ports. */
export interface EndpointSubset {
  /** The ready addresses. */
  readonly addresses?: readonly EndpointAddress[];
  /** The addresses not ready yet. */
  readonly notReadyAddresses?: readonly EndpointAddress[];
  /** The ports the addresses offer. */
  readonly ports?: readonly EndpointPort[];
}

/** One address of an endpoint. */
export interface EndpointAddress {
  /** The IP of the endpoint. */
  readonly ip: string;
  /** The host name of the endpoint. */
  readonly hostname?: string;
  /** The node the endpoint runs on. */
  readonly nodeName?: string;
  /** The object behind the endpoint, usually a pod. */
  readonly targetRef?: ObjectReference;
}

/** One port of an endpoint. */
export interface EndpointPort {
  /** The name of the port, matching the service port. */
  readonly name?: string;
  /** The port number. */
  readonly port: number;
  /** TCP, UDP or SCTP. */
  readonly protocol?: string;
  /** The application protocol spoken on the port, as a hint. */
  readonly appProtocol?: string;
}

/** Enough to find and inspect or modify another object. */
export interface ObjectReference {
  /** The kind of the object. */
  readonly kind?: string;
  /** The namespace of the object. */
  readonly namespace?: string;
  /** The name of the object. */
  readonly name?: string;
  /** The uid of the object. */
  readonly uid?: string;
  /** The group and version of the object. */
  readonly apiVersion?: string;
  /** The resourceVersion of the object the reference was made to, if it matters. */
  readonly resourceVersion?: string;
  /** The part of the object meant, such as "spec.containers{app}", when not the whole. */
  readonly fieldPath?: string;
}

/** Ties an object to another; the scheduler binds a pod to a node with it. */
export interface Binding {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The object to bind to. */
  readonly target: ObjectReference;
}

/** Deprecated: the health of a control plane component. */
export interface ComponentStatus {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The observed conditions of the component. */
  readonly conditions?: readonly ComponentCondition[];
}

/** Deprecated: a list of ComponentStatuses. */
export interface ComponentStatusList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ComponentStatus objects of this page. */
  readonly items: readonly ComponentStatus[];
}

/** One observed condition of a component. */
export interface ComponentCondition {
  /** Which condition it is; only Healthy exists. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** What was observed, such as the result of a health check. */
  readonly message?: string;
  /** The error code of a failed check. */
  readonly error?: string;
}

/** Configuration data, as string or binary values by key, for pods to use. */
export interface ConfigMap {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** With true, data and binaryData can no longer change. */
  readonly immutable?: boolean;
  /** The UTF-8 values by key. */
  readonly data?: Readonly<Record<string, string>>;
  /** The binary values by key; no key may also be in data. */
  readonly binaryData?: Readonly<Record<string, string>>;
}

/** A list of ConfigMaps. */
export interface ConfigMapList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ConfigMap objects of this page. */
  readonly items: readonly ConfigMap[];
}

/** Sensitive data, such as passwords, tokens or keys, by key. */
export interface Secret {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** With true, data can no longer change. */
  readonly immutable?: boolean;
  /** The values by key, base64 encoded in JSON. */
  readonly data?: Readonly<Record<string, string>>;
  /** Write-only: plain string values merged into data on write. */
  readonly stringData?: Readonly<Record<string, string>>;
  /** The kind of secret, such as Opaque or kubernetes.io/tls, for programs handling it. */
  readonly type?: string;
}

/** A list of Secrets. */
export interface SecretList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Secret objects of this page. */
  readonly items: readonly Secret[];
}

/** An identity for processes in pods, with the secrets they may use. */
export interface ServiceAccount {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** Secrets in the namespace that pods running as the account may use. */
  readonly secrets?: readonly ObjectReference[];
  /** Secrets used to pull images for pods running as the account. */
  readonly imagePullSecrets?: readonly LocalObjectReference[];
  /** Whether pods running as the account get an API token mounted by default. */
  readonly automountServiceAccountToken?: boolean;
}

/** A list of ServiceAccounts. */
export interface ServiceAccountList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ServiceAccount objects of this page. */
  readonly items: readonly ServiceAccount[];
}

/** A scope for names, which most kinds of objects live in. */
export interface Namespace {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The settings of the namespace. */
  readonly spec?: NamespaceSpec;
  /** The observed state of the namespace. */
  readonly status?: NamespaceStatus;
}

/** A list of Namespaces. */
export interface NamespaceList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Namespace objects of this page. */
  readonly items: readonly Namespace[];
}

/** The settings of a namespace. */
export interface NamespaceSpec {
  /** Values that must all be cleared before the namespace is removed. */
  readonly finalizers?: readonly string[];
}

/** The observed state of a namespace. */
export interface NamespaceStatus {
  /** Active or Terminating. */
  readonly phase?: string;
  /** The observed conditions of the namespace. */
  readonly conditions?: readonly NamespaceCondition[];
}

/** One observed aspect of the state of a namespace. */
export interface NamespaceCondition {
  /** Which aspect the condition is about. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** A report of something that happened to an object, kept for a limited time. */
export interface Event {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata: ObjectMeta;
  /** The object the event is about. */
  readonly involvedObject: ObjectReference;
  /** Why it happened, in CamelCase, for programs. */
  readonly reason?: string;
  /** What happened, for people. */
  readonly message?: string;
  /** The component that reported the event. */
  readonly source?: EventSource;
  /** When the event was first recorded. */
  readonly firstTimestamp?: Time | null;
  /** When the event was last recorded. */
  readonly lastTimestamp?: Time | null;
  /** How many times the event happened. */
  readonly count?: number;
  /** Normal or Warning. */
  readonly type?: string;
  /** When the event was first observed, to the microsecond. */
  readonly eventTime?: MicroTime | null;
  /** The series the event stands for, unset for a single event. */
  readonly series?: EventSeries;
  /** What was done, or failed, to the object. */
  readonly action?: string;
  /** A second object the event concerns. */
  readonly related?: ObjectReference;
  /** The controller that emitted the event, such as kubernetes.io/kubelet. */
  readonly reportingComponent?: string;
  /** The instance of that controller, such as kubelet-xyzf. */
  readonly reportingInstance?: string;
}

/** A list of Events. */
export interface EventList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Event objects of this page. */
  readonly items: readonly Event[];
}

/** A run of the same event repeating over time. */
export interface EventSeries {
  /** How many times it happened up to the last heartbeat. */
  readonly count?: number;
  /** When it was last observed. */
  readonly lastObservedTime?: MicroTime | null;
}

/** Who reported an event. */
export interface EventSource {
  /** The component that reported it. */
  readonly component?: string;
  /** The node it was reported on. */
  readonly host?: string;
}

/** Limits on the resources each pod, container or claim in a namespace may use. */
export interface LimitRange {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The limits enforced. */
  readonly spec?: LimitRangeSpec;
}

/** A list of LimitRanges. */
export interface LimitRangeList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The LimitRange objects of this page. */
  readonly items: readonly LimitRange[];
}

/** The limits a limit range enforces. */
export interface LimitRangeSpec {
  /** The limits, each for one kind of object. */
  readonly limits: readonly LimitRangeItem[];
}

/** The limits and defaults for one kind of object, by resource name. */
export interface LimitRangeItem {
  /** The kind of object limited: Pod, Container or PersistentVolumeClaim. */
  readonly type: string;
  /** The most of each resource an object may use. */
  readonly max?: Readonly<Record<string, Quantity>>;
  /** The least of each resource an object must ask for. */
  readonly min?: Readonly<Record<string, Quantity>>;
  /** The limit set on each resource when none is given. */
  readonly default?: Readonly<Record<string, Quantity>>;
  /** The request set on each resource when none is given. */
  readonly defaultRequest?: Readonly<Record<string, Quantity>>;
  /** The largest ratio of limit to request allowed for each resource. */
  readonly maxLimitRequestRatio?: Readonly<Record<string, Quantity>>;
}

/** Limits on the total resources and object counts of a namespace. */
export interface ResourceQuota {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The limits wanted. */
  readonly spec?: ResourceQuotaSpec;
  /** The limits enforced and what is used of them. */
  readonly status?: ResourceQuotaStatus;
}

/** A list of ResourceQuotas. */
export interface ResourceQuotaList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ResourceQuota objects of this page. */
  readonly items: readonly ResourceQuota[];
}

/** The limits a quota asks for, and which objects it counts. */
export interface ResourceQuotaSpec {
  /** The hard limit for each named resource. */
  readonly hard?: Readonly<Record<string, Quantity>>;
  /** Filters every counted object must match. */
  readonly scopes?: readonly string[];
  /** More filters every counted object must match, as expressions. */
  readonly scopeSelector?: ScopeSelector;
}

/** The limits a quota enforces and the use observed. */
export interface ResourceQuotaStatus {
  /** The hard limit enforced for each named resource. */
  readonly hard?: Readonly<Record<string, Quantity>>;
  /** The use observed in the namespace for each named resource. */
  readonly used?: Readonly<Record<string, Quantity>>;
}

/** Scope requirements that must all hold. */
export interface ScopeSelector {
  /** The requirements. */
  readonly matchExpressions?: readonly ScopedResourceSelectorRequirement[];
}

/** One requirement on a quota scope: its name, an operator and values. */
export interface ScopedResourceSelectorRequirement {
  /** The scope the requirement is about. */
  readonly scopeName: string;
  /** In, NotIn, Exists or DoesNotExist. */
  readonly operator: string;
  /** The values for In and NotIn; empty for Exists and DoesNotExist. */
  readonly values?: readonly string[];
}

/** Keeps a given number of copies of a pod running; the older form of ReplicaSet. */
export interface ReplicationController {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The pods wanted and how many. */
  readonly spec?: ReplicationControllerSpec;
  /** The pods observed. */
  readonly status?: ReplicationControllerStatus;
}

/** A list of ReplicationControllers. */
export interface ReplicationControllerList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ReplicationController objects of this page. */
  readonly items: readonly ReplicationController[];
}

/** The pods a replication controller keeps running, and how many. */
export interface ReplicationControllerSpec {
  /** How many pods are wanted. */
  readonly replicas?: number;
  /** How long a new pod must be ready, without crashing, to count as available. */
  readonly minReadySeconds?: number;
  /** The labels of the pods counted; defaults to the labels of the template. */
  readonly selector?: Readonly<Record<string, string>>;
  /** The pod made when too few are running. */
  readonly template?: PodTemplateSpec;
}

/** The pods a replication controller last observed. */
export interface ReplicationControllerStatus {
  /** How many pods there are. */
  readonly replicas: number;
  /** How many pods carry all the labels of the template. */
  readonly fullyLabeledReplicas?: number;
  /** How many pods are ready. */
  readonly readyReplicas?: number;
  /** How many pods have been ready for at least minReadySeconds. */
  readonly availableReplicas?: number;
  /** The generation of the controller last observed. */
  readonly observedGeneration?: number;
  /** The observed conditions of the controller. */
  readonly conditions?: readonly ReplicationControllerCondition[];
}

/** One observed aspect of the state of a replication controller. */
export interface ReplicationControllerCondition {
  /** Which aspect the condition is about. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** The Workload object and pod group a pod belongs to, for workload-aware scheduling. */
export interface WorkloadReference {
  /** The name of the Workload, in the namespace of the pod. */
  readonly name: string;
  /** The pod group within the Workload. */
  readonly podGroup: string;
  /** The replica of the pod group the pod belongs to. */
  readonly podGroupReplicaKey?: string;
}

/** A group of containers that run together on one node. */
export interface Pod {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The pod's desired state: its containers, volumes and scheduling. */
  readonly spec?: PodSpec;
  /** The pod's observed state, set by the system. */
  readonly status?: PodStatus;
}

/** A list of Pods. */
export interface PodList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Pod objects of this page. */
  readonly items: readonly Pod[];
}

/** The desired state of a pod. */
export interface PodSpec {
  /** The volumes the pod's containers can mount. */
  readonly volumes?: readonly Volume[];
  /** Containers run one after another, each to completion, before the regular ones. */
  readonly initContainers?: readonly Container[];
  /** The pod's regular containers; at least one. */
  readonly containers: readonly Container[];
  /** Temporary containers added through the ephemeralcontainers subresource. */
  readonly ephemeralContainers?: readonly EphemeralContainer[];
  /** Always, OnFailure or Never: when the pod's containers are restarted. */
  readonly restartPolicy?: string;
  /** Seconds the pod gets between the termination signal and being killed; 30 by default. */
  readonly terminationGracePeriodSeconds?: number;
  /** Seconds the pod may be active on its node before the system fails it. */
  readonly activeDeadlineSeconds?: number;
  /** ClusterFirst, ClusterFirstWithHostNet, Default or None: how the pod's DNS is set up. */
  readonly dnsPolicy?: string;
  /** Labels a node must have for the pod to run on it. */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** The ServiceAccount the pod runs as. */
  readonly serviceAccountName?: string;
  /** Deprecated alias of serviceAccountName. */
  readonly serviceAccount?: string;
  /** Whether a service account token is mounted into the pod. */
  readonly automountServiceAccountToken?: boolean;
  /** The node the pod is bound to; set by the scheduler. */
  readonly nodeName?: string;
  /** Runs the pod in the host's network namespace. */
  readonly hostNetwork?: boolean;
  /** Runs the pod in the host's PID namespace. */
  readonly hostPID?: boolean;
  /** Runs the pod in the host's IPC namespace. */
  readonly hostIPC?: boolean;
  /** Puts all the pod's containers in one process namespace. */
  readonly shareProcessNamespace?: boolean;
  /** Pod-level security settings and container defaults. */
  readonly securityContext?: PodSecurityContext;
  /** Secrets in the pod's namespace used to pull its images. */
  readonly imagePullSecrets?: readonly LocalObjectReference[];
  /** The pod's hostname; a system-chosen one when unset. */
  readonly hostname?: string;
  /** The subdomain that makes the pod's FQDN <hostname>.<subdomain>.<namespace>.svc.<cluster domain>. */
  readonly subdomain?: string;
  /** The pod's node and pod affinity rules. */
  readonly affinity?: Affinity;
  /** The scheduler that places the pod; the default scheduler when unset. */
  readonly schedulerName?: string;
  /** The node taints the pod tolerates. */
  readonly tolerations?: readonly Toleration[];
  /** Entries added to the pod's hosts file. */
  readonly hostAliases?: readonly HostAlias[];
  /** The PriorityClass that gives the pod its priority. */
  readonly priorityClassName?: string;
  /** The pod's priority, filled in from its PriorityClass. */
  readonly priority?: number;
  /** DNS settings merged into those dnsPolicy gives. */
  readonly dnsConfig?: PodDNSConfig;
  /** Extra conditions that must be True for the pod to be ready. */
  readonly readinessGates?: readonly PodReadinessGate[];
  /** The RuntimeClass the pod runs with. */
  readonly runtimeClassName?: string;
  /** Whether service information is injected as environment variables; true by default. */
  readonly enableServiceLinks?: boolean;
  /** Never or PreemptLowerPriority: whether the pod may preempt pods of lower priority. */
  readonly preemptionPolicy?: string;
  /** The resources running the pod costs beyond its containers, from its RuntimeClass. */
  readonly overhead?: Readonly<Record<string, Quantity>>;
  /** How the pod is spread with matching pods across topology domains. */
  readonly topologySpreadConstraints?: readonly TopologySpreadConstraint[];
  /** Sets the pod's hostname to its fully qualified domain name. */
  readonly setHostnameAsFQDN?: boolean;
  /** The operating system of the pod's containers. */
  readonly os?: PodOS;
  /** Runs the pod in the host's user namespace; false gives it a user namespace of its own. */
  readonly hostUsers?: boolean;
  /** Gates that hold the pod back from scheduling while any remain. */
  readonly schedulingGates?: readonly PodSchedulingGate[];
  /** The ResourceClaims to allocate before the pod starts. */
  readonly resourceClaims?: readonly PodResourceClaim[];
  /** Requests and limits for the whole pod, shared by its containers. */
  readonly resources?: ResourceRequirements;
  /** The hostname the pod sees, overriding hostname and subdomain. */
  readonly hostnameOverride?: string;
  /** The Workload and pod group the pod belongs to, for group scheduling. */
  readonly workloadRef?: WorkloadReference;
}

/** A stored template from which copies of a pod can be made. */
export interface PodTemplate {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The pods made from this template. */
  readonly template?: PodTemplateSpec;
}

/** A list of PodTemplates. */
export interface PodTemplateList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The PodTemplate objects of this page. */
  readonly items: readonly PodTemplate[];
}

/** The metadata and spec pods made from a template get. */
export interface PodTemplateSpec {
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired state of the pods. */
  readonly spec?: PodSpec;
}

/** The operating system a pod's containers need. */
export interface PodOS {
  /** linux or windows. */
  readonly name: string;
}

/** DNS settings of a pod, added to those its dnsPolicy gives. */
export interface PodDNSConfig {
  /** Extra name server IP addresses. */
  readonly nameservers?: readonly string[];
  /** Extra search domains. */
  readonly searches?: readonly string[];
  /** Resolver options, overriding those of the policy. */
  readonly options?: readonly PodDNSConfigOption[];
}

/** One DNS resolver option. */
export interface PodDNSConfigOption {
  /** The option's name. */
  readonly name?: string;
  /** The option's value. */
  readonly value?: string;
}

/** A pod condition that must be True for the pod to be ready. */
export interface PodReadinessGate {
  /** The type of the condition. */
  readonly conditionType: string;
}

/** A ResourceClaim a pod uses, named directly or made from a template. */
export interface PodResourceClaim {
  /** The name containers refer to the claim by, unique in the pod. */
  readonly name: string;
  /** The name of an existing ResourceClaim in the pod's namespace. */
  readonly resourceClaimName?: string;
  /** The name of a ResourceClaimTemplate from which a claim for this pod is made. */
  readonly resourceClaimTemplateName?: string;
}

/** A gate that holds a pod back from scheduling. */
export interface PodSchedulingGate {
  /** The gate's name, unique in the pod. */
  readonly name: string;
}

/** An entry of a pod's hosts file: an IP address and its host names. */
export interface HostAlias {
  /** The IP address. */
  readonly ip: string;
  /** The host names for it. */
  readonly hostnames?: readonly string[];
}

/** A private key and X.509 certificate chain the kubelet writes into a projected volume. */
export interface PodCertificateProjection {
  /** The signer the kubelet's certificate requests go to. */
  readonly signerName: string;
  /** The key pair type: RSA3072, RSA4096, ECDSAP256, ECDSAP384, ECDSAP521 or ED25519. */
  readonly keyType: string;
  /** The longest lifetime the certificate may have; 24 hours by default. */
  readonly maxExpirationSeconds?: number;
  /** Where to write the key and certificate chain together, in one file. */
  readonly credentialBundlePath?: string;
  /** Where to write the private key. */
  readonly keyPath?: string;
  /** Where to write the certificate chain. */
  readonly certificateChainPath?: string;
  /** Extra information passed to the signer in the certificate requests. */
  readonly userAnnotations?: Readonly<Record<string, string>>;
}

/** One application container of a pod. */
export interface Container {
  /** The container's name, a DNS label unique among the pod's containers. */
  readonly name: string;
  /** The container image to run. */
  readonly image?: string;
  /** The entrypoint, replacing the image's ENTRYPOINT; $(VAR) references are expanded. */
  readonly command?: readonly string[];
  /** The arguments, replacing the image's CMD; $(VAR) references are expanded. */
  readonly args?: readonly string[];
  /** The working directory; the runtime's default when unset. */
  readonly workingDir?: string;
  /** The ports the container exposes, for information and for naming. */
  readonly ports?: readonly ContainerPort[];
  /** ConfigMaps and Secrets whose keys all become environment variables. */
  readonly envFrom?: readonly EnvFromSource[];
  /** Environment variables to set in the container. */
  readonly env?: readonly EnvVar[];
  /** The compute resources the container requests and is limited to. */
  readonly resources?: ResourceRequirements;
  /** Whether resizing each resource restarts the container. */
  readonly resizePolicy?: readonly ContainerResizePolicy[];
  /** The container's own restart policy, overriding the pod's; Always makes an init container a sidecar. */
  readonly restartPolicy?: string;
  /** Rules, tried in order, deciding whether an exited container restarts. */
  readonly restartPolicyRules?: readonly ContainerRestartRule[];
  /** The pod volumes mounted into the container's filesystem. */
  readonly volumeMounts?: readonly VolumeMount[];
  /** The raw block devices the container uses. */
  readonly volumeDevices?: readonly VolumeDevice[];
  /** A periodic check that restarts the container when it fails. */
  readonly livenessProbe?: Probe;
  /** A periodic check that takes the container out of service endpoints when it fails. */
  readonly readinessProbe?: Probe;
  /** A check that must succeed before the other probes start. */
  readonly startupProbe?: Probe;
  /** Actions run after the container starts and before it stops. */
  readonly lifecycle?: Lifecycle;
  /** The file the container writes its termination message to; /dev/termination-log by default. */
  readonly terminationMessagePath?: string;
  /** File or FallbackToLogsOnError: where the termination message comes from. */
  readonly terminationMessagePolicy?: string;
  /** Always, Never or IfNotPresent: when the image is pulled. */
  readonly imagePullPolicy?: string;
  /** The container's security settings, overriding the pod's. */
  readonly securityContext?: SecurityContext;
  /** Keeps a stdin buffer open for the container; otherwise reads from stdin see EOF. */
  readonly stdin?: boolean;
  /** Closes stdin after the first attach session ends. */
  readonly stdinOnce?: boolean;
  /** Gives the container a TTY; needs stdin. */
  readonly tty?: boolean;
}

/** A network port of a container. */
export interface ContainerPort {
  /** A name for the port, unique in the pod, that services can refer to. */
  readonly name?: string;
  /** The port opened on the host for it; most containers need none. */
  readonly hostPort?: number;
  /** The port number on the pod's IP address. */
  readonly containerPort: number;
  /** TCP, UDP or SCTP. */
  readonly protocol?: string;
  /** The host IP the host port is bound to. */
  readonly hostIP?: string;
}

/** What resizing one resource of a container requires. */
export interface ContainerResizePolicy {
  /** The resource, cpu or memory. */
  readonly resourceName: string;
  /** NotRequired or RestartContainer. */
  readonly restartPolicy: string;
}

/** A rule on how to handle a container that exited. */
export interface ContainerRestartRule {
  /** What to do when the rule matches; only Restart exists. */
  readonly action: string;
  /** The exit codes the rule matches. */
  readonly exitCodes?: ContainerRestartRuleOnExitCodes;
}

/** A condition on the exit code of a container. */
export interface ContainerRestartRuleOnExitCodes {
  /** In or NotIn: whether the exit code must be among the values or not. */
  readonly operator: string;
  /** The exit codes, at most 255. */
  readonly values?: readonly number[];
}

/** A temporary container added to a running pod, for instance to debug it. */
export interface EphemeralContainer {
  /** The container's name, unique among all the pod's containers. */
  readonly name: string;
  /** The container image to run. */
  readonly image?: string;
  /** The entrypoint, replacing the image's ENTRYPOINT; $(VAR) references are expanded. */
  readonly command?: readonly string[];
  /** The arguments, replacing the image's CMD; $(VAR) references are expanded. */
  readonly args?: readonly string[];
  /** The working directory; the runtime's default when unset. */
  readonly workingDir?: string;
  /** Not allowed for ephemeral containers. */
  readonly ports?: readonly ContainerPort[];
  /** ConfigMaps and Secrets whose keys all become environment variables. */
  readonly envFrom?: readonly EnvFromSource[];
  /** Environment variables to set in the container. */
  readonly env?: readonly EnvVar[];
  /** Not allowed: ephemeral containers use the resources the pod already has. */
  readonly resources?: ResourceRequirements;
  /** Whether resizing each resource restarts the container. */
  readonly resizePolicy?: readonly ContainerResizePolicy[];
  /** Not allowed for ephemeral containers. */
  readonly restartPolicy?: string;
  /** Not allowed for ephemeral containers. */
  readonly restartPolicyRules?: readonly ContainerRestartRule[];
  /** The pod volumes mounted into the container; subPath is not allowed. */
  readonly volumeMounts?: readonly VolumeMount[];
  /** The raw block devices the container uses. */
  readonly volumeDevices?: readonly VolumeDevice[];
  /** Not allowed for ephemeral containers. */
  readonly livenessProbe?: Probe;
  /** Not allowed for ephemeral containers. */
  readonly readinessProbe?: Probe;
  /** Not allowed for ephemeral containers. */
  readonly startupProbe?: Probe;
  /** Not allowed for ephemeral containers. */
  readonly lifecycle?: Lifecycle;
  /** The file the container writes its termination message to; /dev/termination-log by default. */
  readonly terminationMessagePath?: string;
  /** File or FallbackToLogsOnError: where the termination message comes from. */
  readonly terminationMessagePolicy?: string;
  /** Always, Never or IfNotPresent: when the image is pulled. */
  readonly imagePullPolicy?: string;
  /** The container's security settings, overriding the pod's. */
  readonly securityContext?: SecurityContext;
  /** Keeps a stdin buffer open for the container; otherwise reads from stdin see EOF. */
  readonly stdin?: boolean;
  /** Closes stdin after the first attach session ends. */
  readonly stdinOnce?: boolean;
  /** Gives the container a TTY; needs stdin. */
  readonly tty?: boolean;
  /** The pod container whose namespaces (IPC, PID, ...) this one joins; the pod's when unset. */
  readonly targetContainerName?: string;
}

/** A ConfigMap or Secret whose keys all become environment variables. */
export interface EnvFromSource {
  /** A prefix put before every variable name. */
  readonly prefix?: string;
  /** The ConfigMap to read. */
  readonly configMapRef?: ConfigMapEnvSource;
  /** The Secret to read. */
  readonly secretRef?: SecretEnvSource;
}

/** A ConfigMap whose keys all become environment variables. */
export interface ConfigMapEnvSource {
  /** The name of the ConfigMap. */
  readonly name?: string;
  /** With true, a missing ConfigMap is no error. */
  readonly optional?: boolean;
}

/** A Secret whose keys all become environment variables. */
export interface SecretEnvSource {
  /** The name of the Secret. */
  readonly name?: string;
  /** With true, a missing Secret is no error. */
  readonly optional?: boolean;
}

/** An environment variable of a container. */
export interface EnvVar {
  /** The variable's name. */
  readonly name: string;
  /** The value, with $(VAR) references expanded; empty by default. */
  readonly value?: string;
  /** Where to read the value from, when value is empty. */
  readonly valueFrom?: EnvVarSource;
}

/** Where an environment variable's value comes from; exactly one source is set. */
export interface EnvVarSource {
  /** A field of the pod, such as metadata.name or status.podIP. */
  readonly fieldRef?: ObjectFieldSelector;
  /** A resource limit or request of a container. */
  readonly resourceFieldRef?: ResourceFieldSelector;
  /** A key of a ConfigMap. */
  readonly configMapKeyRef?: ConfigMapKeySelector;
  /** A key of a Secret in the pod's namespace. */
  readonly secretKeyRef?: SecretKeySelector;
  /** A key of an env file in a volume. */
  readonly fileKeyRef?: FileKeySelector;
}

/** A field of an object, named by its path in a given API version. */
export interface ObjectFieldSelector {
  /** The API version the path is written against; "v1" by default. */
  readonly apiVersion?: string;
  /** The path of the field. */
  readonly fieldPath: string;
}

/** A resource limit or request of a container, and the unit to express it in. */
export interface ResourceFieldSelector {
  /** The container; required for volumes, optional for environment variables. */
  readonly containerName?: string;
  /** The resource, such as limits.cpu or requests.memory. */
  readonly resource: string;
  /** The unit the value is divided by; "1" by default. */
  readonly divisor?: Quantity;
}

/** One key of a ConfigMap. */
export interface ConfigMapKeySelector {
  /** The name of the ConfigMap. */
  readonly name?: string;
  /** The key to read. */
  readonly key: string;
  /** With true, a missing ConfigMap or key is no error. */
  readonly optional?: boolean;
}

/** One key of a Secret. */
export interface SecretKeySelector {
  /** The name of the Secret. */
  readonly name?: string;
  /** The key to read. */
  readonly key: string;
  /** With true, a missing Secret or key is no error. */
  readonly optional?: boolean;
}

/** One key of an env file found in a volume. */
export interface FileKeySelector {
  /** The volume mount holding the file. */
  readonly volumeName: string;
  /** The file's path, relative to the volume. */
  readonly path: string;
  /** The key to read from the file. */
  readonly key: string;
  /** With true, a missing file or key leaves the variable unset instead of failing. */
  readonly optional?: boolean;
}

/** The compute resources a container (or pod) requests and is limited to. */
export interface ResourceRequirements {
  /** The most of each resource that may be used. */
  readonly limits?: Readonly<Record<string, Quantity>>;
  /** The least of each resource needed; limits when unset. */
  readonly requests?: Readonly<Record<string, Quantity>>;
  /** The pod's resource claims the container uses. */
  readonly claims?: readonly ResourceClaim[];
}

/** Names one of the pod's resource claims a container uses. */
export interface ResourceClaim {
  /** The name of an entry of the pod's resourceClaims. */
  readonly name: string;
  /** One request of the claim; the whole claim when empty. */
  readonly request?: string;
}

/** A health check of a container and how often and how patiently it runs. */
export interface Probe {
  /** Runs a command in the container. */
  readonly exec?: ExecAction;
  /** Sends an HTTP GET request. */
  readonly httpGet?: HTTPGetAction;
  /** Opens a TCP connection. */
  readonly tcpSocket?: TCPSocketAction;
  /** Sends a gRPC health check request. */
  readonly grpc?: GRPCAction;
  /** Seconds after the container starts before the first probe. */
  readonly initialDelaySeconds?: number;
  /** Seconds after which a probe times out; 1 by default. */
  readonly timeoutSeconds?: number;
  /** Seconds between probes; 10 by default. */
  readonly periodSeconds?: number;
  /** Successes in a row that count as success after a failure; 1 by default. */
  readonly successThreshold?: number;
  /** Failures in a row that count as failure; 3 by default. */
  readonly failureThreshold?: number;
  /** The grace period when a failed probe kills the container, overriding the pod's. */
  readonly terminationGracePeriodSeconds?: number;
}

/** Runs a command inside the container. */
export interface ExecAction {
  /** The command line, not run in a shell; exit status 0 means healthy. */
  readonly command?: readonly string[];
}

/** Sends an HTTP GET request. */
export interface HTTPGetAction {
  /** The path to request. */
  readonly path?: string;
  /** The port number or name to connect to. */
  readonly port: IntOrString;
  /** The host to connect to; the pod IP by default. */
  readonly host?: string;
  /** HTTP or HTTPS; HTTP by default. */
  readonly scheme?: string;
  /** Headers to send with the request. */
  readonly httpHeaders?: readonly HTTPHeader[];
}

/** A header of an HTTP probe request. */
export interface HTTPHeader {
  /** The header name. */
  readonly name: string;
  /** The header value. */
  readonly value: string;
}

/** Opens a TCP connection. */
export interface TCPSocketAction {
  /** The port number or name to connect to. */
  readonly port: IntOrString;
  /** The host to connect to; the pod IP by default. */
  readonly host?: string;
}

/** Calls the gRPC health checking service. */
export interface GRPCAction {
  /** The port of the gRPC service. */
  readonly port: number;
  /** The service name put in the HealthCheckRequest. */
  readonly service?: string;
}

/** Waits for a while. */
export interface SleepAction {
  /** How many seconds to sleep. */
  readonly seconds: number;
}

/** Actions run at points in a container's life. */
export interface Lifecycle {
  /** Runs right after the container is created; a failure restarts it. */
  readonly postStart?: LifecycleHandler;
  /** Runs before the container is terminated by the system or an API request. */
  readonly preStop?: LifecycleHandler;
  /** The signal sent to stop the container; the runtime's default when unset. */
  readonly stopSignal?: string;
}

/** One action of a lifecycle hook; exactly one is set. */
export interface LifecycleHandler {
  /** Runs a command in the container. */
  readonly exec?: ExecAction;
  /** Sends an HTTP GET request. */
  readonly httpGet?: HTTPGetAction;
  /** Deprecated and not supported: kept for compatibility. */
  readonly tcpSocket?: TCPSocketAction;
  /** Waits for a number of seconds. */
  readonly sleep?: SleepAction;
}

/** The observed state of a pod, which may trail the real one. */
export interface PodStatus {
  /** The metadata.generation this status was computed from. */
  readonly observedGeneration?: number;
  /** Pending, Running, Succeeded, Failed or Unknown: where the pod is in its lifecycle. */
  readonly phase?: string;
  /** The pod's current conditions. */
  readonly conditions?: readonly PodCondition[];
  /** Why the pod is in this state, for people. */
  readonly message?: string;
  /** Why the pod is in this state, in CamelCase, such as Evicted. */
  readonly reason?: string;
  /** The node the pod is expected to go to once the pods it preempted are gone. */
  readonly nominatedNodeName?: string;
  /** The IP address of the node the pod runs on. */
  readonly hostIP?: string;
  /** The IP addresses of the node; the first is hostIP. */
  readonly hostIPs?: readonly HostIP[];
  /** The pod's IP address, routable at least within the cluster. */
  readonly podIP?: string;
  /** The pod's IP addresses, at most one per family; the first is podIP. */
  readonly podIPs?: readonly PodIP[];
  /** When the kubelet accepted the pod, before pulling its images. */
  readonly startTime?: Time;
  /** The statuses of the init containers. */
  readonly initContainerStatuses?: readonly ContainerStatus[];
  /** The statuses of the regular containers. */
  readonly containerStatuses?: readonly ContainerStatus[];
  /** Guaranteed, Burstable or BestEffort: the quality of service class from the resource requirements. */
  readonly qosClass?: string;
  /** The statuses of the ephemeral containers. */
  readonly ephemeralContainerStatuses?: readonly ContainerStatus[];
  /** Deprecated: the state of a pending resize, now told by the PodResize* conditions. */
  readonly resize?: string;
  /** The names of the ResourceClaims made for the pod. */
  readonly resourceClaimStatuses?: readonly PodResourceClaimStatus[];
  /** The ResourceClaim made for the pod's extended resources backed by DRA. */
  readonly extendedResourceClaimStatus?: PodExtendedResourceClaimStatus;
  /** The total requests the node allocated to the pod. */
  readonly allocatedResources?: Readonly<Record<string, Quantity>>;
  /** The pod-level requests and limits in effect. */
  readonly resources?: ResourceRequirements;
}

/** One aspect of a pod's state. */
export interface PodCondition {
  /** What the condition is about, such as Ready or PodScheduled. */
  readonly type: string;
  /** The metadata.generation the condition was computed from. */
  readonly observedGeneration?: number;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the condition was last checked. */
  readonly lastProbeTime?: Time | null;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** One IP address of a pod. */
export interface PodIP {
  /** The IP address. */
  readonly ip: string;
}

/** One IP address of the node a pod runs on. */
export interface HostIP {
  /** The IP address. */
  readonly ip: string;
}

/** The ResourceClaim made for one of a pod's claims from a template. */
export interface PodResourceClaimStatus {
  /** The name of the entry of the pod's resourceClaims. */
  readonly name: string;
  /** The name of the ResourceClaim made; unset when none was needed. */
  readonly resourceClaimName?: string;
}

/** The ResourceClaim the scheduler made for a pod's extended resources backed by DRA. */
export interface PodExtendedResourceClaimStatus {
  /** Which claim request serves each container's extended resource. */
  readonly requestMappings: readonly ContainerExtendedResourceRequest[];
  /** The name of the ResourceClaim made. */
  readonly resourceClaimName: string;
}

/** Which request of a claim serves one extended resource of one container. */
export interface ContainerExtendedResourceRequest {
  /** The container. */
  readonly containerName: string;
  /** The extended resource. */
  readonly resourceName: string;
  /** The request in the ResourceClaim. */
  readonly requestName: string;
}

/** The observed state of one container. */
export interface ContainerStatus {
  /** The container's name. */
  readonly name: string;
  /** What the container is doing now. */
  readonly state?: ContainerState;
  /** How the container last terminated. */
  readonly lastState?: ContainerState;
  /** Whether the container passes its readiness check. */
  readonly ready: boolean;
  /** How many times the container was restarted. */
  readonly restartCount: number;
  /** The image the container runs, as the runtime resolved it. */
  readonly image: string;
  /** The ID of the image the container runs. */
  readonly imageID: string;
  /** The container's ID, as <runtime>://<id>. */
  readonly containerID?: string;
  /** Whether the container ran its postStart hook and passed its startup probe. */
  readonly started?: boolean;
  /** The resources the node allocated to the container. */
  readonly allocatedResources?: Readonly<Record<string, Quantity>>;
  /** The requests and limits in effect for the running container. */
  readonly resources?: ResourceRequirements;
  /** The status of the container's volume mounts. */
  readonly volumeMounts?: readonly VolumeMountStatus[];
  /** The identity the container's first process started with. */
  readonly user?: ContainerUser;
  /** The health of the resources allocated to the container. */
  readonly allocatedResourcesStatus?: readonly ResourceStatus[];
  /** The signal that stops the container. */
  readonly stopSignal?: string;
}

/** The state of a container: one of waiting, running or terminated. */
export interface ContainerState {
  /** Set while the container waits to run. */
  readonly waiting?: ContainerStateWaiting;
  /** Set while the container runs. */
  readonly running?: ContainerStateRunning;
  /** Set once the container has terminated. */
  readonly terminated?: ContainerStateTerminated;
}

/** A container that is not running yet. */
export interface ContainerStateWaiting {
  /** Why it is not running yet, in CamelCase. */
  readonly reason?: string;
  /** Why it is not running yet, for people. */
  readonly message?: string;
}

/** A running container. */
export interface ContainerStateRunning {
  /** When the container last started. */
  readonly startedAt?: Time | null;
}

/** A container that has terminated. */
export interface ContainerStateTerminated {
  /** The exit status of the last run. */
  readonly exitCode: number;
  /** The signal that ended the last run. */
  readonly signal?: number;
  /** Why the container terminated, in brief. */
  readonly reason?: string;
  /** Why the container terminated, for people. */
  readonly message?: string;
  /** When the last run started. */
  readonly startedAt?: Time | null;
  /** When the last run ended. */
  readonly finishedAt?: Time | null;
  /** The container's ID, as <runtime>://<id>. */
  readonly containerID?: string;
}

/** The identity a container's first process started with. */
export interface ContainerUser {
  /** The identity on Linux. */
  readonly linux?: LinuxContainerUser;
}

/** The user and groups a Linux container's first process started with. */
export interface LinuxContainerUser {
  /** The primary user ID. */
  readonly uid: number;
  /** The primary group ID. */
  readonly gid: number;
  /** The supplemental group IDs. */
  readonly supplementalGroups?: readonly number[];
}

/** The health of the devices behind one resource allocated to a container. */
export interface ResourceStatus {
  /** The resource, or "claim:<claim>/<request>" for a DRA resource. */
  readonly name: string;
  /** The health of each device. */
  readonly resources?: readonly ResourceHealth[];
}

/** The latest known health of one device. */
export interface ResourceHealth {
  /** The unique ID of the device. */
  readonly resourceID: string;
  /** Healthy, Unhealthy or Unknown. */
  readonly health?: string;
}

/** The affinity rules of a pod: which nodes it prefers and which pods it wants near or away from. */
export interface Affinity {
  /** Rules on the nodes the pod may run on. */
  readonly nodeAffinity?: NodeAffinity;
  /** Rules placing the pod in the same topology domain as other pods. */
  readonly podAffinity?: PodAffinity;
  /** Rules keeping the pod out of the topology domains of other pods. */
  readonly podAntiAffinity?: PodAntiAffinity;
}

/** The nodes a pod must or would rather run on. */
export interface NodeAffinity {
  /** Nodes the pod may be scheduled to; not rechecked once it runs. */
  readonly requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  /** Weighted node preferences; the node with the highest sum of matching weights wins. */
  readonly preferredDuringSchedulingIgnoredDuringExecution?: readonly PreferredSchedulingTerm[];
}

/** A choice of nodes: a node matches when any of the terms matches it. */
export interface NodeSelector {
  /** The terms, ORed. */
  readonly nodeSelectorTerms: readonly NodeSelectorTerm[];
}

/** Requirements on a node's labels and fields, all of which must hold; an empty term matches nothing. */
export interface NodeSelectorTerm {
  /** Requirements on the node's labels. */
  readonly matchExpressions?: readonly NodeSelectorRequirement[];
  /** Requirements on the node's fields. */
  readonly matchFields?: readonly NodeSelectorRequirement[];
}

/** One requirement on a node label or field: a key, an operator and values. */
export interface NodeSelectorRequirement {
  /** The label key or field name the requirement is about. */
  readonly key: string;
  /** In, NotIn, Exists, DoesNotExist, Gt or Lt. */
  readonly operator: string;
  /** The values to compare with; one integer for Gt and Lt, none for Exists and DoesNotExist. */
  readonly values?: readonly string[];
}

/** A node selector term with the weight a matching node earns. */
export interface PreferredSchedulingTerm {
  /** The weight, from 1 to 100. */
  readonly weight: number;
  /** The term a node must match to earn the weight. */
  readonly preference: NodeSelectorTerm;
}

/** Rules placing a pod in the same topology domain as other pods. */
export interface PodAffinity {
  /** Terms that must all hold when the pod is scheduled; not rechecked once it runs. */
  readonly requiredDuringSchedulingIgnoredDuringExecution?: readonly PodAffinityTerm[];
  /** Weighted terms the scheduler tries to satisfy. */
  readonly preferredDuringSchedulingIgnoredDuringExecution?: readonly WeightedPodAffinityTerm[];
}

/** Rules keeping a pod out of the topology domains of other pods. */
export interface PodAntiAffinity {
  /** Terms that must all hold when the pod is scheduled; not rechecked once it runs. */
  readonly requiredDuringSchedulingIgnoredDuringExecution?: readonly PodAffinityTerm[];
  /** Weighted terms the scheduler tries to satisfy. */
  readonly preferredDuringSchedulingIgnoredDuringExecution?: readonly WeightedPodAffinityTerm[];
}

/** A set of pods, and the node label whose value defines being in the same place as them. */
export interface PodAffinityTerm {
  /** Selects the pods; unset matches none. */
  readonly labelSelector?: LabelSelector;
  /** Namespaces the pods are looked for in, besides those namespaceSelector selects. */
  readonly namespaces?: readonly string[];
  /** The node label whose value names a topology domain, such as a zone. */
  readonly topologyKey: string;
  /** Selects further namespaces the pods are looked for in. */
  readonly namespaceSelector?: LabelSelector;
  /** Label keys whose values on the incoming pod are added to labelSelector as "key in (value)". */
  readonly matchLabelKeys?: readonly string[];
  /** Label keys whose values on the incoming pod are added to labelSelector as "key notin (value)". */
  readonly mismatchLabelKeys?: readonly string[];
}

/** A pod affinity term with the weight a matching node earns. */
export interface WeightedPodAffinityTerm {
  /** The weight, from 1 to 100. */
  readonly weight: number;
  /** The term a node must satisfy to earn the weight. */
  readonly podAffinityTerm: PodAffinityTerm;
}

/** Lets a pod be scheduled to (or stay on) nodes with a matching taint. */
export interface Toleration {
  /** The taint key tolerated; empty with Exists matches every taint. */
  readonly key?: string;
  /** Equal, Exists, Lt or Gt: how the taint's value is compared; Equal by default. */
  readonly operator?: string;
  /** The taint value to match; empty with Exists. */
  readonly value?: string;
  /** The taint effect tolerated: NoSchedule, PreferNoSchedule or NoExecute; empty matches all. */
  readonly effect?: string;
  /** For NoExecute: how many seconds the pod stays once the taint appears; unset stays forever. */
  readonly tolerationSeconds?: number;
}

/** How evenly matching pods must be spread across the domains of a topology. */
export interface TopologySpreadConstraint {
  /** The largest allowed difference in matching pods between two domains. */
  readonly maxSkew: number;
  /** The node label whose values define the domains. */
  readonly topologyKey: string;
  /** DoNotSchedule or ScheduleAnyway: what to do with a pod that would break the constraint. */
  readonly whenUnsatisfiable: string;
  /** Selects the pods counted in each domain. */
  readonly labelSelector?: LabelSelector;
  /** The fewest eligible domains; with fewer, the global minimum counts as zero. */
  readonly minDomains?: number;
  /** Honor or Ignore: whether the pod's node affinity limits the nodes counted. */
  readonly nodeAffinityPolicy?: string;
  /** Honor or Ignore: whether node taints limit the nodes counted. */
  readonly nodeTaintsPolicy?: string;
  /** Label keys whose values on the incoming pod are ANDed with labelSelector. */
  readonly matchLabelKeys?: readonly string[];
}

/** Label requirements on a topology, all of which must hold; an empty term matches nothing. */
export interface TopologySelectorTerm {
  /** The requirements, ANDed. */
  readonly matchLabelExpressions?: readonly TopologySelectorLabelRequirement[];
}

/** A label key and the values, one of which the label must have. */
export interface TopologySelectorLabelRequirement {
  /** The label key. */
  readonly key: string;
  /** The accepted values, ORed. */
  readonly values: readonly string[];
}

/** Security settings for the whole pod, and defaults for the security settings of its containers. */
export interface PodSecurityContext {
  /** The SELinux context given to every container that sets none itself. */
  readonly seLinuxOptions?: SELinuxOptions;
  /** Windows settings given to every container that sets none itself. */
  readonly windowsOptions?: WindowsSecurityContextOptions;
  /** The user ID container processes run as, unless a container says otherwise. */
  readonly runAsUser?: number;
  /** The primary group ID container processes run as, unless a container says otherwise. */
  readonly runAsGroup?: number;
  /** With true, the kubelet refuses to start a container whose process would run as root. */
  readonly runAsNonRoot?: boolean;
  /** Extra group IDs given to the first process of every container. */
  readonly supplementalGroups?: readonly number[];
  /** Merge or Strict: whether the groups the image defines are kept alongside supplementalGroups. */
  readonly supplementalGroupsPolicy?: string;
  /** A group that owns the volumes the kubelet can change ownership of, and that every container joins. */
  readonly fsGroup?: number;
  /** Namespaced kernel parameters set for the pod. */
  readonly sysctls?: readonly Sysctl[];
  /** OnRootMismatch or Always: when the ownership of a volume is changed to fsGroup. */
  readonly fsGroupChangePolicy?: string;
  /** The seccomp profile of containers that set none themselves. */
  readonly seccompProfile?: SeccompProfile;
  /** The AppArmor profile of containers that set none themselves. */
  readonly appArmorProfile?: AppArmorProfile;
  /** MountOption or Recursive: how the SELinux label is applied to the pod's volumes. */
  readonly seLinuxChangePolicy?: string;
}

/** Security settings of one container, taking precedence over the pod's. */
export interface SecurityContext {
  /** Linux capabilities to add to or drop from the runtime's default set. */
  readonly capabilities?: Capabilities;
  /** Runs the container privileged, with nearly the powers of root on the host. */
  readonly privileged?: boolean;
  /** The SELinux context of the container. */
  readonly seLinuxOptions?: SELinuxOptions;
  /** Windows-specific settings of the container. */
  readonly windowsOptions?: WindowsSecurityContextOptions;
  /** The user ID the container process runs as. */
  readonly runAsUser?: number;
  /** The primary group ID the container process runs as. */
  readonly runAsGroup?: number;
  /** With true, the kubelet refuses to start the container if its process would run as root. */
  readonly runAsNonRoot?: boolean;
  /** Mounts the container's root filesystem read-only. */
  readonly readOnlyRootFilesystem?: boolean;
  /** Whether a process may gain more privileges than its parent (the no_new_privs flag). */
  readonly allowPrivilegeEscalation?: boolean;
  /** Default or Unmasked: which kind of /proc mount the container gets. */
  readonly procMount?: string;
  /** The seccomp profile of the container, overriding the pod's. */
  readonly seccompProfile?: SeccompProfile;
  /** The AppArmor profile of the container, overriding the pod's. */
  readonly appArmorProfile?: AppArmorProfile;
}

/** POSIX capabilities added to and removed from a container. */
export interface Capabilities {
  /** Capabilities to add. */
  readonly add?: readonly string[];
  /** Capabilities to remove. */
  readonly drop?: readonly string[];
}

/** The SELinux labels applied to a container. */
export interface SELinuxOptions {
  /** The SELinux user label. */
  readonly user?: string;
  /** The SELinux role label. */
  readonly role?: string;
  /** The SELinux type label. */
  readonly type?: string;
  /** The SELinux level label. */
  readonly level?: string;
}

/** Which seccomp profile a pod or container runs under. */
export interface SeccompProfile {
  /** Localhost, RuntimeDefault or Unconfined. */
  readonly type: string;
  /** The path of a profile file on the node, relative to the kubelet's seccomp directory; only for Localhost. */
  readonly localhostProfile?: string;
}

/** Which AppArmor profile a pod or container runs under. */
export interface AppArmorProfile {
  /** Localhost, RuntimeDefault or Unconfined. */
  readonly type: string;
  /** The name of a profile loaded on the node; only for Localhost. */
  readonly localhostProfile?: string;
}

/** Windows-specific security settings of a pod or container. */
export interface WindowsSecurityContextOptions {
  /** The name of the GMSA credential spec to use. */
  readonly gmsaCredentialSpecName?: string;
  /** The contents of the GMSA credential spec, filled in by the GMSA admission webhook. */
  readonly gmsaCredentialSpec?: string;
  /** The Windows user name the container process runs as. */
  readonly runAsUserName?: string;
  /** Runs the container as a Windows host process. */
  readonly hostProcess?: boolean;
}

/** A kernel parameter to set, and its value. */
export interface Sysctl {
  /** The name of the kernel parameter. */
  readonly name: string;
  /** The value to set it to. */
  readonly value: string;
}

/** Names an object in the same namespace as the object that refers to it. */
export interface LocalObjectReference {
  /** The name of the object referred to. */
  readonly name?: string;
}

/** Names a Secret in any namespace. */
export interface SecretReference {
  /** The name of the Secret. */
  readonly name?: string;
  /** The namespace the Secret is in. */
  readonly namespace?: string;
}

/** Maps one key of a config map or secret to a file path in a volume. */
export interface KeyToPath {
  /** The key whose value becomes the file. */
  readonly key: string;
  /** The relative path of the file; must not contain "..". */
  readonly path: string;
  /** The permission bits of the file (0 to 0777); the volume's default mode when unset. */
  readonly mode?: number;
}

/** A file or directory of the node, mounted into the pod. */
export interface HostPathVolumeSource {
  /** The path on the node; symbolic links are followed. */
  readonly path: string;
  /** What must be at the path (Directory, File, Socket, ...); empty checks nothing. */
  readonly type?: string;
}

/** An empty directory created for the pod and removed with it. */
export interface EmptyDirVolumeSource {
  /** The storage medium backing the directory: empty for the node's default, or Memory. */
  readonly medium?: string;
  /** The most local storage (or memory) the directory may use. */
  readonly sizeLimit?: Quantity;
}

/** A Google Compute Engine persistent disk. */
export interface GCEPersistentDiskVolumeSource {
  /** The name of the disk in GCE. */
  readonly pdName: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** The partition of the disk to mount; the whole disk when unset. */
  readonly partition?: number;
  /** Whether to mount the disk read-only. */
  readonly readOnly?: boolean;
}

/** An Amazon EBS volume. */
export interface AWSElasticBlockStoreVolumeSource {
  /** The ID of the EBS volume. */
  readonly volumeID: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** The partition of the volume to mount; the whole volume when unset. */
  readonly partition?: number;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a directory filled with a clone of a git repository. */
export interface GitRepoVolumeSource {
  /** The URL of the repository. */
  readonly repository: string;
  /** The commit to check out. */
  readonly revision?: string;
  /** The directory to clone into, relative to the volume; "." clones into the volume itself. */
  readonly directory?: string;
}

/** A volume whose files are the keys of a Secret. */
export interface SecretVolumeSource {
  /** The name of the Secret, in the pod's namespace. */
  readonly secretName?: string;
  /** The keys to project and their paths; every key when unset. */
  readonly items?: readonly KeyToPath[];
  /** The permission bits of the files (0 to 0777); 0644 when unset. */
  readonly defaultMode?: number;
  /** Whether the pod may start though the Secret or a key is missing. */
  readonly optional?: boolean;
}

/** An NFS export. */
export interface NFSVolumeSource {
  /** The host name or IP address of the NFS server. */
  readonly server: string;
  /** The path the server exports. */
  readonly path: string;
  /** Whether to mount the export read-only. */
  readonly readOnly?: boolean;
}

/** An iSCSI disk, mounted by one pod read-write. */
export interface ISCSIVolumeSource {
  /** The iSCSI target portal: an IP, or IP:port when not the default port. */
  readonly targetPortal: string;
  /** The iSCSI qualified name of the target. */
  readonly iqn: string;
  /** The target LUN number. */
  readonly lun: number;
  /** The iSCSI interface to use; "default" is TCP. */
  readonly iscsiInterface?: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** Whether to mount the disk read-only. */
  readonly readOnly?: boolean;
  /** More target portals, IP or IP:port. */
  readonly portals?: readonly string[];
  /** Whether to use CHAP authentication for iSCSI discovery. */
  readonly chapAuthDiscovery?: boolean;
  /** Whether to use CHAP authentication for the iSCSI session. */
  readonly chapAuthSession?: boolean;
  /** The Secret holding the CHAP credentials. */
  readonly secretRef?: LocalObjectReference;
  /** A custom iSCSI initiator name; with iscsiInterface a new interface is created. */
  readonly initiatorName?: string;
}

/** An iSCSI disk backing a PersistentVolume. */
export interface ISCSIPersistentVolumeSource {
  /** The iSCSI target portal: an IP, or IP:port when not the default port. */
  readonly targetPortal: string;
  /** The iSCSI qualified name of the target. */
  readonly iqn: string;
  /** The target LUN number. */
  readonly lun: number;
  /** The iSCSI interface to use; "default" is TCP. */
  readonly iscsiInterface?: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** Whether to mount the disk read-only. */
  readonly readOnly?: boolean;
  /** More target portals, IP or IP:port. */
  readonly portals?: readonly string[];
  /** Whether to use CHAP authentication for iSCSI discovery. */
  readonly chapAuthDiscovery?: boolean;
  /** Whether to use CHAP authentication for the iSCSI session. */
  readonly chapAuthSession?: boolean;
  /** The Secret holding the CHAP credentials. */
  readonly secretRef?: SecretReference;
  /** A custom iSCSI initiator name; with iscsiInterface a new interface is created. */
  readonly initiatorName?: string;
}

/** Deprecated: a GlusterFS volume. */
export interface GlusterfsVolumeSource {
  /** The Endpoints object listing the GlusterFS servers. */
  readonly endpoints: string;
  /** The GlusterFS volume path. */
  readonly path: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a GlusterFS volume backing a PersistentVolume. */
export interface GlusterfsPersistentVolumeSource {
  /** The Endpoints object listing the GlusterFS servers. */
  readonly endpoints: string;
  /** The GlusterFS volume path. */
  readonly path: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** The namespace of the Endpoints object; the claim's namespace when unset. */
  readonly endpointsNamespace?: string;
}

/** A pod volume backed by a PersistentVolumeClaim in the pod's namespace. */
export interface PersistentVolumeClaimVolumeSource {
  /** The name of the claim. */
  readonly claimName: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a Ceph RADOS block device. */
export interface RBDVolumeSource {
  /** The Ceph monitors. */
  readonly monitors: readonly string[];
  /** The RADOS image name. */
  readonly image: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** The RADOS pool. */
  readonly pool?: string;
  /** The RADOS user. */
  readonly user?: string;
  /** The path of the keyring for the user. */
  readonly keyring?: string;
  /** The Secret authenticating the user; overrides the keyring. */
  readonly secretRef?: LocalObjectReference;
  /** Whether to mount the device read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a Ceph RADOS block device backing a PersistentVolume. */
export interface RBDPersistentVolumeSource {
  /** The Ceph monitors. */
  readonly monitors: readonly string[];
  /** The RADOS image name. */
  readonly image: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** The RADOS pool. */
  readonly pool?: string;
  /** The RADOS user. */
  readonly user?: string;
  /** The path of the keyring for the user. */
  readonly keyring?: string;
  /** The Secret authenticating the user; overrides the keyring. */
  readonly secretRef?: SecretReference;
  /** Whether to mount the device read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a volume set up by an exec-based FlexVolume driver. */
export interface FlexVolumeSource {
  /** The name of the driver. */
  readonly driver: string;
  /** The file system to mount; the driver decides when unset. */
  readonly fsType?: string;
  /** The Secret whose values are passed to the driver. */
  readonly secretRef?: LocalObjectReference;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** Extra options passed to the driver. */
  readonly options?: Readonly<Record<string, string>>;
}

/** Deprecated: a FlexVolume driver's volume backing a PersistentVolume. */
export interface FlexPersistentVolumeSource {
  /** The name of the driver. */
  readonly driver: string;
  /** The file system to mount; the driver decides when unset. */
  readonly fsType?: string;
  /** The Secret whose values are passed to the driver. */
  readonly secretRef?: SecretReference;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** Extra options passed to the driver. */
  readonly options?: Readonly<Record<string, string>>;
}

/** An OpenStack Cinder volume. */
export interface CinderVolumeSource {
  /** The ID of the Cinder volume. */
  readonly volumeID: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** The Secret with the parameters for connecting to OpenStack. */
  readonly secretRef?: LocalObjectReference;
}

/** An OpenStack Cinder volume backing a PersistentVolume. */
export interface CinderPersistentVolumeSource {
  /** The ID of the Cinder volume. */
  readonly volumeID: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** The Secret with the parameters for connecting to OpenStack. */
  readonly secretRef?: SecretReference;
}

/** Deprecated: a CephFS file system. */
export interface CephFSVolumeSource {
  /** The Ceph monitors. */
  readonly monitors: readonly string[];
  /** The path in CephFS to mount as the root; "/" when unset. */
  readonly path?: string;
  /** The RADOS user; admin when unset. */
  readonly user?: string;
  /** The path of the keyring for the user; /etc/ceph/user.secret when unset. */
  readonly secretFile?: string;
  /** The Secret authenticating the user. */
  readonly secretRef?: LocalObjectReference;
  /** Whether to mount the file system read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a CephFS file system backing a PersistentVolume. */
export interface CephFSPersistentVolumeSource {
  /** The Ceph monitors. */
  readonly monitors: readonly string[];
  /** The path in CephFS to mount as the root; "/" when unset. */
  readonly path?: string;
  /** The RADOS user; admin when unset. */
  readonly user?: string;
  /** The path of the keyring for the user; /etc/ceph/user.secret when unset. */
  readonly secretFile?: string;
  /** The Secret authenticating the user. */
  readonly secretRef?: SecretReference;
  /** Whether to mount the file system read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a Flocker dataset; name or UUID, not both. */
export interface FlockerVolumeSource {
  /** The name of the dataset (deprecated in favour of the UUID). */
  readonly datasetName?: string;
  /** The UUID of the dataset. */
  readonly datasetUUID?: string;
}

/** A volume whose files hold fields of the pod and resources of its containers. */
export interface DownwardAPIVolumeSource {
  /** The files to create. */
  readonly items?: readonly DownwardAPIVolumeFile[];
  /** The permission bits of the files (0 to 0777); 0644 when unset. */
  readonly defaultMode?: number;
}

/** One file of a downward API volume and the pod field or resource it holds. */
export interface DownwardAPIVolumeFile {
  /** The relative path of the file; must not contain "..". */
  readonly path: string;
  /** The pod field to write: annotations, labels, name, namespace or uid. */
  readonly fieldRef?: ObjectFieldSelector;
  /** The container resource limit or request to write. */
  readonly resourceFieldRef?: ResourceFieldSelector;
  /** The permission bits of the file (0 to 0777); the volume's default mode when unset. */
  readonly mode?: number;
}

/** A Fibre Channel disk, mounted by one pod read-write. */
export interface FCVolumeSource {
  /** The target world wide names. */
  readonly targetWWNs?: readonly string[];
  /** The target LUN number. */
  readonly lun?: number;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** Whether to mount the disk read-only. */
  readonly readOnly?: boolean;
  /** The volume world wide identifiers; either these or targetWWNs with lun. */
  readonly wwids?: readonly string[];
}

/** An Azure File share. */
export interface AzureFileVolumeSource {
  /** The Secret holding the storage account name and key. */
  readonly secretName: string;
  /** The name of the share. */
  readonly shareName: string;
  /** Whether to mount the share read-only. */
  readonly readOnly?: boolean;
}

/** An Azure File share backing a PersistentVolume. */
export interface AzureFilePersistentVolumeSource {
  /** The Secret holding the storage account name and key. */
  readonly secretName: string;
  /** The name of the share. */
  readonly shareName: string;
  /** Whether to mount the share read-only. */
  readonly readOnly?: boolean;
  /** The namespace of the Secret; the pod's namespace when unset. */
  readonly secretNamespace?: string;
}

/** A volume whose files are the keys of a ConfigMap. */
export interface ConfigMapVolumeSource {
  /** The name of the ConfigMap, in the pod's namespace. */
  readonly name?: string;
  /** The keys to project and their paths; every key when unset. */
  readonly items?: readonly KeyToPath[];
  /** The permission bits of the files (0 to 0777); 0644 when unset. */
  readonly defaultMode?: number;
  /** Whether the pod may start though the ConfigMap or a key is missing. */
  readonly optional?: boolean;
}

/** A vSphere virtual disk. */
export interface VsphereVirtualDiskVolumeSource {
  /** The path of the VMDK. */
  readonly volumePath: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** The name of the storage policy (SPBM profile). */
  readonly storagePolicyName?: string;
  /** The ID of the storage policy (SPBM profile). */
  readonly storagePolicyID?: string;
}

/** Deprecated: a Quobyte volume. */
export interface QuobyteVolumeSource {
  /** The Quobyte registry services, host:port pairs separated by commas. */
  readonly registry: string;
  /** The name of an existing Quobyte volume. */
  readonly volume: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** The user volume access is mapped to; the service account user when unset. */
  readonly user?: string;
  /** The group volume access is mapped to; none when unset. */
  readonly group?: string;
  /** The tenant owning the volume in the Quobyte backend. */
  readonly tenant?: string;
}

/** An Azure data disk. */
export interface AzureDiskVolumeSource {
  /** The name of the data disk in blob storage. */
  readonly diskName: string;
  /** The URI of the data disk in blob storage. */
  readonly diskURI: string;
  /** The host caching mode: None, ReadOnly or ReadWrite. */
  readonly cachingMode?: string;
  /** The file system to mount. */
  readonly fsType?: string;
  /** Whether to mount the disk read-only. */
  readonly readOnly?: boolean;
  /** Shared, Dedicated or Managed: how the disk is kept in storage accounts. */
  readonly kind?: string;
}

/** Deprecated: a Photon Controller persistent disk. */
export interface PhotonPersistentDiskVolumeSource {
  /** The ID of the disk. */
  readonly pdID: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
}

/** A volume combining the files of several sources in one directory. */
export interface ProjectedVolumeSource {
  /** The sources projected into the volume. */
  readonly sources?: readonly VolumeProjection[];
  /** The permission bits of the files (0 to 0777) when a source gives none. */
  readonly defaultMode?: number;
}

/** One source of a projected volume; exactly one field is set. */
export interface VolumeProjection {
  /** Keys of a Secret. */
  readonly secret?: SecretProjection;
  /** Fields of the pod and resources of its containers. */
  readonly downwardAPI?: DownwardAPIProjection;
  /** Keys of a ConfigMap. */
  readonly configMap?: ConfigMapProjection;
  /** A token of the pod's service account. */
  readonly serviceAccountToken?: ServiceAccountTokenProjection;
  /** The certificates of ClusterTrustBundle objects, kept up to date. */
  readonly clusterTrustBundle?: ClusterTrustBundleProjection;
  /** A private key and certificate chain issued for the pod, rotated by the kubelet. */
  readonly podCertificate?: PodCertificateProjection;
}

/** The keys of a Secret, projected into a projected volume. */
export interface SecretProjection {
  /** The name of the Secret, in the pod's namespace. */
  readonly name?: string;
  /** The keys to project and their paths; every key when unset. */
  readonly items?: readonly KeyToPath[];
  /** Whether the pod may start though the Secret or a key is missing. */
  readonly optional?: boolean;
}

/** Fields of the pod and container resources, projected into a projected volume. */
export interface DownwardAPIProjection {
  /** The files to create. */
  readonly items?: readonly DownwardAPIVolumeFile[];
}

/** The keys of a ConfigMap, projected into a projected volume. */
export interface ConfigMapProjection {
  /** The name of the ConfigMap, in the pod's namespace. */
  readonly name?: string;
  /** The keys to project and their paths; every key when unset. */
  readonly items?: readonly KeyToPath[];
  /** Whether the pod may start though the ConfigMap or a key is missing. */
  readonly optional?: boolean;
}

/** A token of the pod's service account, projected into a file and rotated by the kubelet. */
export interface ServiceAccountTokenProjection {
  /** The audience the token is for; the API server's identifier when unset. */
  readonly audience?: string;
  /** How long the token is valid, in seconds; one hour when unset, ten minutes at least. */
  readonly expirationSeconds?: number;
  /** The path of the file, relative to the mount point. */
  readonly path: string;
}

/** Selects ClusterTrustBundle objects and projects their certificates into a file. */
export interface ClusterTrustBundleProjection {
  /** The name of one ClusterTrustBundle; excludes signerName and labelSelector. */
  readonly name?: string;
  /** Selects every ClusterTrustBundle of this signer. */
  readonly signerName?: string;
  /** Narrows the bundles of signerName by label; unset matches none, empty matches all. */
  readonly labelSelector?: LabelSelector;
  /** Whether the pod may start though no bundle is found. */
  readonly optional?: boolean;
  /** The path of the file, relative to the volume root. */
  readonly path: string;
}

/** A Portworx volume. */
export interface PortworxVolumeSource {
  /** The ID of the Portworx volume. */
  readonly volumeID: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a ScaleIO volume. */
export interface ScaleIOVolumeSource {
  /** The host address of the ScaleIO API gateway. */
  readonly gateway: string;
  /** The name of the ScaleIO storage system. */
  readonly system: string;
  /** The Secret with the ScaleIO user's credentials. */
  readonly secretRef: LocalObjectReference;
  /** Whether to talk to the gateway over SSL. */
  readonly sslEnabled?: boolean;
  /** The ScaleIO protection domain of the storage. */
  readonly protectionDomain?: string;
  /** The ScaleIO storage pool of the protection domain. */
  readonly storagePool?: string;
  /** ThickProvisioned or ThinProvisioned. */
  readonly storageMode?: string;
  /** The name of an existing volume in the ScaleIO system. */
  readonly volumeName?: string;
  /** The file system to mount. */
  readonly fsType?: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a ScaleIO volume backing a PersistentVolume. */
export interface ScaleIOPersistentVolumeSource {
  /** The host address of the ScaleIO API gateway. */
  readonly gateway: string;
  /** The name of the ScaleIO storage system. */
  readonly system: string;
  /** The Secret with the ScaleIO user's credentials. */
  readonly secretRef: SecretReference;
  /** Whether to talk to the gateway over SSL. */
  readonly sslEnabled?: boolean;
  /** The ScaleIO protection domain of the storage. */
  readonly protectionDomain?: string;
  /** The ScaleIO storage pool of the protection domain. */
  readonly storagePool?: string;
  /** ThickProvisioned or ThinProvisioned. */
  readonly storageMode?: string;
  /** The name of an existing volume in the ScaleIO system. */
  readonly volumeName?: string;
  /** The file system to mount. */
  readonly fsType?: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
}

/** Deprecated: a StorageOS volume. */
export interface StorageOSVolumeSource {
  /** The name of the StorageOS volume, unique within its namespace. */
  readonly volumeName?: string;
  /** The StorageOS namespace of the volume; the pod's namespace when unset. */
  readonly volumeNamespace?: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** The Secret with the StorageOS API credentials. */
  readonly secretRef?: LocalObjectReference;
}

/** Deprecated: a StorageOS volume backing a PersistentVolume. */
export interface StorageOSPersistentVolumeSource {
  /** The name of the StorageOS volume, unique within its namespace. */
  readonly volumeName?: string;
  /** The StorageOS namespace of the volume; the pod's namespace when unset. */
  readonly volumeNamespace?: string;
  /** The file system to mount, such as ext4; ext4 when unset. */
  readonly fsType?: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** The Secret with the StorageOS API credentials. */
  readonly secretRef?: ObjectReference;
}

/** An ephemeral volume provided by a CSI driver. */
export interface CSIVolumeSource {
  /** The name of the CSI driver. */
  readonly driver: string;
  /** Whether to mount the volume read-only. */
  readonly readOnly?: boolean;
  /** The file system to mount; the driver decides when unset. */
  readonly fsType?: string;
  /** Driver-specific properties passed to the driver. */
  readonly volumeAttributes?: Readonly<Record<string, string>>;
  /** The Secret passed to the driver's NodePublishVolume and NodeUnpublishVolume calls. */
  readonly nodePublishSecretRef?: LocalObjectReference;
}

/** A volume provided by a CSI driver, backing a PersistentVolume. */
export interface CSIPersistentVolumeSource {
  /** The name of the CSI driver. */
  readonly driver: string;
  /** The ID the driver gave the volume when it created it. */
  readonly volumeHandle: string;
  /** Whether to publish the volume read-only. */
  readonly readOnly?: boolean;
  /** The file system to mount, such as ext4. */
  readonly fsType?: string;
  /** Driver-specific attributes of the volume. */
  readonly volumeAttributes?: Readonly<Record<string, string>>;
  /** The Secret passed to the driver's ControllerPublishVolume and ControllerUnpublishVolume calls. */
  readonly controllerPublishSecretRef?: SecretReference;
  /** The Secret passed to the driver's NodeStageVolume and NodeUnstageVolume calls. */
  readonly nodeStageSecretRef?: SecretReference;
  /** The Secret passed to the driver's NodePublishVolume and NodeUnpublishVolume calls. */
  readonly nodePublishSecretRef?: SecretReference;
  /** The Secret passed to the driver's ControllerExpandVolume call. */
  readonly controllerExpandSecretRef?: SecretReference;
  /** The Secret passed to the driver's NodeExpandVolume call. */
  readonly nodeExpandSecretRef?: SecretReference;
}

/** A volume provisioned through a claim created for the pod and deleted with it. */
export interface EphemeralVolumeSource {
  /** The claim to create, named <pod name>-<volume name> and owned by the pod. */
  readonly volumeClaimTemplate?: PersistentVolumeClaimTemplate;
}

/** A volume holding the contents of an OCI image or artifact, mounted read-only. */
export interface ImageVolumeSource {
  /** The image or artifact reference, as for a container image. */
  readonly reference?: string;
  /** Always, Never or IfNotPresent: when to pull the reference. */
  readonly pullPolicy?: string;
}

/** Storage attached directly to a node: a directory or a block device. */
export interface LocalVolumeSource {
  /** The full path on the node. */
  readonly path: string;
  /** The file system to mount when the path is a block device; chosen automatically when unset. */
  readonly fsType?: string;
}

/** A named volume of a pod, which its containers can mount; exactly one source is set. */
export interface Volume {
  /** The name of the volume, a DNS label unique within the pod. */
  readonly name: string;
  /** A file or directory of the node; for system agents, not ordinary workloads. */
  readonly hostPath?: HostPathVolumeSource;
  /** An empty directory that lives as long as the pod. */
  readonly emptyDir?: EmptyDirVolumeSource;
  /** Deprecated: a GCE persistent disk. */
  readonly gcePersistentDisk?: GCEPersistentDiskVolumeSource;
  /** Deprecated: an AWS EBS volume. */
  readonly awsElasticBlockStore?: AWSElasticBlockStoreVolumeSource;
  /** Deprecated: a clone of a git repository. */
  readonly gitRepo?: GitRepoVolumeSource;
  /** The keys of a Secret, as files. */
  readonly secret?: SecretVolumeSource;
  /** An NFS export. */
  readonly nfs?: NFSVolumeSource;
  /** An iSCSI disk. */
  readonly iscsi?: ISCSIVolumeSource;
  /** Deprecated: a GlusterFS volume. */
  readonly glusterfs?: GlusterfsVolumeSource;
  /** The volume bound to a PersistentVolumeClaim in the pod's namespace. */
  readonly persistentVolumeClaim?: PersistentVolumeClaimVolumeSource;
  /** Deprecated: a Ceph RADOS block device. */
  readonly rbd?: RBDVolumeSource;
  /** Deprecated: a volume of an exec-based FlexVolume driver. */
  readonly flexVolume?: FlexVolumeSource;
  /** Deprecated: an OpenStack Cinder volume. */
  readonly cinder?: CinderVolumeSource;
  /** Deprecated: a CephFS file system. */
  readonly cephfs?: CephFSVolumeSource;
  /** Deprecated: a Flocker dataset. */
  readonly flocker?: FlockerVolumeSource;
  /** Fields of the pod and resources of its containers, as files. */
  readonly downwardAPI?: DownwardAPIVolumeSource;
  /** A Fibre Channel disk. */
  readonly fc?: FCVolumeSource;
  /** Deprecated: an Azure File share. */
  readonly azureFile?: AzureFileVolumeSource;
  /** The keys of a ConfigMap, as files. */
  readonly configMap?: ConfigMapVolumeSource;
  /** Deprecated: a vSphere virtual disk. */
  readonly vsphereVolume?: VsphereVirtualDiskVolumeSource;
  /** Deprecated: a Quobyte volume. */
  readonly quobyte?: QuobyteVolumeSource;
  /** Deprecated: an Azure data disk. */
  readonly azureDisk?: AzureDiskVolumeSource;
  /** Deprecated: a Photon Controller persistent disk. */
  readonly photonPersistentDisk?: PhotonPersistentDiskVolumeSource;
  /** Secrets, config maps, downward API fields and tokens combined in one directory. */
  readonly projected?: ProjectedVolumeSource;
  /** Deprecated: a Portworx volume. */
  readonly portworxVolume?: PortworxVolumeSource;
  /** Deprecated: a ScaleIO volume. */
  readonly scaleIO?: ScaleIOVolumeSource;
  /** Deprecated: a StorageOS volume. */
  readonly storageos?: StorageOSVolumeSource;
  /** An ephemeral volume of a CSI driver. */
  readonly csi?: CSIVolumeSource;
  /** A volume provisioned through a claim created for the pod and deleted with it. */
  readonly ephemeral?: EphemeralVolumeSource;
  /** The contents of an OCI image or artifact, read-only. */
  readonly image?: ImageVolumeSource;
}

/** Where and how a container mounts one of the pod's volumes. */
export interface VolumeMount {
  /** The name of the pod volume to mount. */
  readonly name: string;
  /** Whether to mount read-only. */
  readonly readOnly?: boolean;
  /** Disabled, IfPossible or Enabled: whether a read-only mount is read-only for submounts too. */
  readonly recursiveReadOnly?: string;
  /** The path in the container to mount at; must not contain ":". */
  readonly mountPath: string;
  /** The path within the volume to mount instead of its root. */
  readonly subPath?: string;
  /** None, HostToContainer or Bidirectional: how mounts propagate between host and container. */
  readonly mountPropagation?: string;
  /** Like subPath, with $(VAR) references expanded from the container's environment. */
  readonly subPathExpr?: string;
}

/** A raw block device a container maps from one of the pod's claims. */
export interface VolumeDevice {
  /** The name of the pod volume backed by a PersistentVolumeClaim. */
  readonly name: string;
  /** The path in the container the device is mapped to. */
  readonly devicePath: string;
}

/** The state of one of a container's volume mounts. */
export interface VolumeMountStatus {
  /** The name of the volume mount. */
  readonly name: string;
  /** The mount path of the volume mount. */
  readonly mountPath: string;
  /** Whether the mount is read-only. */
  readonly readOnly?: boolean;
  /** Disabled or Enabled: whether the read-only mount turned out recursively read-only. */
  readonly recursiveReadOnly?: string;
}

/** A volume attached to a node. */
export interface AttachedVolume {
  /** The name of the attached volume. */
  readonly name: string;
  /** The path of the device the volume is available at. */
  readonly devicePath: string;
}

/** The nodes a volume can be reached from. */
export interface VolumeNodeAffinity {
  /** The node constraints that must hold. */
  readonly required?: NodeSelector;
}

/** The storage a claim asks for. */
export interface VolumeResourceRequirements {
  /** The most of each resource allowed. */
  readonly limits?: Readonly<Record<string, Quantity>>;
  /** The least of each resource required; the limits when unset and those are given. */
  readonly requests?: Readonly<Record<string, Quantity>>;
}

/** Names an object of a given kind in the same namespace. */
export interface TypedLocalObjectReference {
  /** The API group of the object; the core group when unset. */
  readonly apiGroup?: string;
  /** The kind of the object. */
  readonly kind: string;
  /** The name of the object. */
  readonly name: string;
}

/** Names an object of a given kind, possibly in another namespace. */
export interface TypedObjectReference {
  /** The API group of the object; the core group when unset. */
  readonly apiGroup?: string;
  /** The kind of the object. */
  readonly kind: string;
  /** The name of the object. */
  readonly name: string;
  /** The namespace of the object, which must then allow the reference with a ReferenceGrant. */
  readonly namespace?: string;
}

/** A piece of storage in the cluster, provisioned by an administrator or dynamically, that claims bind to. */
export interface PersistentVolume {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The volume: its capacity, source, access modes and policies. */
  readonly spec?: PersistentVolumeSpec;
  /** The observed state of the volume; set by the system. */
  readonly status?: PersistentVolumeStatus;
}

/** A list of PersistentVolumes. */
export interface PersistentVolumeList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The PersistentVolume objects of this page. */
  readonly items: readonly PersistentVolume[];
}

/** The specification of a PersistentVolume; exactly one volume source is set. */
export interface PersistentVolumeSpec {
  /** The resources of the volume, above all its storage size. */
  readonly capacity?: Readonly<Record<string, Quantity>>;
  /** Deprecated: a GCE persistent disk. */
  readonly gcePersistentDisk?: GCEPersistentDiskVolumeSource;
  /** Deprecated: an AWS EBS volume. */
  readonly awsElasticBlockStore?: AWSElasticBlockStoreVolumeSource;
  /** A directory of a node; for single-node testing only. */
  readonly hostPath?: HostPathVolumeSource;
  /** Deprecated: a GlusterFS volume. */
  readonly glusterfs?: GlusterfsPersistentVolumeSource;
  /** An NFS export. */
  readonly nfs?: NFSVolumeSource;
  /** Deprecated: a Ceph RADOS block device. */
  readonly rbd?: RBDPersistentVolumeSource;
  /** An iSCSI disk. */
  readonly iscsi?: ISCSIPersistentVolumeSource;
  /** Deprecated: an OpenStack Cinder volume. */
  readonly cinder?: CinderPersistentVolumeSource;
  /** Deprecated: a CephFS file system. */
  readonly cephfs?: CephFSPersistentVolumeSource;
  /** A Fibre Channel disk. */
  readonly fc?: FCVolumeSource;
  /** Deprecated: a Flocker dataset. */
  readonly flocker?: FlockerVolumeSource;
  /** Deprecated: a volume of an exec-based FlexVolume driver. */
  readonly flexVolume?: FlexPersistentVolumeSource;
  /** Deprecated: an Azure File share. */
  readonly azureFile?: AzureFilePersistentVolumeSource;
  /** Deprecated: a vSphere virtual disk. */
  readonly vsphereVolume?: VsphereVirtualDiskVolumeSource;
  /** Deprecated: a Quobyte volume. */
  readonly quobyte?: QuobyteVolumeSource;
  /** Deprecated: an Azure data disk. */
  readonly azureDisk?: AzureDiskVolumeSource;
  /** Deprecated: a Photon Controller persistent disk. */
  readonly photonPersistentDisk?: PhotonPersistentDiskVolumeSource;
  /** Deprecated: a Portworx volume. */
  readonly portworxVolume?: PortworxVolumeSource;
  /** Deprecated: a ScaleIO volume. */
  readonly scaleIO?: ScaleIOPersistentVolumeSource;
  /** Storage attached directly to a node, reached through nodeAffinity. */
  readonly local?: LocalVolumeSource;
  /** Deprecated: a StorageOS volume. */
  readonly storageos?: StorageOSPersistentVolumeSource;
  /** A volume of an external CSI driver. */
  readonly csi?: CSIPersistentVolumeSource;
  /** The ways the volume can be mounted: ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod. */
  readonly accessModes?: readonly string[];
  /** The claim bound to the volume; the claim's volumeName is the authoritative side. */
  readonly claimRef?: ObjectReference;
  /** Retain, Delete or Recycle (deprecated): what happens once the claim is released. */
  readonly persistentVolumeReclaimPolicy?: string;
  /** The StorageClass the volume belongs to; empty for none. */
  readonly storageClassName?: string;
  /** Mount options such as "ro" or "soft", not validated. */
  readonly mountOptions?: readonly string[];
  /** Filesystem or Block: whether the volume is formatted; Filesystem when unset. */
  readonly volumeMode?: string;
  /** The nodes the volume can be reached from, which constrains where its pods run. */
  readonly nodeAffinity?: VolumeNodeAffinity;
  /** The VolumeAttributesClass the volume belongs to; may be changed by the CSI driver. */
  readonly volumeAttributesClassName?: string;
}

/** The observed state of a PersistentVolume. */
export interface PersistentVolumeStatus {
  /** Pending, Available, Bound, Released or Failed. */
  readonly phase?: string;
  /** Why the volume is in its phase, for people. */
  readonly message?: string;
  /** Why the volume failed, in CamelCase, for programs. */
  readonly reason?: string;
  /** When the volume last changed phase. */
  readonly lastPhaseTransitionTime?: Time;
}

/** A user's request for storage, bound to a PersistentVolume that satisfies it. */
export interface PersistentVolumeClaim {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The storage requested: size, access modes, class and source. */
  readonly spec?: PersistentVolumeClaimSpec;
  /** The observed state of the claim; set by the system. */
  readonly status?: PersistentVolumeClaimStatus;
}

/** A list of PersistentVolumeClaims. */
export interface PersistentVolumeClaimList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The PersistentVolumeClaim objects of this page. */
  readonly items: readonly PersistentVolumeClaim[];
}

/** The storage a PersistentVolumeClaim asks for. */
export interface PersistentVolumeClaimSpec {
  /** The access modes the volume must offer. */
  readonly accessModes?: readonly string[];
  /** Which volumes may be bound, by their labels. */
  readonly selector?: LabelSelector;
  /** The least storage the volume must have; may grow, not shrink below the capacity. */
  readonly resources?: VolumeResourceRequirements;
  /** The name of the PersistentVolume bound to the claim. */
  readonly volumeName?: string;
  /** The StorageClass the volume must belong to. */
  readonly storageClassName?: string;
  /** Filesystem or Block: the kind of volume wanted; Filesystem when unset. */
  readonly volumeMode?: string;
  /** A VolumeSnapshot or PersistentVolumeClaim to fill the new volume from. */
  readonly dataSource?: TypedLocalObjectReference;
  /** Any populator object to fill the new volume from, possibly in another namespace. */
  readonly dataSourceRef?: TypedObjectReference;
  /** The VolumeAttributesClass to apply to the volume; may be changed later. */
  readonly volumeAttributesClassName?: string;
}

/** The observed state of a PersistentVolumeClaim. */
export interface PersistentVolumeClaimStatus {
  /** Pending, Bound or Lost. */
  readonly phase?: string;
  /** The access modes of the bound volume. */
  readonly accessModes?: readonly string[];
  /** The resources of the bound volume. */
  readonly capacity?: Readonly<Record<string, Quantity>>;
  /** The current conditions of the claim, such as Resizing. */
  readonly conditions?: readonly PersistentVolumeClaimCondition[];
  /** The resources allocated to the claim, which may exceed the capacity during an expansion. */
  readonly allocatedResources?: Readonly<Record<string, Quantity>>;
  /** The state of each resource being resized, such as ControllerResizeInProgress. */
  readonly allocatedResourceStatuses?: Readonly<Record<string, string>>;
  /** The VolumeAttributesClass the volume now has. */
  readonly currentVolumeAttributesClassName?: string;
  /** The state of a volume modification under way; unset when there is none. */
  readonly modifyVolumeStatus?: ModifyVolumeStatus;
}

/** One aspect of a claim's state. */
export interface PersistentVolumeClaimCondition {
  /** The aspect this condition is about, such as Resizing. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the condition was last checked. */
  readonly lastProbeTime?: Time | null;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status is what it is, in CamelCase, for programs. */
  readonly reason?: string;
  /** Why the status is what it is, for people. */
  readonly message?: string;
}

/** The claim an ephemeral volume creates for its pod. */
export interface PersistentVolumeClaimTemplate {
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The spec of the claim to create, copied as it is. */
  readonly spec: PersistentVolumeClaimSpec;
}

/** The state of a modification of a claim's volume to a new VolumeAttributesClass. */
export interface ModifyVolumeStatus {
  /** The VolumeAttributesClass the volume is being modified to. */
  readonly targetVolumeAttributesClassName?: string;
  /** Pending, InProgress or Infeasible. */
  readonly status: string;
}
