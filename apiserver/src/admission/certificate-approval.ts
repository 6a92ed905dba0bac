// kube-apiserver's CertificateApproval admission: a write of a CertificateSigningRequest's approval
// subresource needs the `approve` verb on the request's signer (signer-authorization.ts).

import { objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { Authorizer } from '../authorization/authorizer.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { isAuthorizedForSigner } from './signer-authorization.ts';
import { resourceOf } from './resource-match.ts';

export function certificateApproval(authorizer: Authorizer): AdmissionPlugin {
  return {
    name: 'CertificateApproval',
    operations: ['UPDATE'],
    validates: resourceOf('certificates.k8s.io', 'certificatesigningrequests'),
    validate: async (attributes) => {
      if (attributes.subresource !== 'approval' || attributes.resource.group !== 'certificates.k8s.io' || attributes.resource.resource !== 'certificatesigningrequests') return;
      // The signer of the stored request: the approval cannot change it.
      const signerName = stringOf(objectOf(attributes.oldObject?.spec).signerName);
      if (!(await isAuthorizedForSigner(authorizer, attributes.userInfo, 'approve', signerName))) {
        throw admissionForbidden(attributes, `user not permitted to approve requests with signerName ${JSON.stringify(signerName)}`);
      }
    },
  };
}
