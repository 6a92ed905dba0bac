// The types of resource.k8s.io/v1: device classes, resource claims and their templates here, the
// ResourceSlices drivers publish in resource-v1-devices.ts.

import { boolean, field, int64, list, map, pointer, ref, string, struct, type FieldDeclaration, type TypeDeclaration } from '../schema.ts';
import { deviceAllocationModes, deviceConfigSources, deviceTaintEffects, deviceTolerationOperators } from './enum-values.ts';
import { conditionName, kinds, listKind, objectMetaField, objectMetaName, quantityName, rawExtensionName, timeName, typeMetaFields } from './meta-v1.ts';
import { atomicStrings, nodeSelectorName, resourceName, resourceV1DeviceTypes } from './resource-v1-devices.ts';

/**
 * The configuration types embed DeviceConfiguration inline: its one field, opaque, is field 1 of
 * that embedded message, which each type carries under its own number.
 */
const opaqueConfigurationField = (embeddedIn: number): FieldDeclaration =>
  field(1, ref(resourceName('OpaqueDeviceConfiguration')), 'Configuration for one driver, in a format the driver defines.', { protobufEmbeddedIn: embeddedIn });

const tolerationsField = (protobuf: number): FieldDeclaration =>
  field(protobuf, list(ref(resourceName('DeviceToleration'), { default: {} })), 'The device taints this request tolerates.', { listType: 'atomic' });

const selectorsField = (protobuf: number): FieldDeclaration =>
  field(protobuf, list(ref(resourceName('DeviceSelector'), { default: {} })), 'Selectors a device must all satisfy to be chosen.', { listType: 'atomic' });

