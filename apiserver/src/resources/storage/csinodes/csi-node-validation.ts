// CSINode (storage.k8s.io/v1): each driver named once by a valid CSI driver name, with a node ID,
// a non-negative allocatable count and qualified topology keys. A driver's entry is fixed but for
// its allocatable count (MutableCSINodeAllocatableCount, on in 1.35).

import { isDeepStrictEqual } from 'node:util';
import { fieldDuplicate, fieldInvalid, fieldRequired, type FieldBadValue, type FieldError, goStruct } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { csiDriverNameErrors } from '../csidrivers/csi-driver-validation.ts';
import { isQualifiedName } from '../../../registry/validation/value-formats.ts';
import { stringsOrNull } from '../../../registry/validation/internal-type-values.ts';

/** kube's strategy allows the longer limit of node IDs. */
const maxNodeIdLength = 256;

const driversOf = (csiNode: JsonObject): JsonObject[] => (isObject(csiNode.spec) ? objectsAt(csiNode.spec, 'drivers') : []);

export function csiNodeErrors(csiNode: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  driversOf(csiNode).forEach((driver, i) => {
    const path = `spec.drivers[${i}]`;
    const name = stringOf(driver.name);
    errors.push(...csiDriverNameErrors(name, `${path}.name`));
    const nodeId = stringOf(driver.nodeID);
    if (nodeId === '') errors.push(fieldRequired(`${path}.nodeID`));
    if (nodeId.length > maxNodeIdLength) errors.push(fieldInvalid(`${path}.nodeID`, nodeId, `must be ${maxNodeIdLength} characters or less`));
    const count = isObject(driver.allocatable) ? driver.allocatable.count : undefined;
    if (typeof count === 'number' && count < 0) errors.push(fieldInvalid(`${path}.allocatable.count`, count, 'must be greater than or equal to 0'));
    if (names.has(name)) errors.push(fieldDuplicate(`${path}.name`, name));
    names.add(name);
    // kube reports topology keys at the driver, not at the key.
    const keys = new Set<string>();
    for (const key of stringsOf(driver.topologyKeys)) {
      if (key === '') errors.push(fieldRequired(path));
      if (keys.has(key)) errors.push(fieldDuplicate(path, key));
      keys.add(key);
      for (const message of isQualifiedName(key)) errors.push(fieldInvalid(path, key, message));
    }
  });
  return errors;
}

/** A driver that is in both, changed in anything but its allocatable count, is refused whole. */
export function csiNodeUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const errors = [...objectErrors];
  const fixed = (driver: JsonObject): JsonObject => ({ ...driver, allocatable: null });
  for (const oldDriver of driversOf(old)) {
    for (const newDriver of driversOf(next)) {
      if (oldDriver.name !== newDriver.name || isDeepStrictEqual(fixed(newDriver), fixed(oldDriver))) continue;
      errors.push(fieldInvalid('spec.drivers', driverValue(newDriver), 'field is immutable'));
    }
  }
  return errors;
}

/** The internal storage.CSINodeDriver kube compares, as a field error prints it: its JSON with Go's field names, its allocatable cleared. */
function driverValue(driver: JsonObject): FieldBadValue {
  return { json: goStruct({ Name: stringOf(driver.name), NodeID: stringOf(driver.nodeID), TopologyKeys: stringsOrNull(driver.topologyKeys), Allocatable: null }) };
}
