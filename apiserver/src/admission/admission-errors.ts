// kube's admission.NewForbidden, which plugins refuse with: a 403 naming the request's resource
// (without its subresource) and object.

import { newForbidden, type StatusError } from '@capstan/common';
import { stringOf } from '../registry/defaulting/json-fields.ts';
import { metadataOf } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';

/** The object is named by the request's name, else the name (or generateName) of the object sent, else "Unknown". */
export function admissionForbidden(attributes: AdmissionAttributes, message: string): StatusError {
  const metadata = attributes.object === undefined ? undefined : metadataOf(attributes.object);
  const name = attributes.name || stringOf(metadata?.name) || stringOf(metadata?.generateName) || 'Unknown';
  return newForbidden({ group: attributes.resource.group, resource: attributes.resource.resource }, name, message);
}
