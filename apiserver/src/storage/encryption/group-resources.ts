// Group-resources as an EncryptionConfiguration names them (kube's schema.ParseGroupResource):
// "secrets" is the core group's, "deployments.apps" a group's, "*." every core resource, "*.apps"
// every resource of a group, "*.*" every resource.

export interface GroupResource {
  readonly group: string;
  readonly resource: string;
}

export const anyGroupAnyResource: GroupResource = { group: '*', resource: '*' };

/** The text before the first dot is the resource, the rest the group. */
export function parseGroupResource(text: string): GroupResource {
  const dot = text.indexOf('.');
  return dot < 0 ? { group: '', resource: text } : { group: text.slice(dot + 1), resource: text.slice(0, dot) };
}

export const sameGroupResource = (a: GroupResource, b: GroupResource): boolean => a.group === b.group && a.resource === b.resource;

/** As kube's messages write a group-resource: "*." for the whole core group, "resource.group" otherwise. */
export function groupResourceText(groupResource: GroupResource): string {
  if (groupResource.group === '' && groupResource.resource === '*') return '*.';
  return groupResource.group === '' ? groupResource.resource : `${groupResource.resource}.${groupResource.group}`;
}

export const groupResourceKey = (groupResource: GroupResource): string => `${groupResource.resource}.${groupResource.group}`;
