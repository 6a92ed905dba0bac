// Storage keys laid out as kube-apiserver lays them out in etcd, so that etcdctl users find their objects:
// /registry/<resource prefix>/[<namespace>/]<name>, where the prefix is e.g. "pods" or "apiextensions.k8s.io/<plural>".

export const registryRoot = '/registry/';

/** The prefix under which all objects of a resource live, or those of one namespace. */
export function collectionPrefix(resourcePrefix: string, namespace?: string): string {
  return namespace === undefined || namespace === '' ? `${registryRoot}${resourcePrefix}/` : `${registryRoot}${resourcePrefix}/${namespace}/`;
}

export function objectKey(resourcePrefix: string, namespace: string | undefined, name: string): string {
  return collectionPrefix(resourcePrefix, namespace) + name;
}

/** The first key after every key that starts with `prefix` (etcd's range_end for a prefix). */
export function prefixEnd(prefix: string): string {
  // Keys are paths of printable ASCII, so bumping the last character is exact.
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
