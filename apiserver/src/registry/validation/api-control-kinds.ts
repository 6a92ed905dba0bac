// Validation of the kinds that control the API itself, registered by group/Kind: admission
// policies, API priority and fairness, certificate requests and aggregated API services. kube
// checks an update of these kinds as it checks a new object (plus metadata).

import { validatingAdmissionPolicyBindingErrors } from './admission-policy-binding-validation.ts';
import { validatingAdmissionPolicyErrors } from './admission-policy-validation.ts';
import { apiServiceErrors } from './api-service-validation.ts';
import { certificateSigningRequestErrors } from './csr-validation.ts';
import { flowSchemaErrors } from './flow-schema-validation.ts';
import type { KindValidations } from './kind-validation.ts';
import { priorityLevelConfigurationErrors } from './priority-level-validation.ts';

export const apiControlKinds: KindValidations = {
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': { validate: validatingAdmissionPolicyErrors },
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': { validate: validatingAdmissionPolicyBindingErrors },
  'flowcontrol.apiserver.k8s.io/FlowSchema': { validate: flowSchemaErrors },
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': { validate: priorityLevelConfigurationErrors },
  'certificates.k8s.io/CertificateSigningRequest': { validate: certificateSigningRequestErrors },
  'apiregistration.k8s.io/APIService': { validate: apiServiceErrors },
};
