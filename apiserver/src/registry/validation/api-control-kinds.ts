// Validation of the kinds that control the API itself, registered by group/Kind: admission
// policies and webhooks, API priority and fairness, certificate requests and aggregated API
// services. kube checks an update of these kinds as it checks a new object (plus metadata), except
// that the old admission policy or webhook configuration decides how its CEL is compiled.

import type { FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { validatingAdmissionPolicyBindingErrors } from './admission-policy-binding-validation.ts';
import { validatingAdmissionPolicyErrors } from './admission-policy-validation.ts';
import { apiServiceErrors } from './api-service-validation.ts';
import { certificateSigningRequestErrors } from './csr-validation.ts';
import { flowSchemaErrors } from './flow-schema-validation.ts';
import type { KindValidation, KindValidations } from './kind-validation.ts';
import { priorityLevelConfigurationErrors } from './priority-level-validation.ts';
import { mutatingWebhookConfigurationErrors, validatingWebhookConfigurationErrors } from './webhook-validation.ts';

/** A kind whose checks read the old object on update: run once per write, after the metadata's. */
const withOldObject = (errors: (object: JsonObject, old?: JsonObject) => FieldError[]): KindValidation => ({
  validateCreate: (object) => errors(object),
  validateUpdate: (next, old, metadataErrors) => [...metadataErrors, ...errors(next, old)],
});

export const apiControlKinds: KindValidations = {
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': withOldObject(validatingAdmissionPolicyErrors),
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': { validate: validatingAdmissionPolicyBindingErrors },
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': withOldObject(validatingWebhookConfigurationErrors),
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': withOldObject(mutatingWebhookConfigurationErrors),
  'flowcontrol.apiserver.k8s.io/FlowSchema': { validate: flowSchemaErrors },
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': { validate: priorityLevelConfigurationErrors },
  'certificates.k8s.io/CertificateSigningRequest': { validate: certificateSigningRequestErrors },
  'apiregistration.k8s.io/APIService': { validate: apiServiceErrors },
};
