// The types of io.k8s.api.resource.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { Quantity } from './api-resource.ts';
import type { NodeSelector } from './core-v1.ts';
import type { Condition, ListMeta, ObjectMeta, Time } from './meta-v1.ts';
import type { RawExtension } from './runtime.ts';

/** Some or all of the devices of one pool that a driver publishes. */
export interface ResourceSlice {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What the driver publishes in this slice. */
  readonly spec: ResourceSliceSpec;
}

/** A list of ResourceSlices. */
export interface ResourceSliceList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ResourceSlice objects of this page. */
  readonly items: readonly ResourceSlice[];
}

/** What a driver publishes in one ResourceSlice: its pool, where it is reachable and its devices. */
export interface ResourceSliceSpec {
  /** The name of the DRA driver that provides these resources. */
  readonly driver: string;
  /** The pool this slice belongs to. */
  readonly pool: ResourcePool;
  /** The one node that provides the resources of the pool. */
  readonly nodeName?: string;
  /** The nodes that can reach the resources of the pool. */
  readonly nodeSelector?: NodeSelector;
  /** True when every node can reach the resources of the pool. */
  readonly allNodes?: boolean;
  /** Devices of the pool published in this slice. */
  readonly devices?: readonly Device[];
  /** True when each device says for itself which nodes can reach it. */
  readonly perDeviceNodeSelection?: boolean;
  /** Named sets of counters that devices of the pool draw from. */
  readonly sharedCounters?: readonly CounterSet[];
}

/** The pool a ResourceSlice belongs to, and how many slices make up its current generation. */
export interface ResourcePool {
  /** The name of the pool, unique for its driver. */
  readonly name: string;
  /** The generation of the pool; only slices at the highest generation count. */
  readonly generation: number;
  /** How many slices the pool has at this generation. */
  readonly resourceSliceCount: number;
}

/** One device a driver offers, with what it is and what it holds. */
export interface Device {
  /** The name of the device, unique in its pool. */
  readonly name: string;
  /** Properties of the device, by name. */
  readonly attributes?: Readonly<Record<string, DeviceAttribute>>;
  /** Amounts the device holds, by name. */
  readonly capacity?: Readonly<Record<string, DeviceCapacity>>;
  /** The shared counters allocating this device uses up. */
  readonly consumesCounters?: readonly DeviceCounterConsumption[];
  /** The one node that can reach this device, when the slice leaves node selection to devices. */
  readonly nodeName?: string;
  /** The nodes that can reach this device, when the slice leaves node selection to devices. */
  readonly nodeSelector?: NodeSelector;
  /** True when every node can reach this device, when the slice leaves node selection to devices. */
  readonly allNodes?: boolean;
  /** Taints the driver puts on the device. */
  readonly taints?: readonly DeviceTaint[];
  /** True when a claim allocated this device may only be used on the node chosen at allocation. */
  readonly bindsToNode?: boolean;
  /** Device status conditions that must all be True before a pod using the device binds to its node. */
  readonly bindingConditions?: readonly string[];
  /** Device status conditions any of which, when True, means binding failed. */
  readonly bindingFailureConditions?: readonly string[];
  /** True when the device can be allocated to several requests at once, sharing its capacity. */
  readonly allowMultipleAllocations?: boolean;
}

/** The value of one device attribute: exactly one of its fields is set. */
export interface DeviceAttribute {
  /** An integer value. */
  readonly int?: number;
  /** A true or false value. */
  readonly bool?: boolean;
  /** A string value. */
  readonly string?: string;
  /** A semantic version value. */
  readonly version?: string;
}

/** An amount a device holds, and how requests may consume it. */
export interface DeviceCapacity {
  /** The total amount the device holds. */
  readonly value: Quantity;
  /** How a request consumes this capacity when the device is shared. */
  readonly requestPolicy?: CapacityRequestPolicy;
}

