// The URL path of a resource, a collection or a subresource, built from its parts:
// /api/v1/... for the core group (""), /apis/<group>/<version>/... for every other.

/** Which resource a request is about; leave `name` out for the collection. */
export interface ResourceTarget {
  /** "" for the core group. */
  readonly group: string;
  readonly version: string;
  /** The plural resource name, e.g. `configmaps`. */
  readonly resource: string;
  /** Left out for cluster-scoped resources and for lists across all namespaces. */
  readonly namespace?: string;
  readonly name?: string;
  /** e.g. `status`, `log`, `eviction`, `binding`; needs a name. */
  readonly subresource?: string;
}

export function resourcePath(target: ResourceTarget): string {
  let path = target.group === '' ? `/api/${segment('version', target.version)}` : `/apis/${segment('group', target.group)}/${segment('version', target.version)}`;
  if (target.namespace !== undefined) path += `/namespaces/${segment('namespace', target.namespace)}`;
  path += `/${segment('resource', target.resource)}`;
  if (target.name !== undefined) path += `/${segment('name', target.name)}`;
  if (target.subresource !== undefined) {
    if (target.name === undefined) throw new TypeError(`subresource ${JSON.stringify(target.subresource)} needs a resource name`);
    path += `/${segment('subresource', target.subresource)}`;
  }
  return path;
}

/** The rules of apimachinery's path segment names: not empty, not `.` or `..`, no `/` or `%`. */
function segment(what: string, value: string): string {
  if (value === '') throw new TypeError(`${what} may not be empty`);
  if (value === '.' || value === '..') throw new TypeError(`${what} may not be ${JSON.stringify(value)}`);
  if (/[/%]/.test(value)) throw new TypeError(`${what} ${JSON.stringify(value)} may not contain '/' or '%'`);
  return encodeURIComponent(value);
}
