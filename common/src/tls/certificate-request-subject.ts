// The subject common name of a PEM PKCS #10 certificate signing request (Go's
// certificates.ParseCSR then Subject.CommonName), read by @peculiar/x509: the NodeRestriction
// admission checks that a node asks only for certificates in its own name.

// @peculiar/x509 resolves its encoders through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

const commonNameOid = '2.5.4.3';

/** The request's common name ("" without one); throws kube's message when the PEM holds no request. */
export function certificateRequestCommonName(pem: string): string {
  const block = /-----BEGIN ([A-Z ]+)-----/.exec(pem);
  if (block === null || block[1] !== 'CERTIFICATE REQUEST') throw new Error('PEM block type must be CERTIFICATE REQUEST');
  const request = new x509.Pkcs10CertificateRequest(pem);
  for (const attributes of request.subjectName.toJSON()) {
    const values = attributes[commonNameOid] ?? attributes.CN;
    if (values !== undefined && values.length > 0) return values[0] as string;
  }
  return '';
}
