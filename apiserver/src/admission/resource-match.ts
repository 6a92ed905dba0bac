// Which requests a plugin acts on: the resource of a write, as kube's plugins compare
// a.GetResource().GroupResource() and a.GetSubresource().

import type { AdmissionAttributes } from './admission-attributes.ts';

/** Whether the request is a write of the resource itself (no subresource) in `group`. */
export const isWriteOf = (attributes: AdmissionAttributes, group: string, resource: string): boolean =>
  attributes.resource.group === group && attributes.resource.resource === resource && attributes.subresource === '' && attributes.object !== undefined;

/** The core pods resource (a plugin's `mutates`). */
export const isPods = (group: string, resource: string): boolean => group === '' && resource === 'pods';

/** A plugin's `validates` or `mutates` for one resource of a group. */
export const resourceOf =
  (group: string, resource: string) =>
  (requestGroup: string, requestResource: string): boolean =>
    requestGroup === group && requestResource === resource;
