// Validation of the kinds listed here, registered by group/Kind: resource.k8s.io's dynamic
// resource allocation (device classes, claims and their templates, resource slices).

import type { KindValidations } from './kind-validation.ts';
import { deviceClassErrors, deviceClassUpdateErrors } from './device-class-validation.ts';
import { resourceClaimErrors, resourceClaimTemplateErrors, resourceClaimTemplateUpdateErrors, resourceClaimUpdateErrors } from './resource-claim-validation.ts';
import { resourceSliceErrors, resourceSliceUpdateErrors } from './resource-slice-validation.ts';

export const resourceKinds: KindValidations = {
  'resource.k8s.io/DeviceClass': { validate: deviceClassErrors, validateUpdate: deviceClassUpdateErrors },
  'resource.k8s.io/ResourceClaim': { validate: resourceClaimErrors, validateUpdate: resourceClaimUpdateErrors },
  'resource.k8s.io/ResourceClaimTemplate': { validate: resourceClaimTemplateErrors, validateUpdate: resourceClaimTemplateUpdateErrors },
  'resource.k8s.io/ResourceSlice': { validate: resourceSliceErrors, validateUpdate: resourceSliceUpdateErrors },
};
