// The types of storage.k8s.io/v1.

import { apiName, boolean, field, int32, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { persistentVolumeReclaimPolicies, volumeBindingModes } from './enum-values.ts';
import { kinds, labelSelectorName, listKind, objectMetaField, quantityName, timeName, typeMetaFields } from './meta-v1.ts';

const storage = (type: string): string => apiName('storage', 'v1', type);
const core = (type: string): string => apiName('core', 'v1', type);
const gv = 'storage.k8s.io/v1';
const stringItems = list(string({ default: '' }));

export const storageV1Types: readonly TypeDeclaration[] = [
  struct(
    storage('CSIDriver'),
    'A CSI volume driver installed in the cluster, and how Kubernetes should treat its volumes.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(storage('CSIDriverSpec'), { default: {} }), 'How the driver behaves.', { required: true }),
    },
    { groupVersionKinds: kinds('CSIDriver', [gv]) },
  ),
  listKind(storage('CSIDriver'), gv, 'A list of CSIDrivers.'),

  struct(storage('CSIDriverSpec'), 'How a CSI driver behaves: attachment, pod information, capacity and tokens.', {
    attachRequired: pointer(field(1, boolean(), 'Whether volumes of the driver must be attached (ControllerPublishVolume) before they are mounted.')),
    podInfoOnMount: pointer(field(2, boolean(), 'Whether the kubelet passes pod details to the driver when it mounts a volume.')),
    volumeLifecycleModes: field(3, stringItems, 'The volume modes the driver supports: Persistent and/or Ephemeral.', { listType: 'set' }),
    storageCapacity: pointer(field(4, boolean(), 'Whether the scheduler should consider the capacity the driver publishes in CSIStorageCapacity objects.')),
    fsGroupPolicy: pointer(field(5, string(), 'Whether and when the volume ownership and permissions are changed to match the pod fsGroup.')),
    tokenRequests: field(6, list(ref(storage('TokenRequest'), { default: {} })), 'The service account tokens the kubelet hands to the driver on mount.', {
      listType: 'atomic',
    }),
    requiresRepublish: pointer(field(7, boolean(), 'Whether NodePublishVolume is to be called again periodically to refresh mounted volumes.')),
    seLinuxMount: pointer(field(8, boolean(), 'Whether the driver supports mounting volumes with the "-o context" option.')),
    nodeAllocatableUpdatePeriodSeconds: pointer(field(9, int64(), 'How often, in seconds, the node count of volumes the driver can attach is refreshed.')),
    serviceAccountTokenInSecrets: pointer(field(10, boolean(), 'Whether the service account tokens go in the secrets of NodePublishVolume rather than its volume context.')),
  }),

  struct(
    storage('CSINode'),
    "The CSI drivers installed on one node; it has the node's name.",
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(storage('CSINodeSpec'), { default: {} }), 'The drivers on the node.', { required: true }),
    },
    { groupVersionKinds: kinds('CSINode', [gv]) },
  ),

  struct(storage('CSINodeDriver'), 'One CSI driver installed on a node.', {
    name: field(1, string({ default: '' }), 'The name of the driver.', { required: true }),
    nodeID: field(2, string({ default: '' }), 'The name the storage system knows this node by.', { required: true }),
    topologyKeys: field(3, stringItems, 'The topology label keys the driver understands.', { listType: 'atomic' }),
    allocatable: pointer(field(4, ref(storage('VolumeNodeResources')), 'The volume resources of the node the scheduler may use.')),
  }),
  listKind(storage('CSINode'), gv, 'A list of CSINodes.'),

  struct(storage('CSINodeSpec'), 'The CSI drivers of a node.', {
    drivers: field(1, list(ref(storage('CSINodeDriver'), { default: {} })), 'Each driver on the node.', {
      required: true,
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
  }),

  struct(
    storage('CSIStorageCapacity'),
    'The capacity a CSI driver reported for one storage class in one topology segment.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      nodeTopology: pointer(field(2, ref(labelSelectorName), 'The nodes that can reach the storage; unset means none, empty means all.')),
      storageClassName: field(3, string({ default: '' }), 'The storage class the capacity is for.', { required: true }),
      capacity: pointer(field(4, ref(quantityName), 'The capacity available for new volumes.')),
      maximumVolumeSize: pointer(field(5, ref(quantityName), 'The largest volume that can be created.')),
    },
    { groupVersionKinds: kinds('CSIStorageCapacity', [gv]) },
  ),
  listKind(storage('CSIStorageCapacity'), gv, 'A list of CSIStorageCapacities.'),

  struct(
    storage('StorageClass'),
    'A class of storage that PersistentVolumes can be provisioned dynamically from.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      provisioner: field(2, string({ default: '' }), 'The provisioner that creates volumes of this class.', { required: true }),
      parameters: field(3, map(string({ default: '' })), 'Parameters handed to the provisioner.'),
      reclaimPolicy: pointer(field(4, string({ enum: persistentVolumeReclaimPolicies }), 'Delete or Retain: what happens to provisioned volumes when released.')),
      mountOptions: field(5, stringItems, 'The mount options of provisioned volumes.', { listType: 'atomic' }),
      allowVolumeExpansion: pointer(field(6, boolean(), 'Whether volumes of this class can be expanded.')),
      volumeBindingMode: pointer(field(7, string({ enum: volumeBindingModes }), 'Immediate or WaitForFirstConsumer: when claims are bound and provisioned.')),
      allowedTopologies: field(8, list(ref(core('TopologySelectorTerm'), { default: {} })), 'The topologies volumes may be provisioned in.', {
        listType: 'atomic',
      }),
    },
    { groupVersionKinds: kinds('StorageClass', [gv]) },
  ),
  listKind(storage('StorageClass'), gv, 'A list of StorageClasses.'),

  struct(storage('TokenRequest'), 'A service account token a CSI driver asks for.', {
    audience: field(1, string({ default: '' }), 'The audience of the token.', { required: true }),
    expirationSeconds: pointer(field(2, int64(), 'How long the token is valid, in seconds.')),
  }),

  struct(
    storage('VolumeAttachment'),
    'The intent to attach a volume to a node, or to detach it.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(storage('VolumeAttachmentSpec'), { default: {} }), 'The volume, node and attacher.', { required: true }),
      status: field(3, ref(storage('VolumeAttachmentStatus'), { default: {} }), 'Whether the attachment succeeded, as the attacher reports it.'),
    },
    { groupVersionKinds: kinds('VolumeAttachment', [gv]) },
  ),
  listKind(storage('VolumeAttachment'), gv, 'A list of VolumeAttachments.'),

  struct(storage('VolumeAttachmentSource'), 'The volume to attach: exactly one member is set.', {
    persistentVolumeName: pointer(field(1, string(), 'The name of the PersistentVolume to attach.')),
    inlineVolumeSpec: pointer(field(2, ref(core('PersistentVolumeSpec')), 'An inline pod volume translated to a PersistentVolume spec, for CSI migration.')),
  }),

  struct(storage('VolumeAttachmentSpec'), 'Which volume to attach to which node, by which driver.', {
    attacher: field(1, string({ default: '' }), 'The name of the volume driver that handles the attachment.', { required: true }),
    source: field(2, ref(storage('VolumeAttachmentSource'), { default: {} }), 'The volume to attach.', { required: true }),
    nodeName: field(3, string({ default: '' }), 'The node to attach the volume to.', { required: true }),
  }),

  struct(storage('VolumeAttachmentStatus'), 'The outcome of attaching or detaching a volume.', {
    attached: field(1, boolean({ default: false }), 'Whether the volume is attached.', { required: true }),
    attachmentMetadata: field(2, map(string({ default: '' })), 'Information from the attach operation to pass to later mount calls.'),
    attachError: pointer(field(3, ref(storage('VolumeError')), 'The last error of attaching, if any.')),
    detachError: pointer(field(4, ref(storage('VolumeError')), 'The last error of detaching, if any.')),
  }),

  struct(
    storage('VolumeAttributesClass'),
    'A set of mutable volume attributes a CSI driver defines, which claims can name.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      driverName: field(2, string({ default: '' }), 'The CSI driver the attributes are for.', { required: true }),
      parameters: field(3, map(string({ default: '' })), 'The attributes, handed to the driver as they are.'),
    },
    { groupVersionKinds: kinds('VolumeAttributesClass', [gv]) },
  ),
  listKind(storage('VolumeAttributesClass'), gv, 'A list of VolumeAttributesClasses.'),

  struct(storage('VolumeError'), 'An error met while attaching or detaching a volume.', {
    time: field(1, ref(timeName), 'When the error happened.'),
    message: field(2, string(), 'The error, for people; it may be logged.'),
    errorCode: pointer(field(3, int32(), 'The numeric gRPC code of the error.')),
  }),

  struct(storage('VolumeNodeResources'), 'Limits on the volumes of one driver a node can use.', {
    count: pointer(field(1, int32(), 'The most volumes of the driver the node can use; unset means no limit.')),
  }),
];
