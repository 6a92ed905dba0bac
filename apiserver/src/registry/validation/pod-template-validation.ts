// ValidatePodTemplate: the template's labels (kube's path is template.labels) and pod spec, in
// which ephemeral containers are not allowed. An update is checked as a create is.

import { fieldForbidden, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { objectOf } from '../defaulting/json-fields.ts';
import { labelErrors } from './object-meta-validation.ts';
import { podSpecErrors } from './pod-validation.ts';
import type { KindValidation } from './kind-validation.ts';

function podTemplateErrors(podTemplate: JsonObject): FieldError[] {
  const template = objectOf(podTemplate.template);
  const metadata = objectOf(template.metadata);
  const spec = objectOf(template.spec);
  const errors = [...labelErrors(metadata.labels, 'template.labels'), ...podSpecErrors(spec, 'template.spec')];
  if (Array.isArray(spec.ephemeralContainers) && spec.ephemeralContainers.length > 0) {
    errors.push(fieldForbidden('template.spec.ephemeralContainers', 'ephemeral containers not allowed in pod template'));
  }
  return errors;
}

export const podTemplateValidation: KindValidation = { validate: podTemplateErrors };
