// The `device` variable of Dynamic Resource Allocation's CEL selectors (DeviceClass and
// ResourceClaim selectors, resource.k8s.io), as k8s.io/dynamic-resource-allocation 1.35 declares
// it: an object kubernetes.DRADevice with the driver's name, the attributes and the capacities by
// domain and identifier, and, with DRAConsumableCapacity, allowMultipleAllocations. The selector
// environment is the base one plus cel.bind, and the type is registered with the type provider
// (so `kubernetes.DRADevice` type checks, but no program can be planned with it).

import { pathStep, type SizeEstimator } from '../cost/size-estimator.ts';
import { bindingsMacros } from '../syntax/macros.ts';
import { anyType, boolType, mapOf, objectType, quantityType, stringType, type CelType, type ObjectCelType } from '../types/cel-types.ts';
import { maxElements } from '../types/schema-types.ts';
import { declField } from './admission-types.ts';
import { declaredTypeIdentifiers } from './declared-type-identifiers.ts';
import { kubernetesEnvSet, type CelEnvironment } from './kubernetes-environment.ts';

// The API's limits (resource.k8s.io/v1), which DRA gives the estimator as the sizes of the values.
const driverNameMaxLength = 63;
const domainMaxLength = 63;
const identifierMaxLength = 32;
const attributeValueMaxLength = 64;
const attributesAndCapacitiesPerDevice = 32;

// Sizes as Kubernetes' DeclTypes hold them: MaxElements as DRA sets it, MinSerializedSize of the base type.
const sized = <T extends CelType>(type: T, maxElements: number, minSerializedSize: number): T => ({ ...type, sizes: { maxElements, minSerializedSize } });
const boundedString = (maxLength: number): CelType => sized(stringType, maxLength, 2);

/**
 * An attribute's value: int, bool, string or semver, unknown to the checker (google.protobuf.Any,
 * which checks like dyn), at most as long as the longest string or version value.
 */
const attributeValueType = sized(anyType, attributeValueMaxLength, 1);

/** domain -> identifier -> value: at most 32 entries on each level. */
const byDomainAndIdentifier = (value: CelType): CelType =>
  sized(mapOf(boundedString(domainMaxLength), sized(mapOf(boundedString(identifierMaxLength), value), attributesAndCapacitiesPerDevice, 2)), attributesAndCapacitiesPerDevice, 2);

const deviceFields = [
  declField('driver', boundedString(driverNameMaxLength), true),
  declField('attributes', byDomainAndIdentifier(attributeValueType), true),
  declField('capacity', byDomainAndIdentifier(sized(quantityType, 0, 8)), true),
];

const draDeviceTypeName = 'kubernetes.DRADevice';

/** The device of Kubernetes 1.31 on, and of 1.35 with DRAConsumableCapacity off (its default). */
const deviceType: ObjectCelType = objectType(draDeviceTypeName, deviceFields);

/** With DRAConsumableCapacity (1.34 on): also whether the device may be allocated more than once. */
const consumableCapacityDeviceType: ObjectCelType = objectType(draDeviceTypeName, [declField('allowMultipleAllocations', sized(boolType, 1, 4), true), ...deviceFields]);

export interface DeviceSelectorOptions {
  /**
   * The expression is stored (a DeviceClass update that keeps the selectors as they were): the
   * stored expressions environment, where Kubernetes declares every device type and the type
   * registered last, the one with allowMultipleAllocations, gives the fields.
   */
  readonly stored?: boolean;
  /** The DRAConsumableCapacity gate (alpha, off in 1.35), which makes new expressions see allowMultipleAllocations. */
  readonly consumableCapacity?: boolean;
}

export interface DeviceSelectorDeclarations {
  readonly environment: CelEnvironment;
  /** `device`, and the type identifiers its registered type brings (see declared-type-identifiers.ts). */
  readonly variables: ReadonlyMap<string, CelType>;
  readonly typeIdentifiers: ReadonlyMap<string, CelType>;
  readonly sizes: SizeEstimator;
}

const cache = new Map<string, DeviceSelectorDeclarations>();

/** What a device selector is compiled with, at the default compatibility version. */
export function deviceSelectorDeclarations(options: DeviceSelectorOptions = {}): DeviceSelectorDeclarations {
  const stored = options.stored === true;
  const key = `${stored} ${options.consumableCapacity === true}`;
  let declarations = cache.get(key);
  if (declarations === undefined) {
    const envSet = kubernetesEnvSet();
    const base = stored ? envSet.storedExpressions : envSet.newExpressions;
    const device = stored || options.consumableCapacity === true ? consumableCapacityDeviceType : deviceType;
    const typeIdentifiers = declaredTypeIdentifiers([device]);
    declarations = {
      environment: { ...base, macros: [...base.macros, ...bindingsMacros] },
      variables: new Map([...typeIdentifiers, ['device', device]]),
      typeIdentifiers,
      sizes: deviceSizeEstimator,
    };
    cache.set(key, declarations);
  }
  return declarations;
}

/**
 * DRA's size estimator: the path from `device` walked through the newest device type (whatever the
 * environment), to the MaxElements of the type reached. A name that is no field of an attribute map
 * (`device.attributes["example.com"].model`) reaches an attribute's value; paths from anything but
 * `device` have no estimate.
 */
const deviceSizeEstimator: SizeEstimator = {
  estimateSize(node) {
    const path = node.path;
    if (path === undefined || path[0] !== 'device') return undefined;
    let type: CelType = consumableCapacityDeviceType;
    for (const step of path.slice(1)) {
      const next: CelType | undefined = pathStep(type, step) ?? (type.kind === 'map' && type.value === attributeValueType ? attributeValueType : undefined);
      if (next === undefined) return undefined;
      type = next;
    }
    return { min: 0n, max: BigInt(maxElements(type) ?? 0) };
  },
};
