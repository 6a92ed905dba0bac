// CertificateSigningRequest (certificates.k8s.io/v1): a signed PKCS#10 request, known key usages
// listed once, a signer named "example.com/signer-name", and a duration of ten minutes or more.
// The status (conditions, certificate) is written through /status and /approval, which Capstan
// does not validate yet; a new request starts without one.

import { fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, fieldTooLong, type FieldError, type FieldBadValue } from '@capstan/common';
import { objectOf, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { certificateRequestError } from '../../../registry/validation/certificate-request-check.ts';

const keyUsages = [
  'signing',
  'digital signature',
  'content commitment',
  'key encipherment',
  'key agreement',
  'data encipherment',
  'cert sign',
  'crl sign',
  'encipher only',
  'decipher only',
  'any',
  'server auth',
  'client auth',
  'code signing',
  'email protection',
  's/mime',
  'ipsec end system',
  'ipsec tunnel',
  'ipsec user',
  'timestamping',
  'ocsp signing',
  'microsoft sgc',
  'netscape sgc',
].sort();
const legacySignerName = 'kubernetes.io/legacy-unknown';
const maxDomainLength = 253;
// A path segment holds "<namespace>.<name>": a label, a dot and a subdomain.
const maxSignerNameLength = maxDomainLength + (253 + 63 + 1) + 1;

/** A Go []byte as a field error prints it: its JSON, a base64 string (null when nil). */
const bytesValue = (bytes: Uint8Array | undefined): FieldBadValue => (bytes === undefined ? null : Buffer.from(bytes).toString('base64'));

/** ValidateSignerName: "<domain>/<path>", a domain of two or more labels and a path of dot-separated subdomains. */
function signerNameErrors(signerName: string, path: string): FieldError[] {
  if (signerName === '') return [fieldRequired(path)];
  const segments = signerName.split('/');
  if (segments.length !== 2) return [fieldInvalid(path, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const [domain, signerPath] = segments as [string, string];
  const errors: FieldError[] = [];
  if (domain.length > maxDomainLength) errors.push(fieldTooLong(path, maxDomainLength));
  const domainLabels = domain.split('.');
  // Only the first bad label is reported: the others' messages would read the same.
  const badLabel = domainLabels.find((label) => isDNS1123Label(label).length > 0);
  if (badLabel !== undefined) for (const message of isDNS1123Label(badLabel)) errors.push(fieldInvalid(path, domain, `validating label "${badLabel}": ${message}`));
  if (domainLabels.length < 2) errors.push(fieldInvalid(path, domain, 'should be a domain with at least two segments separated by dots'));
  const badPart = signerPath.split('.').find((part) => isDNS1123Subdomain(part).length > 0);
  if (badPart !== undefined) for (const message of isDNS1123Subdomain(badPart)) errors.push(fieldInvalid(path, signerPath, `validating label "${badPart}": ${message}`));
  if (signerName.length > maxSignerNameLength) errors.push(fieldTooLong(path, maxSignerNameLength));
  return errors;
}

function usagesErrors(value: unknown): FieldError[] {
  const usages = stringsOf(value);
  if (usages.length === 0) return [fieldRequired('spec.usages')];
  const errors: FieldError[] = [];
  usages.forEach((usage, i) => {
    if (!keyUsages.includes(usage)) errors.push(fieldNotSupported(`spec.usages[${i}]`, usage, keyUsages));
  });
  usages.forEach((usage, i) => {
    if (usages.indexOf(usage) < i) errors.push(fieldDuplicate(`spec.usages[${i}]`, usage));
  });
  return errors;
}

export function certificateSigningRequestErrors(csr: JsonObject): FieldError[] {
  const spec = objectOf(csr.spec);
  const errors: FieldError[] = [];
  // spec.request is base64 in JSON, the PEM bytes once decoded.
  const request = typeof spec.request === 'string' ? new Uint8Array(Buffer.from(spec.request, 'base64')) : undefined;
  const requestError = certificateRequestError(request ?? new Uint8Array());
  if (requestError !== undefined) errors.push(fieldInvalid('spec.request', bytesValue(request), requestError));
  errors.push(...usagesErrors(spec.usages));
  const signerName = stringOf(spec.signerName);
  if (signerName === legacySignerName) errors.push(fieldInvalid('spec.signerName', signerName, 'the legacy signerName is not allowed via this API version'));
  else errors.push(...signerNameErrors(signerName, 'spec.signerName'));
  const expiration = spec.expirationSeconds;
  if (typeof expiration === 'number' && expiration < 600)
    errors.push(fieldInvalid('spec.expirationSeconds', expiration, 'may not specify a duration less than 600 seconds (10 minutes)'));
  return errors;
}
