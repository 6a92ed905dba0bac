// The columns kube-apiserver's printers show for CertificateSigningRequest, FlowSchema, PriorityLevelConfiguration, the storage.k8s.io CSI and volume kinds, admission webhooks and policies, and APIService.

import type { TableColumns } from './column.ts';

/** [group/Kind, columns] of each kind this file prints. */
export const clusterExtensionPrinters: ReadonlyArray<readonly [string, TableColumns]> = [];
