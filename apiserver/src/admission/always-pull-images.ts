// kube-apiserver's AlwaysPullImages admission: every container (init, regular and ephemeral) of a
// pod created, or updated with an image it did not have, pulls its image each time
// (imagePullPolicy Always), and so do image volumes, so that a pod cannot use an image another
// pod's credentials pulled onto the node.

import { fieldErrorMessage, fieldNotSupported, newUnclassifiedError, type StatusError } from '@capstan/common';
import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import { isPods, isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

/** kube's VisitContainersWithPath: each container of the spec with its field path. */
function containersOf(spec: JsonObject): { readonly container: JsonObject; readonly path: string }[] {
  return ['initContainers', 'containers', 'ephemeralContainers'].flatMap((key) => objectsAt(spec, key).map((container, i) => ({ container, path: `spec.${key}[${i}]` })));
}

const imagesOf = (spec: JsonObject): Set<string> => new Set(containersOf(spec).map(({ container }) => stringOf(container.image)));

/** Pods only, and not an update that brings no new image. */
function applies(attributes: AdmissionAttributes): boolean {
  if (!isWriteOf(attributes, '', 'pods')) return false;
  if (attributes.operation !== 'UPDATE') return true;
  const old = imagesOf(objectOf(attributes.oldObject?.spec));
  return [...imagesOf(objectOf(attributes.object?.spec))].some((image) => !old.has(image));
}

export const alwaysPullImages: AdmissionPlugin = {
  name: 'AlwaysPullImages',
  operations: ['CREATE', 'UPDATE'],
  mutates: isPods,
  validates: isPods,
  admit: (attributes) => {
    if (!applies(attributes)) return;
    const spec = objectOf(attributes.object?.spec);
    for (const { container } of containersOf(spec)) container.imagePullPolicy = 'Always';
    for (const volume of objectsAt(spec, 'volumes')) if (typeof volume.image === 'object' && volume.image !== null) (volume.image as JsonObject).pullPolicy = 'Always';
  },
  validate: (attributes) => {
    if (!applies(attributes)) return;
    const spec = objectOf(attributes.object?.spec);
    const refusals: StatusError[] = [];
    const refuse = (path: string, policy: unknown): void => {
      refusals.push(admissionForbidden(attributes, fieldErrorMessage(fieldNotSupported(path, stringOf(policy), ['Always']))));
    };
    for (const { container, path } of containersOf(spec)) if (container.imagePullPolicy !== 'Always') refuse(`${path}.imagePullPolicy`, container.imagePullPolicy);
    objectsAt(spec, 'volumes').forEach((volume, i) => {
      const image = objectOf(volume.image);
      if (typeof volume.image === 'object' && volume.image !== null && image.pullPolicy !== 'Always') refuse(`spec.volumes[${i}].image.pullPolicy`, image.pullPolicy);
    });
    if (refusals.length === 0) return;
    // kube answers the aggregate of the refusals, which is no Status: a 500 with their text.
    const messages = [...new Set(refusals.map((refusal) => refusal.message))];
    throw newUnclassifiedError(messages.length === 1 ? (messages[0] as string) : `[${messages.join(', ')}]`);
  },
};
