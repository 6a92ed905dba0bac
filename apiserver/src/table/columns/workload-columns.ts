// apps/v1 Deployment, ReplicaSet, StatefulSet, DaemonSet and ControllerRevision columns, and core/v1
// ReplicationController's: replica counts, Age, and (wide) the template's containers and selector.

import {
  arrayAt,
  booleanAt,
  fieldAt,
  numberAt,
  optionalNumberAt,
  recordAt,
  stringAt,
  formatLabelSelector,
  formatLabels,
  labelSelectorString,
  type JsonObject,
} from '@capstan/common';
import { ageColumn, ageOf, column, containersColumn, imagesColumn, nameColumn, nameOf, wideColumn, type TableColumns } from './column.ts';
import { containerCells } from './container-cells.ts';
import {
  controllerRevision,
  daemonSetSpec,
  daemonSetStatus,
  deploymentSpec,
  deploymentStatus,
  podSpec,
  replicaSetSpec,
  replicaSetStatus,
  replicationControllerSpec,
  replicationControllerStatus,
} from './field-descriptions.ts';

/** spec.replicas, which the API server defaults to 1 when a client leaves it out. */
const desiredReplicas = (object: JsonObject): number => optionalNumberAt(object, 'spec', 'replicas') ?? 1;
const templateSpec = (object: JsonObject): unknown => fieldAt(object, 'spec', 'template', 'spec');
const readyColumn = column('Ready', 'string', 'Number of the pod with ready state');

export const deploymentColumns: TableColumns = {
  definitions: [
    nameColumn,
    readyColumn,
    column('Up-to-date', 'string', deploymentStatus.updatedReplicas),
    column('Available', 'string', deploymentStatus.availableReplicas),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'string', deploymentSpec.selector),
  ],
  cells: (deployment, now) => [
    nameOf(deployment),
    `${numberAt(deployment, 'status', 'readyReplicas')}/${desiredReplicas(deployment)}`,
    numberAt(deployment, 'status', 'updatedReplicas'),
    numberAt(deployment, 'status', 'availableReplicas'),
    ageOf(deployment, now),
    ...containerCells(templateSpec(deployment)),
    // Unlike the other workloads, a Deployment prints its selector bare: "" rather than <none>.
    labelSelectorString(fieldAt(deployment, 'spec', 'selector')) ?? '<invalid>',
  ],
};

export const replicaSetColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Desired', 'integer', replicaSetSpec.replicas),
    column('Current', 'integer', replicaSetStatus.replicas),
    column('Ready', 'integer', replicaSetStatus.readyReplicas),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'string', replicaSetSpec.selector),
  ],
  cells: (replicaSet, now) => [
    nameOf(replicaSet),
    desiredReplicas(replicaSet),
    numberAt(replicaSet, 'status', 'replicas'),
    numberAt(replicaSet, 'status', 'readyReplicas'),
    ageOf(replicaSet, now),
    ...containerCells(templateSpec(replicaSet)),
    formatLabelSelector(fieldAt(replicaSet, 'spec', 'selector')),
  ],
};

export const statefulSetColumns: TableColumns = {
  definitions: [nameColumn, readyColumn, ageColumn, containersColumn, imagesColumn],
  cells: (statefulSet, now) => [
    nameOf(statefulSet),
    `${numberAt(statefulSet, 'status', 'readyReplicas')}/${desiredReplicas(statefulSet)}`,
    ageOf(statefulSet, now),
    ...containerCells(templateSpec(statefulSet)),
  ],
};

export const daemonSetColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Desired', 'integer', daemonSetStatus.desiredNumberScheduled),
    column('Current', 'integer', daemonSetStatus.currentNumberScheduled),
    column('Ready', 'integer', daemonSetStatus.numberReady),
    column('Up-to-date', 'integer', daemonSetStatus.updatedNumberScheduled),
    column('Available', 'integer', daemonSetStatus.numberAvailable),
    column('Node Selector', 'string', podSpec.nodeSelector),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'string', daemonSetSpec.selector),
  ],
  cells: (daemonSet, now) => [
    nameOf(daemonSet),
    numberAt(daemonSet, 'status', 'desiredNumberScheduled'),
    numberAt(daemonSet, 'status', 'currentNumberScheduled'),
    numberAt(daemonSet, 'status', 'numberReady'),
    numberAt(daemonSet, 'status', 'updatedNumberScheduled'),
    numberAt(daemonSet, 'status', 'numberAvailable'),
    formatLabels(fieldAt(templateSpec(daemonSet), 'nodeSelector')),
    ageOf(daemonSet, now),
    ...containerCells(templateSpec(daemonSet)),
    formatLabelSelector(fieldAt(daemonSet, 'spec', 'selector')),
  ],
};

/** An unset selector is defaulted by the API server to the template's labels. */
function replicationControllerSelector(controller: JsonObject): unknown {
  const selector = recordAt(controller, 'spec', 'selector');
  return Object.keys(selector).length > 0 ? selector : fieldAt(controller, 'spec', 'template', 'metadata', 'labels');
}

export const replicationControllerColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Desired', 'integer', replicationControllerSpec.replicas),
    column('Current', 'integer', replicationControllerStatus.replicas),
    column('Ready', 'integer', replicationControllerStatus.readyReplicas),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'string', replicationControllerSpec.selector),
  ],
  cells: (controller, now) => [
    nameOf(controller),
    desiredReplicas(controller),
    numberAt(controller, 'status', 'replicas'),
    numberAt(controller, 'status', 'readyReplicas'),
    ageOf(controller, now),
    ...containerCells(templateSpec(controller)),
    formatLabels(replicationControllerSelector(controller)),
  ],
};

/** "daemonset.apps/fluentd": the controlling owner's lower-cased Kind.group and name. */
function controllerOf(revision: JsonObject): string {
  const owner = arrayAt(revision, 'metadata', 'ownerReferences').find((ref) => booleanAt(ref, 'controller'));
  if (owner === undefined) return '<none>';
  const apiVersion = stringAt(owner, 'apiVersion');
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = stringAt(owner, 'kind');
  if (kind === '' && group === '') return stringAt(owner, 'name');
  return `${(group === '' ? kind : `${kind}.${group}`).toLowerCase()}/${stringAt(owner, 'name')}`;
}

export const controllerRevisionColumns: TableColumns = {
  definitions: [nameColumn, column('Controller', 'string', 'Controller of the object'), column('Revision', 'string', controllerRevision.revision), ageColumn],
  cells: (revision, now) => [nameOf(revision), controllerOf(revision), numberAt(revision, 'revision'), ageOf(revision, now)],
};
