// The core/v1 volume sources a pod volume or a PersistentVolume is backed by: cloud disks, network
// file systems, CSI and FlexVolume drivers, and the config map, secret, downward API and projected
// volumes, with the references they use.

import { apiName, boolean, embedded, field, int32, int64, list, map, pointer, ref, string, struct, type FieldDeclaration, type Schema, type TypeDeclaration } from '../schema.ts';
import { azureDataDiskCachingModes, azureDataDiskKinds, hostPathTypes, pullPolicies } from './enum-values.ts';
import { labelSelectorName, quantityName } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);
const names = list(string({ default: '' }));
const stringMap = map(string({ default: '' }));
const localReference = ref(core('LocalObjectReference'));
const secretReference = ref(core('SecretReference'));
const keyToPaths = list(ref(core('KeyToPath'), { default: {} }));

/** The fields of an iSCSI disk, as a pod's volume and as a PersistentVolume: only the Secret reference differs. */
const iscsiFields = (secretRef: Schema): Readonly<Record<string, FieldDeclaration>> => ({
  targetPortal: field(1, string({ default: '' }), 'The iSCSI target portal: an IP, or IP:port when not the default port.', { required: true }),
  iqn: field(2, string({ default: '' }), 'The iSCSI qualified name of the target.', { required: true }),
  lun: field(3, int32({ default: 0 }), 'The target LUN number.', { required: true }),
  iscsiInterface: field(4, string({ default: 'default' }), 'The iSCSI interface to use; "default" is TCP.'),
  fsType: field(5, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
  readOnly: field(6, boolean(), 'Whether to mount the disk read-only.'),
  portals: field(7, names, 'More target portals, IP or IP:port.', { listType: 'atomic' }),
  chapAuthDiscovery: field(8, boolean(), 'Whether to use CHAP authentication for iSCSI discovery.'),
  chapAuthSession: field(11, boolean(), 'Whether to use CHAP authentication for the iSCSI session.'),
  secretRef: pointer(field(10, secretRef, 'The Secret holding the CHAP credentials.')),
  initiatorName: pointer(field(12, string(), 'A custom iSCSI initiator name; with iscsiInterface a new interface is created.')),
});

/** The fields of a Ceph RADOS block device, as a pod's volume and as a PersistentVolume: only the Secret reference differs. */
const rbdFields = (secretRef: Schema): Readonly<Record<string, FieldDeclaration>> => ({
  monitors: field(1, names, 'The Ceph monitors.', { required: true, listType: 'atomic' }),
  image: field(2, string({ default: '' }), 'The RADOS image name.', { required: true }),
  fsType: field(3, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
  pool: field(4, string({ default: 'rbd' }), 'The RADOS pool.'),
  user: field(5, string({ default: 'admin' }), 'The RADOS user.'),
  keyring: field(6, string({ default: '/etc/ceph/keyring' }), 'The path of the keyring for the user.'),
  secretRef: pointer(field(7, secretRef, 'The Secret authenticating the user; overrides the keyring.')),
  readOnly: field(8, boolean(), 'Whether to mount the device read-only.'),
});

/** The fields of a FlexVolume driver's volume, as a pod's volume and as a PersistentVolume: only the Secret reference differs. */
const flexFields = (secretRef: Schema): Readonly<Record<string, FieldDeclaration>> => ({
  driver: field(1, string({ default: '' }), 'The name of the driver.', { required: true }),
  fsType: field(2, string(), 'The file system to mount; the driver decides when unset.'),
  secretRef: pointer(field(3, secretRef, 'The Secret whose values are passed to the driver.')),
  readOnly: field(4, boolean(), 'Whether to mount the volume read-only.'),
  options: field(5, stringMap, 'Extra options passed to the driver.'),
});

/** The fields of an OpenStack Cinder volume, as a pod's volume and as a PersistentVolume: only the Secret reference differs. */
const cinderFields = (secretRef: Schema): Readonly<Record<string, FieldDeclaration>> => ({
  volumeID: field(1, string({ default: '' }), 'The ID of the Cinder volume.', { required: true }),
  fsType: field(2, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
  readOnly: field(3, boolean(), 'Whether to mount the volume read-only.'),
  secretRef: pointer(field(4, secretRef, 'The Secret with the parameters for connecting to OpenStack.')),
});

/** The fields of a CephFS file system, as a pod's volume and as a PersistentVolume: only the Secret reference differs. */
const cephFsFields = (secretRef: Schema): Readonly<Record<string, FieldDeclaration>> => ({
  monitors: field(1, names, 'The Ceph monitors.', { required: true, listType: 'atomic' }),
  path: field(2, string(), 'The path in CephFS to mount as the root; "/" when unset.'),
  user: field(3, string(), 'The RADOS user; admin when unset.'),
  secretFile: field(4, string(), 'The path of the keyring for the user; /etc/ceph/user.secret when unset.'),
  secretRef: pointer(field(5, secretRef, 'The Secret authenticating the user.')),
  readOnly: field(6, boolean(), 'Whether to mount the file system read-only.'),
});

/** The fields of a ScaleIO volume, as a pod's volume and as a PersistentVolume: only the Secret reference differs. */
const scaleIoFields = (secretRef: Schema): Readonly<Record<string, FieldDeclaration>> => ({
  gateway: field(1, string({ default: '' }), 'The host address of the ScaleIO API gateway.', { required: true }),
  system: field(2, string({ default: '' }), 'The name of the ScaleIO storage system.', { required: true }),
  secretRef: pointer(field(3, secretRef, "The Secret with the ScaleIO user's credentials.", { required: true })),
  sslEnabled: field(4, boolean(), 'Whether to talk to the gateway over SSL.'),
  protectionDomain: field(5, string(), 'The ScaleIO protection domain of the storage.'),
  storagePool: field(6, string(), 'The ScaleIO storage pool of the protection domain.'),
  storageMode: field(7, string({ default: 'ThinProvisioned' }), 'ThickProvisioned or ThinProvisioned.'),
  volumeName: field(8, string(), 'The name of an existing volume in the ScaleIO system.'),
  fsType: field(9, string({ default: 'xfs' }), 'The file system to mount.'),
  readOnly: field(10, boolean(), 'Whether to mount the volume read-only.'),
});

/** The fields of a StorageOS volume, as a pod's volume and as a PersistentVolume: only the Secret reference differs. */
const storageOsFields = (secretRef: Schema): Readonly<Record<string, FieldDeclaration>> => ({
  volumeName: field(1, string(), 'The name of the StorageOS volume, unique within its namespace.'),
  volumeNamespace: field(2, string(), "The StorageOS namespace of the volume; the pod's namespace when unset."),
  fsType: field(3, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
  readOnly: field(4, boolean(), 'Whether to mount the volume read-only.'),
  secretRef: pointer(field(5, secretRef, 'The Secret with the StorageOS API credentials.')),
});

export const coreV1VolumeSourceTypes: readonly TypeDeclaration[] = [
  struct(
    core('LocalObjectReference'),
    'Names an object in the same namespace as the object that refers to it.',
    {
      name: field(1, string({ default: '' }), 'The name of the object referred to.', { omitEmpty: true }),
    },
    { mapType: 'atomic' },
  ),

  struct(
    core('SecretReference'),
    'Names a Secret in any namespace.',
    {
      name: field(1, string(), 'The name of the Secret.'),
      namespace: field(2, string(), 'The namespace the Secret is in.'),
    },
    { mapType: 'atomic' },
  ),

  struct(core('KeyToPath'), 'Maps one key of a config map or secret to a file path in a volume.', {
    key: field(1, string({ default: '' }), 'The key whose value becomes the file.', { required: true }),
    path: field(2, string({ default: '' }), 'The relative path of the file; must not contain "..".', { required: true }),
    mode: pointer(field(3, int32(), "The permission bits of the file (0 to 0777); the volume's default mode when unset.")),
  }),

  struct(core('HostPathVolumeSource'), 'A file or directory of the node, mounted into the pod.', {
    path: field(1, string({ default: '' }), 'The path on the node; symbolic links are followed.', { required: true }),
    type: pointer(field(2, string({ enum: hostPathTypes }), 'What must be at the path (Directory, File, Socket, ...); empty checks nothing.')),
  }),

  struct(core('EmptyDirVolumeSource'), 'An empty directory created for the pod and removed with it.', {
    medium: field(1, string(), "The storage medium backing the directory: empty for the node's default, or Memory."),
    sizeLimit: pointer(field(2, ref(quantityName), 'The most local storage (or memory) the directory may use.')),
  }),

  struct(core('GCEPersistentDiskVolumeSource'), 'A Google Compute Engine persistent disk.', {
    pdName: field(1, string({ default: '' }), 'The name of the disk in GCE.', { required: true }),
    fsType: field(2, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
    partition: field(3, int32(), 'The partition of the disk to mount; the whole disk when unset.'),
    readOnly: field(4, boolean(), 'Whether to mount the disk read-only.'),
  }),

  struct(core('AWSElasticBlockStoreVolumeSource'), 'An Amazon EBS volume.', {
    volumeID: field(1, string({ default: '' }), 'The ID of the EBS volume.', { required: true }),
    fsType: field(2, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
    partition: field(3, int32(), 'The partition of the volume to mount; the whole volume when unset.'),
    readOnly: field(4, boolean(), 'Whether to mount the volume read-only.'),
  }),

  struct(core('GitRepoVolumeSource'), 'Deprecated: a directory filled with a clone of a git repository.', {
    repository: field(1, string({ default: '' }), 'The URL of the repository.', { required: true }),
    revision: field(2, string(), 'The commit to check out.'),
    directory: field(3, string(), 'The directory to clone into, relative to the volume; "." clones into the volume itself.'),
  }),

  struct(core('SecretVolumeSource'), 'A volume whose files are the keys of a Secret.', {
    secretName: field(1, string(), "The name of the Secret, in the pod's namespace."),
    items: field(2, keyToPaths, 'The keys to project and their paths; every key when unset.', { listType: 'atomic' }),
    defaultMode: pointer(field(3, int32(), 'The permission bits of the files (0 to 0777); 0644 when unset.')),
    optional: pointer(field(4, boolean(), 'Whether the pod may start though the Secret or a key is missing.')),
  }),

  struct(core('NFSVolumeSource'), 'An NFS export.', {
    server: field(1, string({ default: '' }), 'The host name or IP address of the NFS server.', { required: true }),
    path: field(2, string({ default: '' }), 'The path the server exports.', { required: true }),
    readOnly: field(3, boolean(), 'Whether to mount the export read-only.'),
  }),

  struct(core('ISCSIVolumeSource'), 'An iSCSI disk, mounted by one pod read-write.', iscsiFields(localReference)),

  struct(core('ISCSIPersistentVolumeSource'), 'An iSCSI disk backing a PersistentVolume.', iscsiFields(secretReference)),

  struct(core('GlusterfsVolumeSource'), 'Deprecated: a GlusterFS volume.', {
    endpoints: field(1, string({ default: '' }), 'The Endpoints object listing the GlusterFS servers.', { required: true }),
    path: field(2, string({ default: '' }), 'The GlusterFS volume path.', { required: true }),
    readOnly: field(3, boolean(), 'Whether to mount the volume read-only.'),
  }),

  struct(core('GlusterfsPersistentVolumeSource'), 'Deprecated: a GlusterFS volume backing a PersistentVolume.', {
    endpoints: field(1, string({ default: '' }), 'The Endpoints object listing the GlusterFS servers.', { required: true }),
    path: field(2, string({ default: '' }), 'The GlusterFS volume path.', { required: true }),
    readOnly: field(3, boolean(), 'Whether to mount the volume read-only.'),
    endpointsNamespace: pointer(field(4, string(), "The namespace of the Endpoints object; the claim's namespace when unset.")),
  }),

  struct(core('PersistentVolumeClaimVolumeSource'), "A pod volume backed by a PersistentVolumeClaim in the pod's namespace.", {
    claimName: field(1, string({ default: '' }), 'The name of the claim.', { required: true }),
    readOnly: field(2, boolean(), 'Whether to mount the volume read-only.'),
  }),

  struct(core('RBDVolumeSource'), 'Deprecated: a Ceph RADOS block device.', rbdFields(localReference)),

  struct(core('RBDPersistentVolumeSource'), 'Deprecated: a Ceph RADOS block device backing a PersistentVolume.', rbdFields(secretReference)),

  struct(core('FlexVolumeSource'), 'Deprecated: a volume set up by an exec-based FlexVolume driver.', flexFields(localReference)),

  struct(core('FlexPersistentVolumeSource'), "Deprecated: a FlexVolume driver's volume backing a PersistentVolume.", flexFields(secretReference)),

  struct(core('CinderVolumeSource'), 'An OpenStack Cinder volume.', cinderFields(localReference)),

  struct(core('CinderPersistentVolumeSource'), 'An OpenStack Cinder volume backing a PersistentVolume.', cinderFields(secretReference)),

  struct(core('CephFSVolumeSource'), 'Deprecated: a CephFS file system.', cephFsFields(localReference)),

  struct(core('CephFSPersistentVolumeSource'), 'Deprecated: a CephFS file system backing a PersistentVolume.', cephFsFields(secretReference)),

  struct(core('FlockerVolumeSource'), 'Deprecated: a Flocker dataset; name or UUID, not both.', {
    datasetName: field(1, string(), 'The name of the dataset (deprecated in favour of the UUID).'),
    datasetUUID: field(2, string(), 'The UUID of the dataset.'),
  }),

  struct(core('DownwardAPIVolumeSource'), 'A volume whose files hold fields of the pod and resources of its containers.', {
    items: field(1, list(ref(core('DownwardAPIVolumeFile'), { default: {} })), 'The files to create.', { listType: 'atomic' }),
    defaultMode: pointer(field(2, int32(), 'The permission bits of the files (0 to 0777); 0644 when unset.')),
  }),

  struct(core('DownwardAPIVolumeFile'), 'One file of a downward API volume and the pod field or resource it holds.', {
    path: field(1, string({ default: '' }), 'The relative path of the file; must not contain "..".', { required: true }),
    fieldRef: pointer(field(2, ref(core('ObjectFieldSelector')), 'The pod field to write: annotations, labels, name, namespace or uid.')),
    resourceFieldRef: pointer(field(3, ref(core('ResourceFieldSelector')), 'The container resource limit or request to write.')),
    mode: pointer(field(4, int32(), "The permission bits of the file (0 to 0777); the volume's default mode when unset.")),
  }),

  struct(core('FCVolumeSource'), 'A Fibre Channel disk, mounted by one pod read-write.', {
    targetWWNs: field(1, names, 'The target world wide names.', { listType: 'atomic' }),
    lun: pointer(field(2, int32(), 'The target LUN number.')),
    fsType: field(3, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
    readOnly: field(4, boolean(), 'Whether to mount the disk read-only.'),
    wwids: field(5, names, 'The volume world wide identifiers; either these or targetWWNs with lun.', { listType: 'atomic' }),
  }),

  struct(core('AzureFileVolumeSource'), 'An Azure File share.', {
    secretName: field(1, string({ default: '' }), 'The Secret holding the storage account name and key.', { required: true }),
    shareName: field(2, string({ default: '' }), 'The name of the share.', { required: true }),
    readOnly: field(3, boolean(), 'Whether to mount the share read-only.'),
  }),

  struct(core('AzureFilePersistentVolumeSource'), 'An Azure File share backing a PersistentVolume.', {
    secretName: field(1, string({ default: '' }), 'The Secret holding the storage account name and key.', { required: true }),
    shareName: field(2, string({ default: '' }), 'The name of the share.', { required: true }),
    readOnly: field(3, boolean(), 'Whether to mount the share read-only.'),
    secretNamespace: pointer(field(4, string(), "The namespace of the Secret; the pod's namespace when unset.")),
  }),

  struct(core('ConfigMapVolumeSource'), 'A volume whose files are the keys of a ConfigMap.', {
    name: embedded(1, 1, string({ default: '' }), "The name of the ConfigMap, in the pod's namespace.", { omitEmpty: true }),
    items: field(2, keyToPaths, 'The keys to project and their paths; every key when unset.', { listType: 'atomic' }),
    defaultMode: pointer(field(3, int32(), 'The permission bits of the files (0 to 0777); 0644 when unset.')),
    optional: pointer(field(4, boolean(), 'Whether the pod may start though the ConfigMap or a key is missing.')),
  }),

  struct(core('VsphereVirtualDiskVolumeSource'), 'A vSphere virtual disk.', {
    volumePath: field(1, string({ default: '' }), 'The path of the VMDK.', { required: true }),
    fsType: field(2, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
    storagePolicyName: field(3, string(), 'The name of the storage policy (SPBM profile).'),
    storagePolicyID: field(4, string(), 'The ID of the storage policy (SPBM profile).'),
  }),

  struct(core('QuobyteVolumeSource'), 'Deprecated: a Quobyte volume.', {
    registry: field(1, string({ default: '' }), 'The Quobyte registry services, host:port pairs separated by commas.', { required: true }),
    volume: field(2, string({ default: '' }), 'The name of an existing Quobyte volume.', { required: true }),
    readOnly: field(3, boolean(), 'Whether to mount the volume read-only.'),
    user: field(4, string(), 'The user volume access is mapped to; the service account user when unset.'),
    group: field(5, string(), 'The group volume access is mapped to; none when unset.'),
    tenant: field(6, string(), 'The tenant owning the volume in the Quobyte backend.'),
  }),

  struct(core('AzureDiskVolumeSource'), 'An Azure data disk.', {
    diskName: field(1, string({ default: '' }), 'The name of the data disk in blob storage.', { required: true }),
    diskURI: field(2, string({ default: '' }), 'The URI of the data disk in blob storage.', { required: true }),
    cachingMode: pointer(field(3, string({ default: 'ReadWrite', enum: azureDataDiskCachingModes }), 'The host caching mode: None, ReadOnly or ReadWrite.')),
    fsType: pointer(field(4, string({ default: 'ext4' }), 'The file system to mount.')),
    readOnly: pointer(field(5, boolean({ default: false }), 'Whether to mount the disk read-only.')),
    kind: pointer(field(6, string({ default: 'Shared', enum: azureDataDiskKinds }), 'Shared, Dedicated or Managed: how the disk is kept in storage accounts.')),
  }),

  struct(core('PhotonPersistentDiskVolumeSource'), 'Deprecated: a Photon Controller persistent disk.', {
    pdID: field(1, string({ default: '' }), 'The ID of the disk.', { required: true }),
    fsType: field(2, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
  }),

  struct(core('ProjectedVolumeSource'), 'A volume combining the files of several sources in one directory.', {
    sources: field(1, list(ref(core('VolumeProjection'), { default: {} })), 'The sources projected into the volume.', { listType: 'atomic' }),
    defaultMode: pointer(field(2, int32(), 'The permission bits of the files (0 to 0777) when a source gives none.')),
  }),

  struct(core('VolumeProjection'), 'One source of a projected volume; exactly one field is set.', {
    secret: pointer(field(1, ref(core('SecretProjection')), 'Keys of a Secret.')),
    downwardAPI: pointer(field(2, ref(core('DownwardAPIProjection')), 'Fields of the pod and resources of its containers.')),
    configMap: pointer(field(3, ref(core('ConfigMapProjection')), 'Keys of a ConfigMap.')),
    serviceAccountToken: pointer(field(4, ref(core('ServiceAccountTokenProjection')), "A token of the pod's service account.")),
    clusterTrustBundle: pointer(field(5, ref(core('ClusterTrustBundleProjection')), 'The certificates of ClusterTrustBundle objects, kept up to date.')),
    podCertificate: pointer(field(6, ref(core('PodCertificateProjection')), 'A private key and certificate chain issued for the pod, rotated by the kubelet.')),
  }),

  struct(core('SecretProjection'), 'The keys of a Secret, projected into a projected volume.', {
    name: embedded(1, 1, string({ default: '' }), "The name of the Secret, in the pod's namespace.", { omitEmpty: true }),
    items: field(2, keyToPaths, 'The keys to project and their paths; every key when unset.', { listType: 'atomic' }),
    optional: pointer(field(4, boolean(), 'Whether the pod may start though the Secret or a key is missing.')),
  }),

  struct(core('DownwardAPIProjection'), 'Fields of the pod and container resources, projected into a projected volume.', {
    items: field(1, list(ref(core('DownwardAPIVolumeFile'), { default: {} })), 'The files to create.', { listType: 'atomic' }),
  }),

  struct(core('ConfigMapProjection'), 'The keys of a ConfigMap, projected into a projected volume.', {
    name: embedded(1, 1, string({ default: '' }), "The name of the ConfigMap, in the pod's namespace.", { omitEmpty: true }),
    items: field(2, keyToPaths, 'The keys to project and their paths; every key when unset.', { listType: 'atomic' }),
    optional: pointer(field(4, boolean(), 'Whether the pod may start though the ConfigMap or a key is missing.')),
  }),

  struct(core('ServiceAccountTokenProjection'), "A token of the pod's service account, projected into a file and rotated by the kubelet.", {
    audience: field(1, string(), "The audience the token is for; the API server's identifier when unset."),
    expirationSeconds: pointer(field(2, int64(), 'How long the token is valid, in seconds; one hour when unset, ten minutes at least.')),
    path: field(3, string({ default: '' }), 'The path of the file, relative to the mount point.', { required: true }),
  }),

  struct(core('ClusterTrustBundleProjection'), 'Selects ClusterTrustBundle objects and projects their certificates into a file.', {
    name: pointer(field(1, string(), 'The name of one ClusterTrustBundle; excludes signerName and labelSelector.')),
    signerName: pointer(field(2, string(), 'Selects every ClusterTrustBundle of this signer.')),
    labelSelector: pointer(field(3, ref(labelSelectorName), 'Narrows the bundles of signerName by label; unset matches none, empty matches all.')),
    optional: pointer(field(5, boolean(), 'Whether the pod may start though no bundle is found.')),
    path: field(4, string({ default: '' }), 'The path of the file, relative to the volume root.', { required: true }),
  }),

  struct(core('PortworxVolumeSource'), 'A Portworx volume.', {
    volumeID: field(1, string({ default: '' }), 'The ID of the Portworx volume.', { required: true }),
    fsType: field(2, string(), 'The file system to mount, such as ext4; ext4 when unset.'),
    readOnly: field(3, boolean(), 'Whether to mount the volume read-only.'),
  }),

  struct(core('ScaleIOVolumeSource'), 'Deprecated: a ScaleIO volume.', scaleIoFields(localReference)),

  struct(core('ScaleIOPersistentVolumeSource'), 'Deprecated: a ScaleIO volume backing a PersistentVolume.', scaleIoFields(secretReference)),

  struct(core('StorageOSVolumeSource'), 'Deprecated: a StorageOS volume.', storageOsFields(localReference)),

  struct(core('StorageOSPersistentVolumeSource'), 'Deprecated: a StorageOS volume backing a PersistentVolume.', storageOsFields(ref(core('ObjectReference')))),

  struct(core('CSIVolumeSource'), 'An ephemeral volume provided by a CSI driver.', {
    driver: field(1, string({ default: '' }), 'The name of the CSI driver.', { required: true }),
    readOnly: pointer(field(2, boolean(), 'Whether to mount the volume read-only.')),
    fsType: pointer(field(3, string(), 'The file system to mount; the driver decides when unset.')),
    volumeAttributes: field(4, stringMap, 'Driver-specific properties passed to the driver.'),
    nodePublishSecretRef: pointer(field(5, localReference, "The Secret passed to the driver's NodePublishVolume and NodeUnpublishVolume calls.")),
  }),

  struct(core('CSIPersistentVolumeSource'), 'A volume provided by a CSI driver, backing a PersistentVolume.', {
    driver: field(1, string({ default: '' }), 'The name of the CSI driver.', { required: true }),
    volumeHandle: field(2, string({ default: '' }), 'The ID the driver gave the volume when it created it.', { required: true }),
    readOnly: field(3, boolean(), 'Whether to publish the volume read-only.'),
    fsType: field(4, string(), 'The file system to mount, such as ext4.'),
    volumeAttributes: field(5, stringMap, 'Driver-specific attributes of the volume.'),
    controllerPublishSecretRef: pointer(field(6, secretReference, "The Secret passed to the driver's ControllerPublishVolume and ControllerUnpublishVolume calls.")),
    nodeStageSecretRef: pointer(field(7, secretReference, "The Secret passed to the driver's NodeStageVolume and NodeUnstageVolume calls.")),
    nodePublishSecretRef: pointer(field(8, secretReference, "The Secret passed to the driver's NodePublishVolume and NodeUnpublishVolume calls.")),
    controllerExpandSecretRef: pointer(field(9, secretReference, "The Secret passed to the driver's ControllerExpandVolume call.")),
    nodeExpandSecretRef: pointer(field(10, secretReference, "The Secret passed to the driver's NodeExpandVolume call.")),
  }),

  struct(core('EphemeralVolumeSource'), 'A volume provisioned through a claim created for the pod and deleted with it.', {
    volumeClaimTemplate: pointer(field(1, ref(core('PersistentVolumeClaimTemplate')), 'The claim to create, named <pod name>-<volume name> and owned by the pod.')),
  }),

  struct(core('ImageVolumeSource'), 'A volume holding the contents of an OCI image or artifact, mounted read-only.', {
    reference: field(1, string(), 'The image or artifact reference, as for a container image.'),
    pullPolicy: field(2, string({ enum: pullPolicies }), 'Always, Never or IfNotPresent: when to pull the reference.'),
  }),

  struct(core('LocalVolumeSource'), 'Storage attached directly to a node: a directory or a block device.', {
    path: field(1, string({ default: '' }), 'The full path on the node.', { required: true }),
    fsType: pointer(field(2, string(), 'The file system to mount when the path is a block device; chosen automatically when unset.')),
  }),
];