export const resourceV1Types: readonly TypeDeclaration[] = [
  ...resourceV1DeviceTypes,

  // DeviceClass.

  struct(
    resourceName('DeviceClass'),
    'A class of devices, set up by an administrator or vendor, with selectors and configuration that claims referring to it inherit.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(resourceName('DeviceClassSpec'), { default: {} }), 'Which devices the class covers and how to configure them.', { required: true }),
    },
    { groupVersionKinds: kinds('DeviceClass', ['resource.k8s.io/v1']) },
  ),

  listKind(resourceName('DeviceClass'), 'resource.k8s.io/v1', 'A list of DeviceClasses.'),

  struct(resourceName('DeviceClassSpec'), 'Which devices a class covers and the configuration they get.', {
    selectors: selectorsField(1),
    config: field(2, list(ref(resourceName('DeviceClassConfiguration'), { default: {} })), 'Driver configuration for each device claimed through the class.', {
      listType: 'atomic',
    }),
    extendedResourceName: pointer(field(4, string(), 'The extended resource name through which pods can ask for devices of this class.')),
  }),

  struct(resourceName('DeviceClassConfiguration'), 'Driver configuration given by a device class.', {
    opaque: pointer(opaqueConfigurationField(1)),
  }),

  struct(resourceName('DeviceSelector'), 'A test a device must pass: exactly one of its fields is set.', {
    cel: pointer(field(1, ref(resourceName('CELDeviceSelector')), 'A CEL expression the device must satisfy.')),
  }),

  struct(resourceName('CELDeviceSelector'), 'A CEL expression that selects devices.', {
    expression: field(1, string({ default: '' }), 'The CEL expression, evaluated against one device; true selects it.', { required: true }),
  }),

  struct(resourceName('OpaqueDeviceConfiguration'), 'Configuration parameters for one driver, in a format its vendor defines.', {
    driver: field(1, string({ default: '' }), 'The driver the parameters are for.', { required: true }),
    parameters: field(2, ref(rawExtensionName), 'The parameters, as any JSON object.', { required: true }),
  }),

  // ResourceClaim and ResourceClaimTemplate.

  struct(
    resourceName('ResourceClaim'),
    'A request for devices for workloads, and what was allocated to satisfy it.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(resourceName('ResourceClaimSpec'), { default: {} }), 'What is requested and how to configure it; cannot be changed.', { required: true }),
      status: field(3, ref(resourceName('ResourceClaimStatus'), { default: {} }), 'Whether the claim is allocated, what to, and who may use it.'),
    },
    { groupVersionKinds: kinds('ResourceClaim', ['resource.k8s.io/v1']) },
  ),

  listKind(resourceName('ResourceClaim'), 'resource.k8s.io/v1', 'A list of ResourceClaims.'),

  struct(resourceName('ResourceClaimSpec'), 'What a claim requests.', {
    devices: field(1, ref(resourceName('DeviceClaim'), { default: {} }), 'The devices requested.'),
  }),

  struct(resourceName('DeviceClaim'), 'The devices a claim requests, the constraints between them and their configuration.', {
    requests: field(1, list(ref(resourceName('DeviceRequest'), { default: {} })), 'The requests, all of which must be satisfied.', { listType: 'atomic' }),
    constraints: field(2, list(ref(resourceName('DeviceConstraint'), { default: {} })), 'Constraints the allocated devices must satisfy together.', {
      listType: 'atomic',
    }),
    config: field(3, list(ref(resourceName('DeviceClaimConfiguration'), { default: {} })), 'Driver configuration for the allocated devices.', {
      listType: 'atomic',
    }),
  }),

  struct(resourceName('DeviceRequest'), 'One named request for devices: either an exact request or a list of alternatives.', {
    name: field(1, string({ default: '' }), 'The name by which containers and constraints refer to the request.', { required: true }),
    exactly: pointer(field(2, ref(resourceName('ExactDeviceRequest')), 'The devices to allocate, when there is no alternative.')),
    firstAvailable: field(3, list(ref(resourceName('DeviceSubRequest'), { default: {} })), 'Alternatives tried in order; the first that can be met is allocated.', {
      listType: 'atomic',
    }),
  }),

  struct(resourceName('ExactDeviceRequest'), 'A request for one or more devices of a class that match its selectors.', {
    deviceClassName: field(1, string({ default: '' }), 'The DeviceClass the devices come from.', { required: true }),
    selectors: selectorsField(2),
    allocationMode: field(3, string({ enum: deviceAllocationModes }), 'ExactCount (the default) for count devices, or All for every matching device.'),
    count: field(4, int64(), 'How many devices to allocate in ExactCount mode; one when unset.'),
    adminAccess: pointer(field(5, boolean(), 'True to request the devices for administration, alongside their ordinary users.')),
    tolerations: tolerationsField(6),
    capacity: pointer(field(7, ref(resourceName('CapacityRequirements')), 'The capacity each allocated device must provide.')),
  }),

  struct(resourceName('DeviceSubRequest'), 'One alternative of a request that lists several.', {
    name: field(1, string({ default: '' }), 'The name of the alternative, referred to as <request>/<alternative>.', { required: true }),
    deviceClassName: field(2, string({ default: '' }), 'The DeviceClass the devices come from.', { required: true }),
    selectors: selectorsField(3),
    allocationMode: field(4, string({ enum: deviceAllocationModes }), 'ExactCount (the default) for count devices, or All for every matching device.'),
    count: field(5, int64(), 'How many devices to allocate in ExactCount mode; one when unset.'),
    tolerations: tolerationsField(6),
    capacity: pointer(field(7, ref(resourceName('CapacityRequirements')), 'The capacity each allocated device must provide.')),
  }),

  struct(resourceName('CapacityRequirements'), 'The capacity a request needs from each device.', {
    requests: field(1, map(ref(quantityName)), 'The amount needed of each named capacity.'),
  }),

  struct(resourceName('DeviceToleration'), 'Lets a claim use devices with matching taints.', {
    key: field(1, string(), 'The taint key matched; empty matches every key.'),
    operator: field(2, string({ default: 'Equal', enum: deviceTolerationOperators }), 'Equal or Exists: how the value is matched.'),
    value: field(3, string(), 'The taint value matched with Equal.'),
    effect: field(4, string({ enum: deviceTaintEffects }), 'The taint effect matched; empty matches every effect.'),
    tolerationSeconds: pointer(field(5, int64(), 'How long a NoExecute taint is tolerated; forever when unset.')),
  }),

  struct(resourceName('DeviceConstraint'), 'A constraint the devices of some requests must satisfy together.', {
    requests: field(1, atomicStrings, 'The requests constrained; every request of the claim when empty.', { listType: 'atomic' }),
    matchAttribute: pointer(field(2, string(), 'An attribute that all the devices must have, with the same value.')),
    distinctAttribute: pointer(field(3, string(), 'An attribute that all the devices must have, each with a different value.')),
  }),

  struct(resourceName('DeviceClaimConfiguration'), 'Driver configuration a claim gives for some of its requests.', {
    requests: field(1, atomicStrings, 'The requests the configuration applies to; every request when empty.', { listType: 'atomic' }),
    opaque: pointer(opaqueConfigurationField(2)),
  }),

  struct(resourceName('ResourceClaimStatus'), 'Whether a claim is allocated, to which devices, and who may use it.', {
    allocation: pointer(field(1, ref(resourceName('AllocationResult')), 'What was allocated, once allocation succeeded.')),
    reservedFor: field(2, list(ref(resourceName('ResourceClaimConsumerReference'), { default: {} })), 'The consumers currently allowed to use the claim.', {
      listType: 'map',
      listMapKeys: ['uid'],
      patchStrategy: 'merge',
      patchMergeKey: 'uid',
    }),
    devices: field(4, list(ref(resourceName('AllocatedDeviceStatus'), { default: {} })), 'The status of each allocated device, as its driver reports it.', {
      listType: 'map',
      listMapKeys: ['driver', 'device', 'pool', 'shareID'],
    }),
  }),

  struct(resourceName('AllocationResult'), 'What was allocated for a claim and where it can be used.', {
    devices: field(1, ref(resourceName('DeviceAllocationResult'), { default: {} }), 'The devices allocated.'),
    nodeSelector: pointer(field(3, ref(nodeSelectorName), 'The nodes that can use the allocation; every node when unset.')),
    allocationTimestamp: pointer(field(5, ref(timeName), 'When the allocation was made.')),
  }),

  struct(resourceName('DeviceAllocationResult'), 'The devices allocated for a claim and their configuration.', {
    results: field(1, list(ref(resourceName('DeviceRequestAllocationResult'), { default: {} })), 'One entry per allocated device.', {
      listType: 'atomic',
    }),
    config: field(2, list(ref(resourceName('DeviceAllocationConfiguration'), { default: {} })), 'The class and claim configuration for the drivers.', {
      listType: 'atomic',
    }),
  }),

  struct(resourceName('DeviceRequestAllocationResult'), 'One device allocated for a request of a claim.', {
    request: field(1, string({ default: '' }), 'The request, or <request>/<alternative>, the device was allocated for.', { required: true }),
    driver: field(2, string({ default: '' }), 'The driver of the device.', { required: true }),
    pool: field(3, string({ default: '' }), 'The pool of the device.', { required: true }),
    device: field(4, string({ default: '' }), 'The name of the device in its pool.', { required: true }),
    adminAccess: pointer(field(5, boolean(), 'True when the device was allocated for administration.')),
    tolerations: field(6, list(ref(resourceName('DeviceToleration'), { default: {} })), 'The tolerations of the request when the device was allocated.', {
      listType: 'atomic',
    }),
    bindingConditions: field(7, atomicStrings, "The device's binding conditions when it was allocated.", { listType: 'atomic' }),
    bindingFailureConditions: field(8, atomicStrings, "The device's binding failure conditions when it was allocated.", { listType: 'atomic' }),
    shareID: pointer(field(9, string(), 'Which share of a shared device this allocation is.')),
    consumedCapacity: field(10, map(ref(quantityName)), 'The amount of each capacity of the device this allocation uses.'),
  }),

  struct(resourceName('DeviceAllocationConfiguration'), 'Driver configuration recorded in an allocation, from the class or the claim.', {
    source: field(1, string({ default: '', enum: deviceConfigSources }), 'FromClass or FromClaim: where the configuration comes from.', { required: true }),
    requests: field(2, atomicStrings, 'The requests the configuration applies to; every request when empty.', { listType: 'atomic' }),
    opaque: pointer(opaqueConfigurationField(3)),
  }),

  struct(resourceName('ResourceClaimConsumerReference'), 'A consumer of a claim: an object in the same namespace.', {
    apiGroup: field(1, string(), 'The API group of the consumer; empty for the core group.'),
    resource: field(3, string({ default: '' }), 'The resource of the consumer, such as "pods".', { required: true }),
    name: field(4, string({ default: '' }), 'The name of the consumer.', { required: true }),
    uid: field(5, string({ default: '' }), 'The uid of the consumer.', { required: true }),
  }),

  struct(resourceName('AllocatedDeviceStatus'), 'The state of one allocated device, as its driver reports it.', {
    driver: field(1, string({ default: '' }), 'The driver of the device.', { required: true }),
    pool: field(2, string({ default: '' }), 'The pool of the device.', { required: true }),
    device: field(3, string({ default: '' }), 'The name of the device in its pool.', { required: true }),
    shareID: pointer(field(7, string(), 'Which share of a shared device this status is about.')),
    conditions: field(4, list(ref(conditionName, { default: {} })), "The latest observations of the device's state.", {
      listType: 'map',
      listMapKeys: ['type'],
    }),
    data: pointer(field(5, ref(rawExtensionName), 'Driver-specific data about the device.')),
    networkData: pointer(field(6, ref(resourceName('NetworkDeviceData')), 'Network details of the device.')),
  }),

  struct(resourceName('NetworkDeviceData'), 'Network details of an allocated device.', {
    interfaceName: field(1, string(), 'The name of the network interface of the device.'),
    ips: field(2, atomicStrings, 'The addresses of the interface, in CIDR notation.', { listType: 'atomic' }),
    hardwareAddress: field(3, string(), 'The hardware (MAC) address of the interface.'),
  }),

  struct(
    resourceName('ResourceClaimTemplate'),
    'A template from which ResourceClaims are made for pods.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(resourceName('ResourceClaimTemplateSpec'), { default: {} }), 'The claim to make; cannot be changed.', { required: true }),
    },
    { groupVersionKinds: kinds('ResourceClaimTemplate', ['resource.k8s.io/v1']) },
  ),

  listKind(resourceName('ResourceClaimTemplate'), 'resource.k8s.io/v1', 'A list of ResourceClaimTemplates.'),

  struct(resourceName('ResourceClaimTemplateSpec'), 'The metadata and spec of the claims a template makes.', {
    metadata: field(1, ref(objectMetaName, { default: {} }), 'Labels and annotations copied into each claim made.'),
    spec: field(2, ref(resourceName('ResourceClaimSpec'), { default: {} }), 'The spec copied unchanged into each claim made.', { required: true }),
  }),
];
