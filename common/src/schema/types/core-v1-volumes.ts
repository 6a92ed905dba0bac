// The types of core/v1 volume sources, persistent volumes and claims.

import { apiName, boolean, embedded, field, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { coreV1VolumeSourceTypes } from './core-v1-volumes-sources.ts';
import {
  claimResourceStatuses,
  mountPropagationModes,
  persistentVolumeAccessModes,
  persistentVolumeClaimModifyVolumeStatuses,
  persistentVolumeClaimPhases,
  persistentVolumeModes,
  persistentVolumePhases,
  persistentVolumeReclaimPolicies,
} from './enum-values.ts';
import { kinds, labelSelectorName, listKind, objectMetaField, quantityName, timeName, typeMetaFields } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);
const names = list(string({ default: '' }));
const accessModes = list(string({ default: '', enum: persistentVolumeAccessModes }));
const quantities = map(ref(quantityName));

// Volume inlines Go's VolumeSource (Protobuf field 2 of Volume) and PersistentVolumeSpec inlines
// PersistentVolumeSource (its field 2): their fields sit flat in JSON, numbered inside the embedded message.

const volumeTypes: readonly TypeDeclaration[] = [
  struct(core('Volume'), 'A named volume of a pod, which its containers can mount; exactly one source is set.', {
    name: field(1, string({ default: '' }), 'The name of the volume, a DNS label unique within the pod.', { required: true }),
    hostPath: pointer(embedded(2, 1, ref(core('HostPathVolumeSource')), 'A file or directory of the node; for system agents, not ordinary workloads.')),
    emptyDir: pointer(embedded(2, 2, ref(core('EmptyDirVolumeSource')), 'An empty directory that lives as long as the pod.')),
    gcePersistentDisk: pointer(embedded(2, 3, ref(core('GCEPersistentDiskVolumeSource')), 'Deprecated: a GCE persistent disk.')),
    awsElasticBlockStore: pointer(embedded(2, 4, ref(core('AWSElasticBlockStoreVolumeSource')), 'Deprecated: an AWS EBS volume.')),
    gitRepo: pointer(embedded(2, 5, ref(core('GitRepoVolumeSource')), 'Deprecated: a clone of a git repository.')),
    secret: pointer(embedded(2, 6, ref(core('SecretVolumeSource')), 'The keys of a Secret, as files.')),
    nfs: pointer(embedded(2, 7, ref(core('NFSVolumeSource')), 'An NFS export.')),
    iscsi: pointer(embedded(2, 8, ref(core('ISCSIVolumeSource')), 'An iSCSI disk.')),
    glusterfs: pointer(embedded(2, 9, ref(core('GlusterfsVolumeSource')), 'Deprecated: a GlusterFS volume.')),
    persistentVolumeClaim: pointer(embedded(2, 10, ref(core('PersistentVolumeClaimVolumeSource')), "The volume bound to a PersistentVolumeClaim in the pod's namespace.")),
    rbd: pointer(embedded(2, 11, ref(core('RBDVolumeSource')), 'Deprecated: a Ceph RADOS block device.')),
    flexVolume: pointer(embedded(2, 12, ref(core('FlexVolumeSource')), 'Deprecated: a volume of an exec-based FlexVolume driver.')),
    cinder: pointer(embedded(2, 13, ref(core('CinderVolumeSource')), 'Deprecated: an OpenStack Cinder volume.')),
    cephfs: pointer(embedded(2, 14, ref(core('CephFSVolumeSource')), 'Deprecated: a CephFS file system.')),
    flocker: pointer(embedded(2, 15, ref(core('FlockerVolumeSource')), 'Deprecated: a Flocker dataset.')),
    downwardAPI: pointer(embedded(2, 16, ref(core('DownwardAPIVolumeSource')), 'Fields of the pod and resources of its containers, as files.')),
    fc: pointer(embedded(2, 17, ref(core('FCVolumeSource')), 'A Fibre Channel disk.')),
    azureFile: pointer(embedded(2, 18, ref(core('AzureFileVolumeSource')), 'Deprecated: an Azure File share.')),
    configMap: pointer(embedded(2, 19, ref(core('ConfigMapVolumeSource')), 'The keys of a ConfigMap, as files.')),
    vsphereVolume: pointer(embedded(2, 20, ref(core('VsphereVirtualDiskVolumeSource')), 'Deprecated: a vSphere virtual disk.')),
    quobyte: pointer(embedded(2, 21, ref(core('QuobyteVolumeSource')), 'Deprecated: a Quobyte volume.')),
    azureDisk: pointer(embedded(2, 22, ref(core('AzureDiskVolumeSource')), 'Deprecated: an Azure data disk.')),
    photonPersistentDisk: pointer(embedded(2, 23, ref(core('PhotonPersistentDiskVolumeSource')), 'Deprecated: a Photon Controller persistent disk.')),
    projected: pointer(embedded(2, 26, ref(core('ProjectedVolumeSource')), 'Secrets, config maps, downward API fields and tokens combined in one directory.')),
    portworxVolume: pointer(embedded(2, 24, ref(core('PortworxVolumeSource')), 'Deprecated: a Portworx volume.')),
    scaleIO: pointer(embedded(2, 25, ref(core('ScaleIOVolumeSource')), 'Deprecated: a ScaleIO volume.')),
    storageos: pointer(embedded(2, 27, ref(core('StorageOSVolumeSource')), 'Deprecated: a StorageOS volume.')),
    csi: pointer(embedded(2, 28, ref(core('CSIVolumeSource')), 'An ephemeral volume of a CSI driver.')),
    ephemeral: pointer(embedded(2, 29, ref(core('EphemeralVolumeSource')), 'A volume provisioned through a claim created for the pod and deleted with it.')),
    image: pointer(embedded(2, 30, ref(core('ImageVolumeSource')), 'The contents of an OCI image or artifact, read-only.')),
  }),

  struct(core('VolumeMount'), "Where and how a container mounts one of the pod's volumes.", {
    name: field(1, string({ default: '' }), 'The name of the pod volume to mount.', { required: true }),
    readOnly: field(2, boolean(), 'Whether to mount read-only.'),
    recursiveReadOnly: pointer(field(7, string(), 'Disabled, IfPossible or Enabled: whether a read-only mount is read-only for submounts too.')),
    mountPath: field(3, string({ default: '' }), 'The path in the container to mount at; must not contain ":".', { required: true }),
    subPath: field(4, string(), 'The path within the volume to mount instead of its root.'),
    mountPropagation: pointer(field(5, string({ enum: mountPropagationModes }), 'None, HostToContainer or Bidirectional: how mounts propagate between host and container.')),
    subPathExpr: field(6, string(), "Like subPath, with $(VAR) references expanded from the container's environment."),
  }),

  struct(core('VolumeDevice'), "A raw block device a container maps from one of the pod's claims.", {
    name: field(1, string({ default: '' }), 'The name of the pod volume backed by a PersistentVolumeClaim.', { required: true }),
    devicePath: field(2, string({ default: '' }), 'The path in the container the device is mapped to.', { required: true }),
  }),

  struct(core('VolumeMountStatus'), "The state of one of a container's volume mounts.", {
    name: field(1, string({ default: '' }), 'The name of the volume mount.', { required: true }),
    mountPath: field(2, string({ default: '' }), 'The mount path of the volume mount.', { required: true }),
    readOnly: field(3, boolean(), 'Whether the mount is read-only.'),
    recursiveReadOnly: pointer(field(4, string(), 'Disabled or Enabled: whether the read-only mount turned out recursively read-only.')),
  }),

  struct(core('AttachedVolume'), 'A volume attached to a node.', {
    name: field(1, string({ default: '' }), 'The name of the attached volume.', { required: true }),
    devicePath: field(2, string({ default: '' }), 'The path of the device the volume is available at.', { required: true }),
  }),

  struct(core('VolumeNodeAffinity'), 'The nodes a volume can be reached from.', {
    required: pointer(field(1, ref(core('NodeSelector')), 'The node constraints that must hold.')),
  }),

  struct(core('VolumeResourceRequirements'), 'The storage a claim asks for.', {
    limits: field(1, quantities, 'The most of each resource allowed.'),
    requests: field(2, quantities, 'The least of each resource required; the limits when unset and those are given.'),
  }),

  struct(
    core('TypedLocalObjectReference'),
    'Names an object of a given kind in the same namespace.',
    {
      apiGroup: pointer(field(1, string(), 'The API group of the object; the core group when unset.')),
      kind: field(2, string({ default: '' }), 'The kind of the object.', { required: true }),
      name: field(3, string({ default: '' }), 'The name of the object.', { required: true }),
    },
    { mapType: 'atomic' },
  ),

  struct(core('TypedObjectReference'), 'Names an object of a given kind, possibly in another namespace.', {
    apiGroup: pointer(field(1, string(), 'The API group of the object; the core group when unset.')),
    kind: field(2, string({ default: '' }), 'The kind of the object.', { required: true }),
    name: field(3, string({ default: '' }), 'The name of the object.', { required: true }),
    namespace: pointer(field(4, string(), 'The namespace of the object, which must then allow the reference with a ReferenceGrant.')),
  }),
];

