// Validation of the kinds listed here, registered by group/Kind: the core/v1 cluster and
// namespace housekeeping kinds, and apps' ControllerRevision.

import { controllerRevisionValidation } from './controller-revision-validation.ts';
import { endpointsValidation } from './endpoints-validation.ts';
import { limitRangeValidation } from './limit-range-validation.ts';
import { namespaceValidation } from './namespace-validation.ts';
import { nodeValidation } from './node-validation.ts';
import { persistentVolumeValidation } from './persistent-volume-validation.ts';
import { podTemplateValidation } from './pod-template-validation.ts';
import { resourceQuotaValidation } from './resource-quota-validation.ts';
import type { KindValidations } from './kind-validation.ts';

// ServiceAccount has no checks of its own in kube beyond its metadata.
export const coreClusterKinds: KindValidations = {
  '/PersistentVolume': persistentVolumeValidation,
  '/Node': nodeValidation,
  '/Namespace': namespaceValidation,
  '/LimitRange': limitRangeValidation,
  '/ResourceQuota': resourceQuotaValidation,
  '/Endpoints': endpointsValidation,
  '/PodTemplate': podTemplateValidation,
  'apps/ControllerRevision': controllerRevisionValidation,
};
