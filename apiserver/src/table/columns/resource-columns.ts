// The columns kube-apiserver's printers show for resource.k8s.io DeviceClass, ResourceClaim, ResourceClaimTemplate and ResourceSlice.

import type { TableColumns } from './column.ts';

/** [group/Kind, columns] of each kind this file prints. */
export const resourcePrinters: ReadonlyArray<readonly [string, TableColumns]> = [];
