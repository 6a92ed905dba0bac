// The types of certificates.k8s.io/v1.

import { apiName, bytes, field, int32, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { keyUsages } from './enum-values.ts';
import { kinds, listKind, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const certificates = (type: string): string => apiName('certificates', 'v1', type);
const stringItems = list(string({ default: '' }));

export const certificatesV1Types: readonly TypeDeclaration[] = [
  struct(
    certificates('CertificateSigningRequest'),
    'A request for an x509 certificate, approved or denied and then issued by a signer.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(certificates('CertificateSigningRequestSpec'), { default: {} }), 'The certificate request; immutable once created.', {
        required: true,
      }),
      status: field(3, ref(certificates('CertificateSigningRequestStatus'), { default: {} }), 'Whether the request was approved or denied, and the issued certificate.'),
    },
    { groupVersionKinds: kinds('CertificateSigningRequest', ['certificates.k8s.io/v1']) },
  ),

  listKind(certificates('CertificateSigningRequest'), 'certificates.k8s.io/v1', 'A list of CertificateSigningRequests.'),

  struct(certificates('CertificateSigningRequestSpec'), 'What certificate is requested, from which signer, and by whom.', {
    request: field(1, bytes(), 'The PEM-encoded x509 certificate signing request.', { required: true, omitEmpty: false }),
    signerName: field(7, string({ default: '' }), 'The qualified name of the signer asked to issue the certificate.', { required: true }),
    expirationSeconds: pointer(field(8, int32(), 'How long the issued certificate should be valid; the signer may choose otherwise.')),
    usages: field(5, list(string({ default: '', enum: keyUsages })), 'The key usages the certificate is requested for.', { listType: 'atomic' }),
    username: field(2, string(), 'The user who created the request; set by the server.'),
    uid: field(3, string(), 'The uid of the user who created the request; set by the server.'),
    groups: field(4, stringItems, 'The groups of the user who created the request; set by the server.', { listType: 'atomic' }),
    extra: field(6, map(stringItems), 'Extra attributes of the user who created the request; set by the server.'),
  }),

  struct(certificates('CertificateSigningRequestStatus'), 'The verdict on a certificate request and the certificate issued.', {
    conditions: field(1, list(ref(certificates('CertificateSigningRequestCondition'), { default: {} })), 'Approved, Denied and Failed conditions.', {
      listType: 'map',
      listMapKeys: ['type'],
    }),
    certificate: field(2, bytes(), 'The PEM-encoded certificate the signer issued.'),
  }),

  struct(certificates('CertificateSigningRequestCondition'), 'One condition of a certificate request.', {
    type: field(1, string({ default: '' }), 'Approved, Denied or Failed.', { required: true }),
    status: field(6, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    reason: field(2, string(), 'Why the condition holds, in brief.'),
    message: field(3, string(), 'Why the condition holds, for people.'),
    lastUpdateTime: field(4, ref(timeName), 'When the condition was last updated.'),
    lastTransitionTime: field(5, ref(timeName), 'When the status of the condition last changed.'),
  }),
];
