// resource.k8s.io/v1 on create and update drops the fields of feature gates that are off in 1.35,
// unless the stored object already used them, as kube's strategies do: a device class's
// extendedResourceName (DRAExtendedResource); a claim's tolerations (DRADeviceTaints), capacity
// requests and distinctAttribute constraints (DRAConsumableCapacity); a slice's taints, counters
// and per-device node selection (DRADeviceTaints, DRAPartitionableDevices), binding conditions
// (DRADeviceBindingConditions), allowMultipleAllocations and capacity request policies
// (DRAConsumableCapacity).

import { isObject, objectsAt } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { ResourceStrategy } from '../../registry/strategy.ts';

/** One gate's fields of a kind: whether an object uses any, and how to take them out. */
interface GatedFields {
  readonly inUse: (object: JsonObject) => boolean;
  readonly drop: (object: JsonObject) => void;
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null;
const hasItems = (value: unknown): boolean => Array.isArray(value) && value.length > 0;
const specOf = (object: JsonObject): JsonObject => (isObject(object.spec) ? object.spec : {});

function strategyDropping(...gates: readonly GatedFields[]): ResourceStrategy {
  const dropUnused = (next: JsonObject, old: JsonObject | undefined): void => {
    for (const gate of gates) if (old === undefined || !gate.inUse(old)) gate.drop(next);
  };
  return { prepareForCreate: (object) => dropUnused(object, undefined), prepareForUpdate: dropUnused };
}

// --- DeviceClass ---

export const deviceClassStrategy = strategyDropping({
  inUse: (deviceClass) => isSet(specOf(deviceClass).extendedResourceName),
  drop: (deviceClass) => delete specOf(deviceClass).extendedResourceName,
});

// --- ResourceClaim and ResourceClaimTemplate ---

/** The exact requests and alternatives of a claim spec: where tolerations and capacity live. */
function classRequestsOf(claimSpec: unknown): JsonObject[] {
  const devices = isObject(claimSpec) && isObject(claimSpec.devices) ? claimSpec.devices : {};
  return objectsAt(devices, 'requests').flatMap((request) => [...(isObject(request.exactly) ? [request.exactly] : []), ...objectsAt(request, 'firstAvailable')]);
}

const constraintsOf = (claimSpec: unknown): JsonObject[] => (isObject(claimSpec) && isObject(claimSpec.devices) ? objectsAt(claimSpec.devices, 'constraints') : []);

function claimSpecGates(claimSpecOf: (object: JsonObject) => unknown): GatedFields[] {
  return [
    {
      inUse: (object) => classRequestsOf(claimSpecOf(object)).some((request) => hasItems(request.tolerations)),
      drop: (object) => classRequestsOf(claimSpecOf(object)).forEach((request) => delete request.tolerations),
    },
    {
      inUse: (object) =>
        constraintsOf(claimSpecOf(object)).some((constraint) => isSet(constraint.distinctAttribute)) ||
        classRequestsOf(claimSpecOf(object)).some((request) => isSet(request.capacity)),
      drop: (object) => {
        constraintsOf(claimSpecOf(object)).forEach((constraint) => delete constraint.distinctAttribute);
        classRequestsOf(claimSpecOf(object)).forEach((request) => delete request.capacity);
      },
    },
  ];
}

export const resourceClaimStrategy = strategyDropping(...claimSpecGates((claim) => claim.spec));

export const resourceClaimTemplateStrategy = strategyDropping(...claimSpecGates((template) => specOf(template).spec));

// --- ResourceSlice ---

const devicesOf = (slice: JsonObject): JsonObject[] => objectsAt(specOf(slice), 'devices');
const deviceNodeFields = ['nodeName', 'nodeSelector', 'allNodes'] as const;
const bindingFields = ['bindingConditions', 'bindingFailureConditions', 'bindsToNode'] as const;
const capacitiesOf = (device: JsonObject): JsonObject[] => (isObject(device.capacity) ? Object.values(device.capacity).filter(isObject) : []);

export const resourceSliceStrategy = strategyDropping(
  {
    inUse: (slice) => devicesOf(slice).some((device) => hasItems(device.taints)),
    drop: (slice) => devicesOf(slice).forEach((device) => delete device.taints),
  },
  {
    inUse: (slice) =>
      hasItems(specOf(slice).sharedCounters) ||
      isSet(specOf(slice).perDeviceNodeSelection) ||
      devicesOf(slice).some((device) => hasItems(device.consumesCounters) || deviceNodeFields.some((key) => isSet(device[key]))),
    drop: (slice) => {
      delete specOf(slice).sharedCounters;
      delete specOf(slice).perDeviceNodeSelection;
      for (const device of devicesOf(slice)) for (const key of ['consumesCounters', ...deviceNodeFields]) delete device[key];
    },
  },
  {
    inUse: (slice) => devicesOf(slice).some((device) => hasItems(device.bindingConditions) || hasItems(device.bindingFailureConditions) || isSet(device.bindsToNode)),
    drop: (slice) => devicesOf(slice).forEach((device) => bindingFields.forEach((key) => delete device[key])),
  },
  {
    inUse: (slice) => devicesOf(slice).some((device) => isSet(device.allowMultipleAllocations) || capacitiesOf(device).some((capacity) => isSet(capacity.requestPolicy))),
    drop: (slice) => {
      for (const device of devicesOf(slice)) {
        delete device.allowMultipleAllocations;
        for (const capacity of capacitiesOf(device)) delete capacity.requestPolicy;
      }
    },
  },
);
