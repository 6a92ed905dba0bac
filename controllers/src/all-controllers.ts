// Every controller `capstan controllers` can run, by the names kube-controller-manager gives them
// (the scheduler runs in the same process as Capstan's "scheduler").

import { clusterRoleAggregationController } from './clusterrole-aggregation/index.ts';
import type { ControllerDefinition } from './controller.ts';
import { cronJobController } from './cronjob/index.ts';
import { daemonSetController } from './daemonset/index.ts';
import { deploymentController } from './deployment/index.ts';
import { disruptionController } from './disruption/index.ts';
import { endpointsController } from './endpoint/index.ts';
import { endpointSliceController } from './endpointslice/index.ts';
import { endpointSliceMirroringController } from './endpointslicemirroring/index.ts';
import { garbageCollectorController } from './garbage-collector/index.ts';
import { horizontalPodAutoscalerController } from './horizontal-pod-autoscaler/index.ts';
import { jobController } from './job/index.ts';
import { namespaceController } from './namespace/index.ts';
import { nodeLifecycleController, taintEvictionController } from './node-lifecycle/index.ts';
import { nodeIpamController } from './nodeipam/index.ts';
import { persistentVolumeBinderController } from './persistentvolume/index.ts';
import { schedulerController } from './scheduler/index.ts';
import { statefulSetController } from './statefulset/index.ts';
import { ttlAfterFinishedController } from './ttl-after-finished/index.ts';
import { serviceAccountController } from './serviceaccount/index.ts';
import { podGarbageCollectorController } from './podgc/index.ts';
import { rootCaPublisherController } from './root-ca-publisher/index.ts';
import { resourceQuotaController } from './resourcequota/index.ts';
import { replicaSetController, replicationControllerController } from './replicaset/index.ts';
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
  persistentVolumeBinderController,
  garbageCollectorController,
  resourceQuotaController,
  deploymentController,
  replicaSetController,
  replicationControllerController,
  clusterRoleAggregationController,
  validatingAdmissionPolicyStatusController,
  horizontalPodAutoscalerController,
  statefulSetController,
  daemonSetController,
  endpointSliceController,
  endpointsController,
  endpointSliceMirroringController,
  podGarbageCollectorController,
  disruptionController,
  schedulerController,
  jobController,
  cronJobController,
  ttlAfterFinishedController,
];
