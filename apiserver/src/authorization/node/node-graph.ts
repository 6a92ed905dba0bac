// The node authorizer's graph (kube's node.Graph), kept as indexes rather than vertices and edges:
// which node each pod is bound to, which nodes' pods reference each secret, configmap, claim,
// service account and resource claim, which claim each persistent volume is bound to (and the
// secrets it uses), and the node of each VolumeAttachment and ResourceSlice. Whether an object is
// related to a node (kube's hasPathFrom) is then a few map lookups.

import { objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import { persistentVolumeSecrets } from './persistent-volume-secrets.ts';
import { podReferences, type PodReferences } from './pod-references.ts';

/** The kinds of objects a node's access to is decided by the graph. */
export type GraphObjectKind =
  | 'pods'
  | 'secrets'
  | 'configmaps'
  | 'persistentvolumeclaims'
  | 'persistentvolumes'
  | 'serviceaccounts'
  | 'resourceclaims'
  | 'volumeattachments'
  | 'resourceslices';

type ReferenceKind = keyof PodReferences;

const referenceKinds: readonly ReferenceKind[] = ['secrets', 'configmaps', 'persistentvolumeclaims', 'serviceaccounts', 'resourceclaims'];

interface BoundPod {
  readonly node: string;
  readonly references: PodReferences;
}

interface BoundVolume {
  /** "namespace/name" of the claim the volume is bound to. */
  readonly claim: string;
  readonly secrets: readonly string[];
}

const keyOf = (namespace: string, name: string): string => `${namespace}/${name}`;

/** Counts per key and node: how many pods of the node reference the key. */
class NodeCounts {
  readonly #counts = new Map<string, Map<string, number>>();

  add(key: string, node: string, delta: 1 | -1): void {
    const nodes = this.#counts.get(key) ?? new Map<string, number>();
    const count = (nodes.get(node) ?? 0) + delta;
    if (count > 0) nodes.set(node, count);
    else nodes.delete(node);
    if (nodes.size > 0) this.#counts.set(key, nodes);
    else this.#counts.delete(key);
  }

  has(key: string, node: string): boolean {
    return this.#counts.get(key)?.has(node) ?? false;
  }
}

export class NodeGraph {
  /** Pods bound to a node, by "namespace/name". */
  readonly #pods = new Map<string, BoundPod>();
  readonly #referenced = new Map<ReferenceKind, NodeCounts>(referenceKinds.map((kind) => [kind, new NodeCounts()]));
  /** Persistent volumes bound to a claim, by name. */
  readonly #volumes = new Map<string, BoundVolume>();
  /** The volumes that use each secret ("namespace/name"). */
  readonly #volumesOfSecret = new Map<string, Set<string>>();
  readonly #volumeAttachments = new Map<string, string>();
  readonly #resourceSlices = new Map<string, string>();

  /** Records a pod as it is now (kube's AddPod); a pod not bound to a node is not in the graph. */
  setPod(pod: JsonObject): void {
    const metadata = metadataOf(pod);
    const namespace = stringOf(metadata.namespace);
    const name = stringOf(metadata.name);
    this.deletePod(namespace, name);
    const node = stringOf(objectOf(pod.spec).nodeName);
    if (node === '') return;
    const bound: BoundPod = { node, references: podReferences(pod) };
    this.#pods.set(keyOf(namespace, name), bound);
    this.#count(namespace, bound, 1);
  }

  deletePod(namespace: string, name: string): void {
    const key = keyOf(namespace, name);
    const bound = this.#pods.get(key);
    if (bound === undefined) return;
    this.#pods.delete(key);
    this.#count(namespace, bound, -1);
  }

  #count(namespace: string, pod: BoundPod, delta: 1 | -1): void {
    for (const kind of referenceKinds) {
      const counts = this.#referenced.get(kind) as NodeCounts;
      for (const name of pod.references[kind]) counts.add(keyOf(namespace, name), pod.node, delta);
    }
  }

  /** Records a persistent volume (kube's AddPV): only one bound to a claim leads to a node. */
  setPersistentVolume(pv: JsonObject): void {
    const name = stringOf(metadataOf(pv).name);
    this.deletePersistentVolume(name);
    const claimRef = objectOf(objectOf(pv.spec).claimRef);
    if (Object.keys(claimRef).length === 0) return;
    const volume: BoundVolume = { claim: keyOf(stringOf(claimRef.namespace), stringOf(claimRef.name)), secrets: persistentVolumeSecrets(pv) };
    this.#volumes.set(name, volume);
    for (const secret of volume.secrets) {
      const volumes = this.#volumesOfSecret.get(secret) ?? new Set<string>();
      volumes.add(name);
      this.#volumesOfSecret.set(secret, volumes);
    }
  }

  deletePersistentVolume(name: string): void {
    const volume = this.#volumes.get(name);
    if (volume === undefined) return;
    this.#volumes.delete(name);
    for (const secret of volume.secrets) {
      const volumes = this.#volumesOfSecret.get(secret);
      volumes?.delete(name);
      if (volumes?.size === 0) this.#volumesOfSecret.delete(secret);
    }
  }

  /** Records the node a VolumeAttachment is for ("" for none). */
  setVolumeAttachment(name: string, node: string): void {
    if (node === '') this.#volumeAttachments.delete(name);
    else this.#volumeAttachments.set(name, node);
  }

  deleteVolumeAttachment(name: string): void {
    this.#volumeAttachments.delete(name);
  }

  /** Records the node a ResourceSlice is for ("" for none). */
  setResourceSlice(name: string, node: string): void {
    if (node === '') this.#resourceSlices.delete(name);
    else this.#resourceSlices.set(name, node);
  }

  deleteResourceSlice(name: string): void {
    this.#resourceSlices.delete(name);
  }

  /** Whether the object leads to the node (kube's hasPathFrom); namespace is "" for cluster-scoped kinds. */
  isRelated(node: string, kind: GraphObjectKind, namespace: string, name: string): boolean {
    switch (kind) {
      case 'pods':
        return this.#pods.get(keyOf(namespace, name))?.node === node;
      case 'persistentvolumes':
        return this.#volumeLeadsTo(name, node);
      case 'volumeattachments':
        return this.#volumeAttachments.get(name) === node;
      case 'resourceslices':
        return this.#resourceSlices.get(name) === node;
      case 'secrets': {
        const key = keyOf(namespace, name);
        if (this.#referencedBy(kind, key, node)) return true;
        for (const volume of this.#volumesOfSecret.get(key) ?? []) if (this.#volumeLeadsTo(volume, node)) return true;
        return false;
      }
      default:
        return this.#referencedBy(kind, keyOf(namespace, name), node);
    }
  }

  #referencedBy(kind: ReferenceKind, key: string, node: string): boolean {
    return (this.#referenced.get(kind) as NodeCounts).has(key, node);
  }

  /** A volume leads to the nodes whose pods use the claim it is bound to. */
  #volumeLeadsTo(volume: string, node: string): boolean {
    const claim = this.#volumes.get(volume)?.claim;
    return claim !== undefined && this.#referencedBy('persistentvolumeclaims', claim, node);
  }
}