/** How requests consume a capacity of a shared device: a default and the amounts allowed. */
export interface CapacityRequestPolicy {
  /** The amount consumed by a request that does not ask for this capacity. */
  readonly default?: Quantity;
  /** The amounts a request may consume, in ascending order. */
  readonly validValues?: readonly Quantity[];
  /** The range of amounts a request may consume. */
  readonly validRange?: CapacityRequestPolicyRange;
}

/** A range of amounts a request may consume, optionally in steps. */
export interface CapacityRequestPolicyRange {
  /** The smallest amount; smaller requests are rounded up to it. */
  readonly min: Quantity;
  /** The largest amount a request may consume. */
  readonly max?: Quantity;
  /** The step between allowed amounts, counted from min. */
  readonly step?: Quantity;
}

/** A named set of counters that devices of a pool draw from. */
export interface CounterSet {
  /** The name of the counter set. */
  readonly name: string;
  /** The counters of the set, by name. */
  readonly counters: Readonly<Record<string, Counter>>;
}

/** An amount tied to a device or a counter set. */
export interface Counter {
  /** The amount. */
  readonly value: Quantity;
}

/** The counters a device uses up from one counter set. */
export interface DeviceCounterConsumption {
  /** The name of the counter set drawn from. */
  readonly counterSet: string;
  /** The amounts used up, by counter name. */
  readonly counters: Readonly<Record<string, Counter>>;
}

/** A taint on a device, affecting the claims that do not tolerate it and their pods. */
export interface DeviceTaint {
  /** The taint key. */
  readonly key: string;
  /** The taint value. */
  readonly value?: string;
  /** None, NoSchedule or NoExecute: what the taint does to claims that do not tolerate it. */
  readonly effect: string;
  /** When the taint was added. */
  readonly timeAdded?: Time;
}

/** A class of devices, set up by an administrator or vendor, with selectors and configuration that claims referring to it inherit. */
export interface DeviceClass {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** Which devices the class covers and how to configure them. */
  readonly spec: DeviceClassSpec;
}

/** A list of DeviceClasses. */
export interface DeviceClassList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The DeviceClass objects of this page. */
  readonly items: readonly DeviceClass[];
}

/** Which devices a class covers and the configuration they get. */
export interface DeviceClassSpec {
  /** Selectors a device must all satisfy to be chosen. */
  readonly selectors?: readonly DeviceSelector[];
  /** Driver configuration for each device claimed through the class. */
  readonly config?: readonly DeviceClassConfiguration[];
  /** The extended resource name through which pods can ask for devices of this class. */
  readonly extendedResourceName?: string;
}

/** Driver configuration given by a device class. */
export interface DeviceClassConfiguration {
  /** Configuration for one driver, in a format the driver defines. */
  readonly opaque?: OpaqueDeviceConfiguration;
}

/** A test a device must pass: exactly one of its fields is set. */
export interface DeviceSelector {
  /** A CEL expression the device must satisfy. */
  readonly cel?: CELDeviceSelector;
}

/** A CEL expression that selects devices. */
export interface CELDeviceSelector {
  /** The CEL expression, evaluated against one device; true selects it. */
  readonly expression: string;
}

/** Configuration parameters for one driver, in a format its vendor defines. */
export interface OpaqueDeviceConfiguration {
  /** The driver the parameters are for. */
  readonly driver: string;
  /** The parameters, as any JSON object. */
  readonly parameters: RawExtension;
}

/** A request for devices for workloads, and what was allocated to satisfy it. */
export interface ResourceClaim {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What is requested and how to configure it; cannot be changed. */
  readonly spec: ResourceClaimSpec;
  /** Whether the claim is allocated, what to, and who may use it. */
  readonly status?: ResourceClaimStatus;
}

/** A list of ResourceClaims. */
export interface ResourceClaimList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ResourceClaim objects of this page. */
  readonly items: readonly ResourceClaim[];
}

/** What a claim requests. */
export interface ResourceClaimSpec {
  /** The devices requested. */
  readonly devices?: DeviceClaim;
}

