// ValidatePodTemplate: the template's labels (kube's path is template.labels) and pod spec, in
// which ephemeral containers are not allowed. An update is checked as a create is.

import { fieldForbidden, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf } from '../../../registry/defaulting/json-fields.ts';
import { labelErrors } from '../../../registry/validation/object-meta-validation.ts';
import { podSpecErrors } from '../pods/pod-validation.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';

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
