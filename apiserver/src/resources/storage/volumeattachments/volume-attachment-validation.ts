// VolumeAttachment (storage.k8s.io/v1): an attacher, exactly one source (a PersistentVolume's name
// or an inline spec), a node name; on create also a CSI driver name as the attacher and a valid
// volume name. The spec never changes.

import { isDeepStrictEqual } from 'node:util';
import { fieldForbidden, fieldInvalid, fieldRequired, type FieldError, goStruct } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { csiDriverNameErrors } from '../csidrivers/csi-driver-validation.ts';
import { rawJsonValue } from '../../../registry/validation/internal-type-values.ts';

const exactlyOneSource = 'must specify exactly one of inlineVolumeSpec and persistentVolumeName';

const sourceOf = (attachment: JsonObject): JsonObject => objectOf(objectOf(attachment.spec).source);

/** The checks of every write. The inline PersistentVolume spec is not checked here. */
export function volumeAttachmentErrors(attachment: JsonObject): FieldError[] {
  const spec = objectOf(attachment.spec);
  const source = sourceOf(attachment);
  const errors: FieldError[] = [];
  if (stringOf(spec.attacher) === '') errors.push(fieldRequired('spec.attacher'));
  const hasName = typeof source.persistentVolumeName === 'string';
  const hasInline = isObject(source.inlineVolumeSpec);
  if (!hasName && !hasInline) errors.push(fieldRequired('spec.source', exactlyOneSource));
  else if (hasName && hasInline) errors.push(fieldForbidden('spec.source', exactlyOneSource));
  else if (hasName && source.persistentVolumeName === '') errors.push(fieldRequired('spec.source.persistentVolumeName', 'must specify non empty persistentVolumeName'));
  const nodeName = stringOf(spec.nodeName);
  for (const message of isDNS1123Subdomain(nodeName)) errors.push(fieldInvalid('spec.nodeName', nodeName, message));
  return errors;
}

/** What kube checks of a new v1 attachment only. */
export function volumeAttachmentCreateErrors(attachment: JsonObject): FieldError[] {
  const errors = csiDriverNameErrors(stringOf(objectOf(attachment.spec).attacher), 'spec.attacher');
  const volumeName = sourceOf(attachment).persistentVolumeName;
  if (typeof volumeName === 'string') {
    for (const message of isDNS1123Subdomain(volumeName)) errors.push(fieldInvalid('spec.source.persistentVolumeName', volumeName, message));
  }
  return errors;
}

/**
 * kube validates the new object twice on update (its strategy and its update check each do), so
 * its causes list each error twice; the message lists it once. kube quotes the whole internal spec
 * as JSON with Go's field names; an inline volume spec is shown as the client's JSON (kube writes
 * the internal PersistentVolumeSpec, every field by its Go name, which Capstan does not spell out).
 */
export function volumeAttachmentUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const errors = [...objectErrors, ...objectErrors];
  const spec = objectOf(next.spec);
  if (!isDeepStrictEqual(spec, objectOf(old.spec))) {
    const source = objectOf(spec.source);
    const volumeName = typeof source.persistentVolumeName === 'string' ? source.persistentVolumeName : null;
    const inline = isObject(source.inlineVolumeSpec) ? rawJsonValue(source.inlineVolumeSpec) : null;
    const value = goStruct({
      Attacher: stringOf(spec.attacher),
      Source: goStruct({ PersistentVolumeName: volumeName, InlineVolumeSpec: inline }),
      NodeName: stringOf(spec.nodeName),
    });
    errors.push(fieldInvalid('spec', { json: value }, 'field is immutable'));
  }
  return errors;
}
