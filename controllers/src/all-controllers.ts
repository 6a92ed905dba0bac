// Every controller `capstan controllers` can run, by the names kube-controller-manager gives them
// (the scheduler runs in the same process as Capstan's "scheduler").

import { clusterRoleAggregationController } from './clusterrole-aggregation/index.ts';
import type { ControllerDefinition } from './controller.ts';
import { disruptionController } from './disruption/index.ts';
import { endpointsController } from './endpoint/index.ts';
import { endpointSliceController } from './endpointslice/index.ts';
import { endpointSliceMirroringController } from './endpointslicemirroring/index.ts';
import { garbageCollectorController } from './garbage-collector/index.ts';
import { namespaceController } from './namespace/index.ts';
import { nodeLifecycleController, taintEvictionController } from './node-lifecycle/index.ts';
import { nodeIpamController } from './nodeipam/index.ts';
import { schedulerController } from './scheduler/index.ts';
import { serviceAccountController } from './serviceaccount/index.ts';
import { podGarbageCollectorController } from './podgc/index.ts';
import { rootCaPublisherController } from './root-ca-publisher/index.ts';
import { resourceQuotaController } from './resourcequota/index.ts';
import { pvcProtectionController, pvProtectionController, vacProtectionController } from './volume-protection/index.ts';
import { validatingAdmissionPolicyStatusController } from './validatingadmissionpolicy-status/index.ts';

export const allControllers: readonly ControllerDefinition[] = [
  nodeLifecycleController,
  taintEvictionController,
  nodeIpamController,
  namespaceController,
  serviceAccountController,
  rootCaPublisherController,
  pvcProtectionController,
  pvProtectionController,
  vacProtectionController,
  garbageCollectorController,
  resourceQuotaController,
  clusterRoleAggregationController,
  validatingAdmissionPolicyStatusController,
  endpointSliceController,
  endpointsController,
  endpointSliceMirroringController,
  podGarbageCollectorController,
  disruptionController,
  schedulerController,
];
