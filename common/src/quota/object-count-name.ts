// The quota resource name that counts objects of a resource, as kube's ObjectCountQuotaResourceNameFor.

/** count/<resource> for the core group, count/<resource>.<group> otherwise. */
export const objectCountName = (group: string, resource: string): string => (group === '' ? `count/${resource}` : `count/${resource}.${group}`);
