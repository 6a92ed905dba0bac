// The columns kube-apiserver's printers show for resource.k8s.io DeviceClass, ResourceClaim, ResourceClaimTemplate and ResourceSlice.
//
// DeviceClass and ResourceClaimTemplate print just Name and Age (which still differs from the
// Name / Created At default); ResourceClaim adds a State summary; ResourceSlice its node, driver
// and pool.

import { arrayAt, fieldAt, hasField, stringAt } from '@capstan/common';
import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from '../../table/columns/column.ts';

export const nameAndAgeColumns: TableColumns = {
  definitions: [nameColumn, ageColumn],
  cells: (object, now) => [nameOf(object), ageOf(object, now)],
};

/**
 * A claim's state: "deleted" once it is being deleted; then "pending" while nothing is allocated
 * (left out for a claim being deleted), or "allocated" plus "reserved" when some consumer holds it.
 */
export function resourceClaimState(claim: unknown): string {
  const deleting = hasField(claim, 'metadata', 'deletionTimestamp');
  const states: string[] = deleting ? ['deleted'] : [];
  if (!hasField(claim, 'status', 'allocation')) {
    if (!deleting) states.push('pending');
  } else {
    states.push('allocated');
    if (arrayAt(claim, 'status', 'reservedFor').length > 0) states.push('reserved');
  }
  return states.join(',');
}

export const resourceClaimColumns: TableColumns = {
  definitions: [nameColumn, column('State', 'string', 'Whether the claim is pending, allocated, reserved for a consumer, or being deleted.'), ageColumn],
  cells: (claim, now) => [nameOf(claim), resourceClaimState(claim), ageOf(claim, now)],
};

/** spec.nodeName is optional (a pointer in kube's types): an unset one prints as a null cell. */
const nodeNameCell = (slice: unknown): string | null => {
  const nodeName = fieldAt(slice, 'spec', 'nodeName');
  return typeof nodeName === 'string' ? nodeName : null;
};

export const resourceSliceColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Node', 'string', 'The node that provides the devices in this slice, if they are local to one node.'),
    column('Driver', 'string', 'The DRA driver that publishes this slice.'),
    column('Pool', 'string', 'The name of the resource pool this slice belongs to.'),
    ageColumn,
  ],
  cells: (slice, now) => [nameOf(slice), nodeNameCell(slice), stringAt(slice, 'spec', 'driver'), stringAt(slice, 'spec', 'pool', 'name'), ageOf(slice, now)],
};
