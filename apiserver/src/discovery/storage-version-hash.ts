// kube-apiserver's storageVersionHash: base64 of the first 8 bytes of sha256("<group>/<version>/<kind>")
// of the version a resource is stored in (core group is "", so core Pod hashes "/v1/Pod").

import { createHash } from 'node:crypto';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { compareKubeAwareVersions } from './group-version-order.ts';

/** The hash for one storage group/version/kind. */
export function storageVersionHash(group: string, version: string, kind: string): string {
  const digest = createHash('sha256').update(`${group}/${version}/${kind}`).digest();
  return digest.subarray(0, 8).toString('base64');
}

interface StorageGroupVersion {
  readonly group: string;
  readonly version: string;
}

/**
 * Resources whose objects kube stores in another group than the one serving them, keyed
 * "<group>/<resource>". events.k8s.io events live in etcd as core v1 Events (kube's
 * storageversionhashdata gives events.k8s.io/v1 events the hash of "/v1/Event").
 */
const crossGroupStorage: ReadonlyMap<string, StorageGroupVersion> = new Map([['events.k8s.io/events', { group: '', version: 'v1' }]]);

/**
 * The storageVersionHash discovery advertises for `def`, or undefined for a virtual resource.
 * A resource served in several versions is stored in one: taken here as the most preferred
 * served version of that group and resource among `all` (which reproduces kube's table:
 * autoscaling v1 and v2 HPAs both hash as autoscaling/v2). A custom resource's comes from its CRD.
 */
export function storageVersionHashOf(def: ResourceDefinition, all: readonly ResourceDefinition[]): string | undefined {
  if (def.storagePrefix === undefined) return undefined;
  if (def.custom !== undefined) return def.custom.storageVersionHash;
  const crossGroup = crossGroupStorage.get(`${def.group}/${def.resource}`);
  if (crossGroup !== undefined) return storageVersionHash(crossGroup.group, crossGroup.version, def.kind);
  let version = def.version;
  for (const other of all) {
    if (other.group === def.group && other.resource === def.resource && other.storagePrefix !== undefined && compareKubeAwareVersions(other.version, version) < 0) {
      version = other.version;
    }
  }
  return storageVersionHash(def.group, version, def.kind);
}
