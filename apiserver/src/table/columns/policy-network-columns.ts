// The columns kube-apiserver's printers show for PodTemplate, PodDisruptionBudget, IngressClass, NetworkPolicy, RuntimeClass, ServiceCIDR, IPAddress, ResourceQuota and LimitRange.

import type { TableColumns } from './column.ts';

/** [group/Kind, columns] of each kind this file prints. */
export const policyNetworkPrinters: ReadonlyArray<readonly [string, TableColumns]> = [];
