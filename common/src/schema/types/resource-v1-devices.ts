// The types of resource.k8s.io/v1 that drivers publish: ResourceSlice, its pool, and the devices
// with their attributes, capacities, shared counters and taints.

import { apiName, boolean, field, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { deviceTaintEffects } from './enum-values.ts';
import { listKind, objectMetaField, quantityName, timeName, typeMetaFields, kinds } from './meta-v1.ts';

/** The schema name of a resource.k8s.io/v1 type. */
export const resourceName = (type: string): string => apiName('resource', 'v1', type);

export const nodeSelectorName = apiName('core', 'v1', 'NodeSelector');

/** A list of plain strings replaced as a whole. */
export const atomicStrings = list(string({ default: '' }));

export const resourceV1DeviceTypes: readonly TypeDeclaration[] = [
  struct(
    resourceName('ResourceSlice'),
    'Some or all of the devices of one pool that a driver publishes.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(resourceName('ResourceSliceSpec'), { default: {} }), 'What the driver publishes in this slice.', { required: true }),
    },
    { groupVersionKinds: kinds('ResourceSlice', ['resource.k8s.io/v1']) },
  ),

  listKind(resourceName('ResourceSlice'), 'resource.k8s.io/v1', 'A list of ResourceSlices.'),

  struct(resourceName('ResourceSliceSpec'), 'What a driver publishes in one ResourceSlice: its pool, where it is reachable and its devices.', {
    driver: field(1, string({ default: '' }), 'The name of the DRA driver that provides these resources.', { required: true }),
    pool: field(2, ref(resourceName('ResourcePool'), { default: {} }), 'The pool this slice belongs to.', { required: true }),
    nodeName: pointer(field(3, string(), 'The one node that provides the resources of the pool.')),
    nodeSelector: pointer(field(4, ref(nodeSelectorName), 'The nodes that can reach the resources of the pool.')),
    allNodes: pointer(field(5, boolean(), 'True when every node can reach the resources of the pool.')),
    devices: field(6, list(ref(resourceName('Device'), { default: {} })), 'Devices of the pool published in this slice.', { listType: 'atomic' }),
    perDeviceNodeSelection: pointer(field(7, boolean(), 'True when each device says for itself which nodes can reach it.')),
    sharedCounters: field(8, list(ref(resourceName('CounterSet'), { default: {} })), 'Named sets of counters that devices of the pool draw from.', {
      listType: 'atomic',
    }),
  }),

  struct(resourceName('ResourcePool'), 'The pool a ResourceSlice belongs to, and how many slices make up its current generation.', {
    name: field(1, string({ default: '' }), 'The name of the pool, unique for its driver.', { required: true }),
    generation: field(2, int64({ default: 0 }), 'The generation of the pool; only slices at the highest generation count.', { required: true }),
    resourceSliceCount: field(3, int64({ default: 0 }), 'How many slices the pool has at this generation.', { required: true }),
  }),

  struct(resourceName('Device'), 'One device a driver offers, with what it is and what it holds.', {
    name: field(1, string({ default: '' }), 'The name of the device, unique in its pool.', { required: true }),
    attributes: field(2, map(ref(resourceName('DeviceAttribute'), { default: {} })), 'Properties of the device, by name.'),
    capacity: field(3, map(ref(resourceName('DeviceCapacity'), { default: {} })), 'Amounts the device holds, by name.'),
    consumesCounters: field(4, list(ref(resourceName('DeviceCounterConsumption'), { default: {} })), 'The shared counters allocating this device uses up.', {
      listType: 'atomic',
    }),
    nodeName: pointer(field(5, string(), 'The one node that can reach this device, when the slice leaves node selection to devices.')),
    nodeSelector: pointer(field(6, ref(nodeSelectorName), 'The nodes that can reach this device, when the slice leaves node selection to devices.')),
    allNodes: pointer(field(7, boolean(), 'True when every node can reach this device, when the slice leaves node selection to devices.')),
    taints: field(8, list(ref(resourceName('DeviceTaint'), { default: {} })), 'Taints the driver puts on the device.', { listType: 'atomic' }),
    bindsToNode: pointer(field(9, boolean(), 'True when a claim allocated this device may only be used on the node chosen at allocation.')),
    bindingConditions: field(10, atomicStrings, 'Device status conditions that must all be True before a pod using the device binds to its node.', {
      listType: 'atomic',
    }),
    bindingFailureConditions: field(11, atomicStrings, 'Device status conditions any of which, when True, means binding failed.', {
      listType: 'atomic',
    }),
    allowMultipleAllocations: pointer(field(12, boolean(), 'True when the device can be allocated to several requests at once, sharing its capacity.')),
  }),

  struct(resourceName('DeviceAttribute'), 'The value of one device attribute: exactly one of its fields is set.', {
    int: pointer(field(2, int64(), 'An integer value.')),
    bool: pointer(field(3, boolean(), 'A true or false value.')),
    string: pointer(field(4, string(), 'A string value.')),
    version: pointer(field(5, string(), 'A semantic version value.')),
  }),

  struct(resourceName('DeviceCapacity'), 'An amount a device holds, and how requests may consume it.', {
    value: field(1, ref(quantityName), 'The total amount the device holds.', { required: true }),
    requestPolicy: pointer(field(2, ref(resourceName('CapacityRequestPolicy')), 'How a request consumes this capacity when the device is shared.')),
  }),

  struct(resourceName('CapacityRequestPolicy'), 'How requests consume a capacity of a shared device: a default and the amounts allowed.', {
    default: pointer(field(1, ref(quantityName), 'The amount consumed by a request that does not ask for this capacity.')),
    validValues: field(3, list(ref(quantityName)), 'The amounts a request may consume, in ascending order.', { listType: 'atomic' }),
    validRange: pointer(field(4, ref(resourceName('CapacityRequestPolicyRange')), 'The range of amounts a request may consume.')),
  }),

  struct(resourceName('CapacityRequestPolicyRange'), 'A range of amounts a request may consume, optionally in steps.', {
    min: pointer(field(1, ref(quantityName), 'The smallest amount; smaller requests are rounded up to it.', { required: true })),
    max: pointer(field(2, ref(quantityName), 'The largest amount a request may consume.')),
    step: pointer(field(3, ref(quantityName), 'The step between allowed amounts, counted from min.')),
  }),

  struct(resourceName('CounterSet'), 'A named set of counters that devices of a pool draw from.', {
    name: field(1, string({ default: '' }), 'The name of the counter set.', { required: true }),
    counters: field(2, map(ref(resourceName('Counter'), { default: {} })), 'The counters of the set, by name.', { required: true }),
  }),

  struct(resourceName('Counter'), 'An amount tied to a device or a counter set.', {
    value: field(1, ref(quantityName), 'The amount.', { required: true }),
  }),

  struct(resourceName('DeviceCounterConsumption'), 'The counters a device uses up from one counter set.', {
    counterSet: field(1, string({ default: '' }), 'The name of the counter set drawn from.', { required: true }),
    counters: field(2, map(ref(resourceName('Counter'), { default: {} })), 'The amounts used up, by counter name.', { required: true }),
  }),

  struct(resourceName('DeviceTaint'), 'A taint on a device, affecting the claims that do not tolerate it and their pods.', {
    key: field(1, string({ default: '' }), 'The taint key.', { required: true }),
    value: field(2, string(), 'The taint value.'),
    effect: field(3, string({ default: '', enum: deviceTaintEffects }), 'None, NoSchedule or NoExecute: what the taint does to claims that do not tolerate it.', {
      required: true,
    }),
    timeAdded: pointer(field(4, ref(timeName), 'When the taint was added.')),
  }),
];
