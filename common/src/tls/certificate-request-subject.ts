// The subject of a PEM PKCS #10 certificate signing request (Go's certificates.ParseCSR then
// Subject), read by @peculiar/x509: the NodeRestriction admission checks that a node asks only
// for certificates in its own name (the common name), the CertificateSubjectRestriction admission
// that none asks for system:masters (the organizations).

// @peculiar/x509 resolves its encoders through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

const commonNameOid = '2.5.4.3';
const organizationOid = '2.5.4.10';

/** Every value of one attribute of the request's subject, in order; throws kube's message when the PEM holds no request. */
function subjectValues(pem: string, oid: string, shortName: string): string[] {
  const block = /-----BEGIN ([A-Z ]+)-----/.exec(pem);
  if (block === null || block[1] !== 'CERTIFICATE REQUEST') throw new Error('PEM block type must be CERTIFICATE REQUEST');
  const request = new x509.Pkcs10CertificateRequest(pem);
  return request.subjectName.toJSON().flatMap((attributes) => attributes[oid] ?? attributes[shortName] ?? []);
}

/** The request's common name ("" without one); throws kube's message when the PEM holds no request. */
export function certificateRequestCommonName(pem: string): string {
  return subjectValues(pem, commonNameOid, 'CN')[0] ?? '';
}

/** The request's organizations (Subject.Organization, the groups of a client certificate). */
export function certificateRequestOrganizations(pem: string): string[] {
  return subjectValues(pem, organizationOid, 'O');
}
