// APIService (apiregistration.k8s.io/v1), as the aggregator checks it: group and version, their
// priorities, and a service to proxy to (with its TLS settings) or none for a local API. The name
// (version.group) is checked with the other names, on create.

import { fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import { isObject, numberOf, objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isDNS1035Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { isValidPortNum } from '../../../registry/validation/value-formats.ts';

/** spec.caBundle is base64 in JSON; kube counts its bytes. */
const caBundleBytes = (value: unknown): number => (typeof value === 'string' ? Buffer.from(value, 'base64').length : 0);

export function apiServiceErrors(apiService: JsonObject): FieldError[] {
  const spec = objectOf(apiService.spec);
  const group = stringOf(spec.group);
  const version = stringOf(spec.version);
  const errors: FieldError[] = [];
  if (group === '' && version !== 'v1') errors.push(fieldRequired('spec.group', 'only v1 may have an empty group and it better be legacy kube'));
  if (group !== '') for (const message of isDNS1123Subdomain(group)) errors.push(fieldInvalid('spec.group', group, message));
  for (const message of isDNS1035Label(version)) errors.push(fieldInvalid('spec.version', version, message));
  const groupPriority = numberOf(spec.groupPriorityMinimum);
  if (groupPriority <= 0 || groupPriority > 20000) errors.push(fieldInvalid('spec.groupPriorityMinimum', groupPriority, 'must be positive and less than 20000'));
  const versionPriority = numberOf(spec.versionPriority);
  if (versionPriority <= 0 || versionPriority > 1000) errors.push(fieldInvalid('spec.versionPriority', versionPriority, 'must be positive and less than 1000'));
  const caBundle = caBundleBytes(spec.caBundle);
  const insecure = spec.insecureSkipTLSVerify === true;
  if (!isObject(spec.service)) {
    if (caBundle > 0) errors.push(fieldInvalid('spec.caBundle', `${caBundle} bytes`, 'local APIServices may not have a caBundle'));
    if (insecure) errors.push(fieldInvalid('spec.insecureSkipTLSVerify', true, 'local APIServices may not have insecureSkipTLSVerify'));
    return errors;
  }
  const service = spec.service;
  if (typeof service.namespace !== 'string' || service.namespace === '') errors.push(fieldRequired('spec.service.namespace'));
  if (typeof service.name !== 'string' || service.name === '') errors.push(fieldRequired('spec.service.name'));
  // Defaulting has set an absent port to 443.
  const portErrors = isValidPortNum(service.port);
  if (portErrors.length > 0) errors.push(fieldInvalid('spec.service.port', numberOf(service.port), `port is not valid: ${portErrors.join(', ')}`));
  if (insecure && caBundle > 0) errors.push(fieldInvalid('spec.insecureSkipTLSVerify', true, 'may not be true if caBundle is present'));
  return errors;
}