const persistentVolumeTypes: readonly TypeDeclaration[] = [
  struct(
    core('PersistentVolume'),
    'A piece of storage in the cluster, provisioned by an administrator or dynamically, that claims bind to.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('PersistentVolumeSpec'), { default: {} }), 'The volume: its capacity, source, access modes and policies.'),
      status: field(3, ref(core('PersistentVolumeStatus'), { default: {} }), 'The observed state of the volume; set by the system.'),
    },
    { groupVersionKinds: kinds('PersistentVolume', ['v1']) },
  ),

  listKind(core('PersistentVolume'), 'v1', 'A list of PersistentVolumes.'),

  struct(core('PersistentVolumeSpec'), 'The specification of a PersistentVolume; exactly one volume source is set.', {
    capacity: field(1, quantities, 'The resources of the volume, above all its storage size.'),
    gcePersistentDisk: pointer(embedded(2, 1, ref(core('GCEPersistentDiskVolumeSource')), 'Deprecated: a GCE persistent disk.')),
    awsElasticBlockStore: pointer(embedded(2, 2, ref(core('AWSElasticBlockStoreVolumeSource')), 'Deprecated: an AWS EBS volume.')),
    hostPath: pointer(embedded(2, 3, ref(core('HostPathVolumeSource')), 'A directory of a node; for single-node testing only.')),
    glusterfs: pointer(embedded(2, 4, ref(core('GlusterfsPersistentVolumeSource')), 'Deprecated: a GlusterFS volume.')),
    nfs: pointer(embedded(2, 5, ref(core('NFSVolumeSource')), 'An NFS export.')),
    rbd: pointer(embedded(2, 6, ref(core('RBDPersistentVolumeSource')), 'Deprecated: a Ceph RADOS block device.')),
    iscsi: pointer(embedded(2, 7, ref(core('ISCSIPersistentVolumeSource')), 'An iSCSI disk.')),
    cinder: pointer(embedded(2, 8, ref(core('CinderPersistentVolumeSource')), 'Deprecated: an OpenStack Cinder volume.')),
    cephfs: pointer(embedded(2, 9, ref(core('CephFSPersistentVolumeSource')), 'Deprecated: a CephFS file system.')),
    fc: pointer(embedded(2, 10, ref(core('FCVolumeSource')), 'A Fibre Channel disk.')),
    flocker: pointer(embedded(2, 11, ref(core('FlockerVolumeSource')), 'Deprecated: a Flocker dataset.')),
    flexVolume: pointer(embedded(2, 12, ref(core('FlexPersistentVolumeSource')), 'Deprecated: a volume of an exec-based FlexVolume driver.')),
    azureFile: pointer(embedded(2, 13, ref(core('AzureFilePersistentVolumeSource')), 'Deprecated: an Azure File share.')),
    vsphereVolume: pointer(embedded(2, 14, ref(core('VsphereVirtualDiskVolumeSource')), 'Deprecated: a vSphere virtual disk.')),
    quobyte: pointer(embedded(2, 15, ref(core('QuobyteVolumeSource')), 'Deprecated: a Quobyte volume.')),
    azureDisk: pointer(embedded(2, 16, ref(core('AzureDiskVolumeSource')), 'Deprecated: an Azure data disk.')),
    photonPersistentDisk: pointer(embedded(2, 17, ref(core('PhotonPersistentDiskVolumeSource')), 'Deprecated: a Photon Controller persistent disk.')),
    portworxVolume: pointer(embedded(2, 18, ref(core('PortworxVolumeSource')), 'Deprecated: a Portworx volume.')),
    scaleIO: pointer(embedded(2, 19, ref(core('ScaleIOPersistentVolumeSource')), 'Deprecated: a ScaleIO volume.')),
    local: pointer(embedded(2, 20, ref(core('LocalVolumeSource')), 'Storage attached directly to a node, reached through nodeAffinity.')),
    storageos: pointer(embedded(2, 21, ref(core('StorageOSPersistentVolumeSource')), 'Deprecated: a StorageOS volume.')),
    csi: pointer(embedded(2, 22, ref(core('CSIPersistentVolumeSource')), 'A volume of an external CSI driver.')),
    accessModes: field(3, accessModes, 'The ways the volume can be mounted: ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod.', {
      listType: 'atomic',
    }),
    claimRef: pointer(
      field(4, ref(core('ObjectReference')), "The claim bound to the volume; the claim's volumeName is the authoritative side.", {
        mapType: 'granular',
      }),
    ),
    persistentVolumeReclaimPolicy: field(5, string({ enum: persistentVolumeReclaimPolicies }), 'Retain, Delete or Recycle (deprecated): what happens once the claim is released.'),
    storageClassName: field(6, string(), 'The StorageClass the volume belongs to; empty for none.'),
    mountOptions: field(7, names, 'Mount options such as "ro" or "soft", not validated.', { listType: 'atomic' }),
    volumeMode: pointer(field(8, string({ enum: persistentVolumeModes }), 'Filesystem or Block: whether the volume is formatted; Filesystem when unset.')),
    nodeAffinity: pointer(field(9, ref(core('VolumeNodeAffinity')), 'The nodes the volume can be reached from, which constrains where its pods run.')),
    volumeAttributesClassName: pointer(field(10, string(), 'The VolumeAttributesClass the volume belongs to; may be changed by the CSI driver.')),
  }),

  struct(core('PersistentVolumeStatus'), 'The observed state of a PersistentVolume.', {
    phase: field(1, string({ enum: persistentVolumePhases }), 'Pending, Available, Bound, Released or Failed.'),
    message: field(2, string(), 'Why the volume is in its phase, for people.'),
    reason: field(3, string(), 'Why the volume failed, in CamelCase, for programs.'),
    lastPhaseTransitionTime: pointer(field(4, ref(timeName), 'When the volume last changed phase.')),
  }),

  struct(
    core('PersistentVolumeClaim'),
    "A user's request for storage, bound to a PersistentVolume that satisfies it.",
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('PersistentVolumeClaimSpec'), { default: {} }), 'The storage requested: size, access modes, class and source.'),
      status: field(3, ref(core('PersistentVolumeClaimStatus'), { default: {} }), 'The observed state of the claim; set by the system.'),
    },
    { groupVersionKinds: kinds('PersistentVolumeClaim', ['v1']) },
  ),

  listKind(core('PersistentVolumeClaim'), 'v1', 'A list of PersistentVolumeClaims.'),

  struct(core('PersistentVolumeClaimSpec'), 'The storage a PersistentVolumeClaim asks for.', {
    accessModes: field(1, accessModes, 'The access modes the volume must offer.', { listType: 'atomic' }),
    selector: pointer(field(4, ref(labelSelectorName), 'Which volumes may be bound, by their labels.')),
    resources: field(2, ref(core('VolumeResourceRequirements'), { default: {} }), 'The least storage the volume must have; may grow, not shrink below the capacity.'),
    volumeName: field(3, string(), 'The name of the PersistentVolume bound to the claim.'),
    storageClassName: pointer(field(5, string(), 'The StorageClass the volume must belong to.')),
    volumeMode: pointer(field(6, string({ enum: persistentVolumeModes }), 'Filesystem or Block: the kind of volume wanted; Filesystem when unset.')),
    dataSource: pointer(field(7, ref(core('TypedLocalObjectReference')), 'A VolumeSnapshot or PersistentVolumeClaim to fill the new volume from.')),
    dataSourceRef: pointer(field(8, ref(core('TypedObjectReference')), 'Any populator object to fill the new volume from, possibly in another namespace.')),
    volumeAttributesClassName: pointer(field(9, string(), 'The VolumeAttributesClass to apply to the volume; may be changed later.')),
  }),

  struct(core('PersistentVolumeClaimStatus'), 'The observed state of a PersistentVolumeClaim.', {
    phase: field(1, string({ enum: persistentVolumeClaimPhases }), 'Pending, Bound or Lost.'),
    accessModes: field(2, accessModes, 'The access modes of the bound volume.', { listType: 'atomic' }),
    capacity: field(3, quantities, 'The resources of the bound volume.'),
    conditions: field(4, list(ref(core('PersistentVolumeClaimCondition'), { default: {} })), 'The current conditions of the claim, such as Resizing.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
    allocatedResources: field(5, quantities, 'The resources allocated to the claim, which may exceed the capacity during an expansion.'),
    allocatedResourceStatuses: field(
      7,
      map(string({ default: '', enum: claimResourceStatuses })),
      'The state of each resource being resized, such as ControllerResizeInProgress.',
      {
        mapType: 'granular',
      },
    ),
    currentVolumeAttributesClassName: pointer(field(8, string(), 'The VolumeAttributesClass the volume now has.')),
    modifyVolumeStatus: pointer(field(9, ref(core('ModifyVolumeStatus')), 'The state of a volume modification under way; unset when there is none.')),
  }),

  struct(core('PersistentVolumeClaimCondition'), "One aspect of a claim's state.", {
    type: field(1, string({ default: '' }), 'The aspect this condition is about, such as Resizing.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastProbeTime: field(3, ref(timeName), 'When the condition was last checked.'),
    lastTransitionTime: field(4, ref(timeName), 'When the status last changed.'),
    reason: field(5, string(), 'Why the status is what it is, in CamelCase, for programs.'),
    message: field(6, string(), 'Why the status is what it is, for people.'),
  }),

  struct(core('PersistentVolumeClaimTemplate'), 'The claim an ephemeral volume creates for its pod.', {
    metadata: objectMetaField,
    spec: field(2, ref(core('PersistentVolumeClaimSpec'), { default: {} }), 'The spec of the claim to create, copied as it is.', { required: true }),
  }),

  struct(core('ModifyVolumeStatus'), "The state of a modification of a claim's volume to a new VolumeAttributesClass.", {
    targetVolumeAttributesClassName: field(1, string(), 'The VolumeAttributesClass the volume is being modified to.'),
    status: field(2, string({ default: '', enum: persistentVolumeClaimModifyVolumeStatuses }), 'Pending, InProgress or Infeasible.', { required: true }),
  }),
];

export const coreV1VolumeTypes: readonly TypeDeclaration[] = [...coreV1VolumeSourceTypes, ...volumeTypes, ...persistentVolumeTypes];
