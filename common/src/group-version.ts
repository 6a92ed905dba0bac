// schema.GroupVersion.String(): how an API group and version are written together.

/** "v1" for the core group, "<group>/<version>" otherwise: an apiVersion, or a discovery groupVersion. */
export const groupVersionString = (group: string, version: string): string => (group === '' ? version : `${group}/${version}`);
