// The columns kube-apiserver's table printers show per kind (priority 0 always, 1 with -o wide);
// kinds without a printer (custom resources, Role, ClusterRole, ...) get the default Name / Created At.

import { stringAt, type JsonObject } from '@capstan/common';
import { horizontalPodAutoscalerColumns } from './columns/autoscaler-columns.ts';
import { clusterExtensionPrinters } from './columns/cluster-extension-columns.ts';
import { policyNetworkPrinters } from './columns/policy-network-columns.ts';
import { resourcePrinters } from './columns/resource-columns.ts';
import { column, nameColumn, nameOf, type TableColumns } from './columns/column.ts';
import { componentStatusColumns } from './columns/component-status-columns.ts';
import { configMapColumns, secretColumns, serviceAccountColumns } from './columns/config-columns.ts';
import { endpointSliceColumns, endpointsColumns } from './columns/endpoint-columns.ts';
import { eventColumns } from './columns/event-columns.ts';
import { objectMeta } from './columns/field-descriptions.ts';
import { ingressColumns } from './columns/ingress-columns.ts';
import { cronJobColumns, jobColumns } from './columns/job-columns.ts';
import { leaseColumns } from './columns/lease-columns.ts';
import { namespaceColumns } from './columns/namespace-columns.ts';
import { nodeColumns } from './columns/node-columns.ts';
import { podColumns } from './columns/pod-columns.ts';
import { priorityClassColumns } from './columns/priority-class-columns.ts';
import { clusterRoleBindingColumns, roleBindingColumns } from './columns/rbac-columns.ts';
import { serviceColumns } from './columns/service-columns.ts';
import { persistentVolumeClaimColumns, persistentVolumeColumns, storageClassColumns } from './columns/storage-columns.ts';
import { timestampMillis } from './columns/timestamp-since.ts';
import { controllerRevisionColumns, daemonSetColumns, deploymentColumns, replicaSetColumns, replicationControllerColumns, statefulSetColumns } from './columns/workload-columns.ts';
import { kindKeyOf, lookup, type BuiltinKindKey } from '../resources/builtin-keys.ts';

export type { ColumnDefinition, TableColumns, TableRowCondition } from './columns/column.ts';

/** The creation time in RFC 3339 at second precision, UTC; Go's zero time when there is none. */
function createdAt(object: JsonObject): string {
  const millis = timestampMillis(stringAt(object, 'metadata', 'creationTimestamp'));
  return millis === undefined ? '0001-01-01T00:00:00Z' : new Date(Math.floor(millis / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

const defaultColumns: TableColumns = {
  definitions: [nameColumn, column('Created At', 'date', objectMeta.creationTimestamp)],
  cells: (object) => [nameOf(object), createdAt(object)],
};

const byKind: ReadonlyMap<BuiltinKindKey, TableColumns> = new Map<BuiltinKindKey, TableColumns>([
  ['/Pod', podColumns],
  ['/Node', nodeColumns],
  ['/Namespace', namespaceColumns],
  ['/Service', serviceColumns],
  ['/Endpoints', endpointsColumns],
  ['/Event', eventColumns],
  ['/ComponentStatus', componentStatusColumns],
  ['/ConfigMap', configMapColumns],
  ['/Secret', secretColumns],
  ['/ServiceAccount', serviceAccountColumns],
  ['/PersistentVolume', persistentVolumeColumns],
  ['/PersistentVolumeClaim', persistentVolumeClaimColumns],
  ['/ReplicationController', replicationControllerColumns],
  ['apps/Deployment', deploymentColumns],
  ['autoscaling/HorizontalPodAutoscaler', horizontalPodAutoscalerColumns],
  ['apps/ReplicaSet', replicaSetColumns],
  ['apps/StatefulSet', statefulSetColumns],
  ['apps/DaemonSet', daemonSetColumns],
  ['apps/ControllerRevision', controllerRevisionColumns],
  ['batch/Job', jobColumns],
  ['batch/CronJob', cronJobColumns],
  ['events.k8s.io/Event', eventColumns],
  ['coordination.k8s.io/Lease', leaseColumns],
  ['discovery.k8s.io/EndpointSlice', endpointSliceColumns],
  ['networking.k8s.io/Ingress', ingressColumns],
  ['rbac.authorization.k8s.io/RoleBinding', roleBindingColumns],
  ['rbac.authorization.k8s.io/ClusterRoleBinding', clusterRoleBindingColumns],
  ['storage.k8s.io/StorageClass', storageClassColumns],
  ['scheduling.k8s.io/PriorityClass', priorityClassColumns],
  ...policyNetworkPrinters,
  ...clusterExtensionPrinters,
  ...resourcePrinters,
]);

export function tableColumnsFor(group: string, kind: string): TableColumns {
  return lookup(byKind, kindKeyOf({ group, kind })) ?? defaultColumns;
}
