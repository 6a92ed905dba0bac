// kube's admission.NewForbidden: a plugin's refusal as a 403 naming the object by the request's
// name, else the object's name or generateName (a create's name may not be generated yet), else
// "Unknown".

import { newForbidden, type StatusError } from '@capstan/common';
import { stringOf } from '../registry/defaulting/json-fields.ts';
import { metadataOf } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';

export function admissionForbidden(attributes: AdmissionAttributes, message: string): StatusError {
  const metadata = attributes.object === undefined ? undefined : metadataOf(attributes.object);
  const name = attributes.name || stringOf(metadata?.name) || stringOf(metadata?.generateName) || 'Unknown';
  return newForbidden({ group: attributes.resource.group, resource: attributes.resource.resource }, name, message);
}
