// kube-apiserver's CertificateSigning admission: a write of a CertificateSigningRequest's status
// that changes its certificate or its conditions needs the `sign` verb on the request's signer
// (signer-authorization.ts).

import { isDeepStrictEqual } from 'node:util';
import { objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { Authorizer } from '../authorization/authorizer.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { isAuthorizedForSigner } from './signer-authorization.ts';
import { resourceOf } from './resource-match.ts';

/** A field of a status as Go compares it: absent, null and empty are the same. */
const comparable = (value: unknown): unknown => (value === null || value === '' || (Array.isArray(value) && value.length === 0) ? undefined : value);

export function certificateSigning(authorizer: Authorizer): AdmissionPlugin {
  return {
    name: 'CertificateSigning',
    operations: ['UPDATE'],
    validates: resourceOf('certificates.k8s.io', 'certificatesigningrequests'),
    validate: async (attributes) => {
      if (attributes.subresource !== 'status' || attributes.resource.group !== 'certificates.k8s.io' || attributes.resource.resource !== 'certificatesigningrequests') return;
      const status = objectOf(attributes.object?.status);
      const oldStatus = objectOf(attributes.oldObject?.status);
      const unchanged = (key: string): boolean => isDeepStrictEqual(comparable(status[key]), comparable(oldStatus[key]));
      if (unchanged('certificate') && unchanged('conditions')) return;
      const signerName = stringOf(objectOf(attributes.oldObject?.spec).signerName);
      if (!(await isAuthorizedForSigner(authorizer, attributes.userInfo, 'sign', signerName))) {
        throw admissionForbidden(attributes, `user not permitted to sign requests with signerName ${JSON.stringify(signerName)}`);
      }
    },
  };
}