/** The devices a claim requests, the constraints between them and their configuration. */
export interface DeviceClaim {
  /** The requests, all of which must be satisfied. */
  readonly requests?: readonly DeviceRequest[];
  /** Constraints the allocated devices must satisfy together. */
  readonly constraints?: readonly DeviceConstraint[];
  /** Driver configuration for the allocated devices. */
  readonly config?: readonly DeviceClaimConfiguration[];
}

/** One named request for devices: either an exact request or a list of alternatives. */
export interface DeviceRequest {
  /** The name by which containers and constraints refer to the request. */
  readonly name: string;
  /** The devices to allocate, when there is no alternative. */
  readonly exactly?: ExactDeviceRequest;
  /** Alternatives tried in order; the first that can be met is allocated. */
  readonly firstAvailable?: readonly DeviceSubRequest[];
}

/** A request for one or more devices of a class that match its selectors. */
export interface ExactDeviceRequest {
  /** The DeviceClass the devices come from. */
  readonly deviceClassName: string;
  /** Selectors a device must all satisfy to be chosen. */
  readonly selectors?: readonly DeviceSelector[];
  /** ExactCount (the default) for count devices, or All for every matching device. */
  readonly allocationMode?: string;
  /** How many devices to allocate in ExactCount mode; one when unset. */
  readonly count?: number;
  /** True to request the devices for administration, alongside their ordinary users. */
  readonly adminAccess?: boolean;
  /** The device taints this request tolerates. */
  readonly tolerations?: readonly DeviceToleration[];
  /** The capacity each allocated device must provide. */
  readonly capacity?: CapacityRequirements;
}

/** One alternative of a request that lists several. */
export interface DeviceSubRequest {
  /** The name of the alternative, referred to as <request>/<alternative>. */
  readonly name: string;
  /** The DeviceClass the devices come from. */
  readonly deviceClassName: string;
  /** Selectors a device must all satisfy to be chosen. */
  readonly selectors?: readonly DeviceSelector[];
  /** ExactCount (the default) for count devices, or All for every matching device. */
  readonly allocationMode?: string;
  /** How many devices to allocate in ExactCount mode; one when unset. */
  readonly count?: number;
  /** The device taints this request tolerates. */
  readonly tolerations?: readonly DeviceToleration[];
  /** The capacity each allocated device must provide. */
  readonly capacity?: CapacityRequirements;
}

/** The capacity a request needs from each device. */
export interface CapacityRequirements {
  /** The amount needed of each named capacity. */
  readonly requests?: Readonly<Record<string, Quantity>>;
}

/** Lets a claim use devices with matching taints. */
export interface DeviceToleration {
  /** The taint key matched; empty matches every key. */
  readonly key?: string;
  /** Equal or Exists: how the value is matched. */
  readonly operator?: string;
  /** The taint value matched with Equal. */
  readonly value?: string;
  /** The taint effect matched; empty matches every effect. */
  readonly effect?: string;
  /** How long a NoExecute taint is tolerated; forever when unset. */
  readonly tolerationSeconds?: number;
}

/** A constraint the devices of some requests must satisfy together. */
export interface DeviceConstraint {
  /** The requests constrained; every request of the claim when empty. */
  readonly requests?: readonly string[];
  /** An attribute that all the devices must have, with the same value. */
  readonly matchAttribute?: string;
  /** An attribute that all the devices must have, each with a different value. */
  readonly distinctAttribute?: string;
}

/** Driver configuration a claim gives for some of its requests. */
export interface DeviceClaimConfiguration {
  /** The requests the configuration applies to; every request when empty. */
  readonly requests?: readonly string[];
  /** Configuration for one driver, in a format the driver defines. */
  readonly opaque?: OpaqueDeviceConfiguration;
}

/** Whether a claim is allocated, to which devices, and who may use it. */
export interface ResourceClaimStatus {
  /** What was allocated, once allocation succeeded. */
  readonly allocation?: AllocationResult;
  /** The consumers currently allowed to use the claim. */
  readonly reservedFor?: readonly ResourceClaimConsumerReference[];
  /** The status of each allocated device, as its driver reports it. */
  readonly devices?: readonly AllocatedDeviceStatus[];
}

