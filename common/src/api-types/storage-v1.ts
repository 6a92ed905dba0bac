// The types of io.k8s.api.storage.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { Quantity } from './api-resource.ts';
import type { PersistentVolumeSpec, TopologySelectorTerm } from './core-v1.ts';
import type { LabelSelector, ListMeta, ObjectMeta, Time } from './meta-v1.ts';

/** A CSI volume driver installed in the cluster, and how Kubernetes should treat its volumes. */
export interface CSIDriver {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** How the driver behaves. */
  readonly spec: CSIDriverSpec;
}

/** A list of CSIDrivers. */
export interface CSIDriverList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The CSIDriver objects of this page. */
  readonly items: readonly CSIDriver[];
}

/** How a CSI driver behaves: attachment, pod information, capacity and tokens. */
export interface CSIDriverSpec {
  /** Whether volumes of the driver must be attached (ControllerPublishVolume) before they are mounted. */
  readonly attachRequired?: boolean;
  /** Whether the kubelet passes pod details to the driver when it mounts a volume. */
  readonly podInfoOnMount?: boolean;
  /** The volume modes the driver supports: Persistent and/or Ephemeral. */
  readonly volumeLifecycleModes?: readonly string[];
  /** Whether the scheduler should consider the capacity the driver publishes in CSIStorageCapacity objects. */
  readonly storageCapacity?: boolean;
  /** Whether and when the volume ownership and permissions are changed to match the pod fsGroup. */
  readonly fsGroupPolicy?: string;
  /** The service account tokens the kubelet hands to the driver on mount. */
  readonly tokenRequests?: readonly TokenRequest[];
  /** Whether NodePublishVolume is to be called again periodically to refresh mounted volumes. */
  readonly requiresRepublish?: boolean;
  /** Whether the driver supports mounting volumes with the "-o context" option. */
  readonly seLinuxMount?: boolean;
  /** How often, in seconds, the node count of volumes the driver can attach is refreshed. */
  readonly nodeAllocatableUpdatePeriodSeconds?: number;
  /** Whether the service account tokens go in the secrets of NodePublishVolume rather than its volume context. */
  readonly serviceAccountTokenInSecrets?: boolean;
}

/** The CSI drivers installed on one node; it has the node's name. */
export interface CSINode {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The drivers on the node. */
  readonly spec: CSINodeSpec;
}

/** One CSI driver installed on a node. */
export interface CSINodeDriver {
  /** The name of the driver. */
  readonly name: string;
  /** The name the storage system knows this node by. */
  readonly nodeID: string;
  /** The topology label keys the driver understands. */
  readonly topologyKeys?: readonly string[];
  /** The volume resources of the node the scheduler may use. */
  readonly allocatable?: VolumeNodeResources;
}

/** A list of CSINodes. */
export interface CSINodeList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The CSINode objects of this page. */
  readonly items: readonly CSINode[];
}

/** The CSI drivers of a node. */
export interface CSINodeSpec {
  /** Each driver on the node. */
  readonly drivers: readonly CSINodeDriver[];
}

/** The capacity a CSI driver reported for one storage class in one topology segment. */
export interface CSIStorageCapacity {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The nodes that can reach the storage; unset means none, empty means all. */
  readonly nodeTopology?: LabelSelector;
  /** The storage class the capacity is for. */
  readonly storageClassName: string;
  /** The capacity available for new volumes. */
  readonly capacity?: Quantity;
  /** The largest volume that can be created. */
  readonly maximumVolumeSize?: Quantity;
}

/** A list of CSIStorageCapacities. */
export interface CSIStorageCapacityList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The CSIStorageCapacity objects of this page. */
  readonly items: readonly CSIStorageCapacity[];
}

/** A class of storage that PersistentVolumes can be provisioned dynamically from. */
export interface StorageClass {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The provisioner that creates volumes of this class. */
  readonly provisioner: string;
  /** Parameters handed to the provisioner. */
  readonly parameters?: Readonly<Record<string, string>>;
  /** Delete or Retain: what happens to provisioned volumes when released. */
  readonly reclaimPolicy?: string;
  /** The mount options of provisioned volumes. */
  readonly mountOptions?: readonly string[];
  /** Whether volumes of this class can be expanded. */
  readonly allowVolumeExpansion?: boolean;
  /** Immediate or WaitForFirstConsumer: when claims are bound and provisioned. */
  readonly volumeBindingMode?: string;
  /** The topologies volumes may be provisioned in. */
  readonly allowedTopologies?: readonly TopologySelectorTerm[];
}

/** A list of StorageClasses. */
export interface StorageClassList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The StorageClass objects of this page. */
  readonly items: readonly StorageClass[];
}

/** A service account token a CSI driver asks for. */
export interface TokenRequest {
  /** The audience of the token. */
  readonly audience: string;
  /** How long the token is valid, in seconds. */
  readonly expirationSeconds?: number;
}

/** The intent to attach a volume to a node, or to detach it. */
export interface VolumeAttachment {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The volume, node and attacher. */
  readonly spec: VolumeAttachmentSpec;
  /** Whether the attachment succeeded, as the attacher reports it. */
  readonly status?: VolumeAttachmentStatus;
}

/** A list of VolumeAttachments. */
export interface VolumeAttachmentList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The VolumeAttachment objects of this page. */
  readonly items: readonly VolumeAttachment[];
}

/** The volume to attach: exactly one member is set. */
export interface VolumeAttachmentSource {
  /** The name of the PersistentVolume to attach. */
  readonly persistentVolumeName?: string;
  /** An inline pod volume translated to a PersistentVolume spec, for CSI migration. */
  readonly inlineVolumeSpec?: PersistentVolumeSpec;
}

/** Which volume to attach to which node, by which driver. */
export interface VolumeAttachmentSpec {
  /** The name of the volume driver that handles the attachment. */
  readonly attacher: string;
  /** The volume to attach. */
  readonly source: VolumeAttachmentSource;
  /** The node to attach the volume to. */
  readonly nodeName: string;
}

/** The outcome of attaching or detaching a volume. */
export interface VolumeAttachmentStatus {
  /** Whether the volume is attached. */
  readonly attached: boolean;
  /** Information from the attach operation to pass to later mount calls. */
  readonly attachmentMetadata?: Readonly<Record<string, string>>;
  /** The last error of attaching, if any. */
  readonly attachError?: VolumeError;
  /** The last error of detaching, if any. */
  readonly detachError?: VolumeError;
}

/** A set of mutable volume attributes a CSI driver defines, which claims can name. */
export interface VolumeAttributesClass {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The CSI driver the attributes are for. */
  readonly driverName: string;
  /** The attributes, handed to the driver as they are. */
  readonly parameters?: Readonly<Record<string, string>>;
}

/** A list of VolumeAttributesClasses. */
export interface VolumeAttributesClassList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The VolumeAttributesClass objects of this page. */
  readonly items: readonly VolumeAttributesClass[];
}

/** An error met while attaching or detaching a volume. */
export interface VolumeError {
  /** When the error happened. */
  readonly time?: Time | null;
  /** The error, for people; it may be logged. */
  readonly message?: string;
  /** The numeric gRPC code of the error. */
  readonly errorCode?: number;
}

/** Limits on the volumes of one driver a node can use. */
export interface VolumeNodeResources {
  /** The most volumes of the driver the node can use; unset means no limit. */
  readonly count?: number;
}
