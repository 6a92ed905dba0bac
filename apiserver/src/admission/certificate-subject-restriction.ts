// kube-apiserver's CertificateSubjectRestriction admission: no CertificateSigningRequest for the
// kubernetes.io/kube-apiserver-client signer may ask for the system:masters group (an
// organization of its subject), which would bypass every authorizer.

import { certificateRequestOrganizations, errorMessage } from '@capstan/common';
import { objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import { isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { resourceOf } from './resource-match.ts';

const kubeApiServerClientSigner = 'kubernetes.io/kube-apiserver-client';

export const certificateSubjectRestriction: AdmissionPlugin = {
  name: 'CertificateSubjectRestriction',
  operations: ['CREATE'],
  validates: resourceOf('certificates.k8s.io', 'certificatesigningrequests'),
  validate: (attributes) => {
    if (!isWriteOf(attributes, 'certificates.k8s.io', 'certificatesigningrequests')) return;
    const spec = objectOf(attributes.object?.spec);
    if (spec.signerName !== kubeApiServerClientSigner) return;
    let organizations: string[];
    try {
      organizations = certificateRequestOrganizations(Buffer.from(stringOf(spec.request), 'base64').toString('latin1'));
    } catch (error) {
      throw admissionForbidden(attributes, `failed to parse CSR: ${errorMessage(error)}`);
    }
    if (organizations.includes('system:masters')) {
      throw admissionForbidden(attributes, `use of ${kubeApiServerClientSigner} signer with system:masters group is not allowed`);
    }
  },
};