/** What was allocated for a claim and where it can be used. */
export interface AllocationResult {
  /** The devices allocated. */
  readonly devices?: DeviceAllocationResult;
  /** The nodes that can use the allocation; every node when unset. */
  readonly nodeSelector?: NodeSelector;
  /** When the allocation was made. */
  readonly allocationTimestamp?: Time;
}

/** The devices allocated for a claim and their configuration. */
export interface DeviceAllocationResult {
  /** One entry per allocated device. */
  readonly results?: readonly DeviceRequestAllocationResult[];
  /** The class and claim configuration for the drivers. */
  readonly config?: readonly DeviceAllocationConfiguration[];
}

/** One device allocated for a request of a claim. */
export interface DeviceRequestAllocationResult {
  /** The request, or <request>/<alternative>, the device was allocated for. */
  readonly request: string;
  /** The driver of the device. */
  readonly driver: string;
  /** The pool of the device. */
  readonly pool: string;
  /** The name of the device in its pool. */
  readonly device: string;
  /** True when the device was allocated for administration. */
  readonly adminAccess?: boolean;
  /** The tolerations of the request when the device was allocated. */
  readonly tolerations?: readonly DeviceToleration[];
  /** The device's binding conditions when it was allocated. */
  readonly bindingConditions?: readonly string[];
  /** The device's binding failure conditions when it was allocated. */
  readonly bindingFailureConditions?: readonly string[];
  /** Which share of a shared device this allocation is. */
  readonly shareID?: string;
  /** The amount of each capacity of the device this allocation uses. */
  readonly consumedCapacity?: Readonly<Record<string, Quantity>>;
}

/** Driver configuration recorded in an allocation, from the class or the claim. */
export interface DeviceAllocationConfiguration {
  /** FromClass or FromClaim: where the configuration comes from. */
  readonly source: string;
  /** The requests the configuration applies to; every request when empty. */
  readonly requests?: readonly string[];
  /** Configuration for one driver, in a format the driver defines. */
  readonly opaque?: OpaqueDeviceConfiguration;
}

/** A consumer of a claim: an object in the same namespace. */
export interface ResourceClaimConsumerReference {
  /** The API group of the consumer; empty for the core group. */
  readonly apiGroup?: string;
  /** The resource of the consumer, such as "pods". */
  readonly resource: string;
  /** The name of the consumer. */
  readonly name: string;
  /** The uid of the consumer. */
  readonly uid: string;
}

/** The state of one allocated device, as its driver reports it. */
export interface AllocatedDeviceStatus {
  /** The driver of the device. */
  readonly driver: string;
  /** The pool of the device. */
  readonly pool: string;
  /** The name of the device in its pool. */
  readonly device: string;
  /** Which share of a shared device this status is about. */
  readonly shareID?: string;
  /** The latest observations of the device's state. */
  readonly conditions?: readonly Condition[];
  /** Driver-specific data about the device. */
  readonly data?: RawExtension;
  /** Network details of the device. */
  readonly networkData?: NetworkDeviceData;
}

/** Network details of an allocated device. */
export interface NetworkDeviceData {
  /** The name of the network interface of the device. */
  readonly interfaceName?: string;
  /** The addresses of the interface, in CIDR notation. */
  readonly ips?: readonly string[];
  /** The hardware (MAC) address of the interface. */
  readonly hardwareAddress?: string;
}

/** A template from which ResourceClaims are made for pods. */
export interface ResourceClaimTemplate {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The claim to make; cannot be changed. */
  readonly spec: ResourceClaimTemplateSpec;
}

/** A list of ResourceClaimTemplates. */
export interface ResourceClaimTemplateList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ResourceClaimTemplate objects of this page. */
  readonly items: readonly ResourceClaimTemplate[];
}

/** The metadata and spec of the claims a template makes. */
export interface ResourceClaimTemplateSpec {
  /** Labels and annotations copied into each claim made. */
  readonly metadata?: ObjectMeta;
  /** The spec copied unchanged into each claim made. */
  readonly spec: ResourceClaimSpec;
}
