// Validation of the kinds listed here, registered by group/Kind: leases, endpoint slices,
// networking's classes and Service IP ranges, runtime classes, and CSI storage.

import type { KindValidations } from './kind-validation.ts';
import { csiDriverErrors, csiDriverUpdateErrors } from './csi-driver-validation.ts';
import { csiNodeErrors, csiNodeUpdateErrors } from './csi-node-validation.ts';
import { csiStorageCapacityErrors, csiStorageCapacityUpdateErrors } from './csi-storage-capacity-validation.ts';
import { endpointSliceErrors, endpointSliceUpdateErrors } from './endpoint-slice-validation.ts';
import { ingressClassErrors, ingressClassUpdateErrors } from './ingress-class-validation.ts';
import { ipAddressErrors, ipAddressUpdateErrors } from './ip-address-validation.ts';
import { leaseErrors } from './lease-validation.ts';
import { runtimeClassErrors, runtimeClassUpdateErrors } from './runtime-class-validation.ts';
import { serviceCidrErrors, serviceCidrUpdateErrors } from './service-cidr-validation.ts';
import { volumeAttachmentCreateErrors, volumeAttachmentErrors, volumeAttachmentUpdateErrors } from './volume-attachment-validation.ts';
import { volumeAttributesClassErrors, volumeAttributesClassUpdateErrors } from './volume-attributes-class-validation.ts';

export const infrastructureKinds: KindValidations = {
  'coordination.k8s.io/Lease': { validate: leaseErrors },
  'discovery.k8s.io/EndpointSlice': { validate: endpointSliceErrors, validateUpdate: endpointSliceUpdateErrors },
  'networking.k8s.io/IngressClass': { validate: ingressClassErrors, validateUpdate: ingressClassUpdateErrors },
  'networking.k8s.io/IPAddress': { validate: ipAddressErrors, validateUpdate: ipAddressUpdateErrors },
  'networking.k8s.io/ServiceCIDR': { validate: serviceCidrErrors, validateUpdate: serviceCidrUpdateErrors },
  'node.k8s.io/RuntimeClass': { validate: runtimeClassErrors, validateUpdate: runtimeClassUpdateErrors },
  'storage.k8s.io/CSIDriver': { validate: csiDriverErrors, validateUpdate: csiDriverUpdateErrors },
  'storage.k8s.io/CSINode': { validate: csiNodeErrors, validateUpdate: csiNodeUpdateErrors },
  'storage.k8s.io/VolumeAttachment': { validate: volumeAttachmentErrors, validateCreate: volumeAttachmentCreateErrors, validateUpdate: volumeAttachmentUpdateErrors },
  'storage.k8s.io/VolumeAttributesClass': { validate: volumeAttributesClassErrors, validateUpdate: volumeAttributesClassUpdateErrors },
  'storage.k8s.io/CSIStorageCapacity': { validate: csiStorageCapacityErrors, validateUpdate: csiStorageCapacityUpdateErrors },
};
