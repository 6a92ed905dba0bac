// An Ingress's own checks (networking.k8s.io/v1): rules or a default backend, hosts that are DNS
// names or wildcards, paths whose pathType says how they match, backends with exactly one target,
// TLS hosts and secret names, and the class name.

import { fieldInvalid, fieldNotSupported, fieldRequired, parseIPSloppy, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, numberOf, objectOf, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1035Label, isDNS1123Subdomain, regexError } from '../../../registry/name-validation.ts';
import { isValidPortNum, portNameErrors } from '../../../registry/validation/value-formats.ts';
import { typedLocalObjectReferenceErrors } from '../../../registry/validation/object-reference-validation.ts';

const pathTypes = ['Exact', 'ImplementationSpecific', 'Prefix'];
const invalidPathSequences = ['//', '/./', '/../', '%2f', '%2F'];
const invalidPathSuffixes = ['/..', '/.'];

export function ingressErrors(ingress: JsonObject): FieldError[] {
  const spec = objectOf(ingress.spec);
  const errors: FieldError[] = [];
  const rules = objectsAt(spec, 'rules');
  if (rules.length === 0 && !isObject(spec.defaultBackend)) {
    // kube quotes spec.rules: [] when the list is there but empty, null (a nil slice) when it is not.
    errors.push(fieldInvalid('spec', Array.isArray(spec.rules) ? [] : null, 'either `defaultBackend` or `rules` must be specified'));
  }
  if (isObject(spec.defaultBackend)) errors.push(...backendErrors(spec.defaultBackend, 'spec.defaultBackend'));
  rules.forEach((rule, i) => errors.push(...ruleErrors(rule, `spec.rules[${i}]`)));
  objectsAt(spec, 'tls').forEach((tls, i) => errors.push(...tlsErrors(tls, `spec.tls[${i}]`)));
  if (typeof spec.ingressClassName === 'string') {
    for (const message of isDNS1123Subdomain(spec.ingressClassName)) errors.push(fieldInvalid('spec.ingressClassName', spec.ingressClassName, message));
  }
  return errors;
}

const wildcardFormat = '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
const wildcardSubdomain = new RegExp(`^${wildcardFormat}$`);

/** IsWildcardDNS1123Subdomain: "*." and then a DNS subdomain. */
function wildcardSubdomainErrors(host: string): string[] {
  const errors: string[] = [];
  if (host.length > 253) errors.push('must be no more than 253 characters');
  if (!wildcardSubdomain.test(host)) {
    const message =
      "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character";
    errors.push(regexError(message, wildcardFormat, '*.example.com'));
  }
  return errors;
}

const hostErrors = (host: string): string[] => (host.includes('*') ? wildcardSubdomainErrors(host) : isDNS1123Subdomain(host));

function ruleErrors(rule: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const host = stringOf(rule.host);
  if (host !== '') {
    if (parseIPSloppy(host) !== undefined) errors.push(fieldInvalid(`${path}.host`, host, 'must be a DNS name, not an IP address'));
    for (const message of hostErrors(host)) errors.push(fieldInvalid(`${path}.host`, host, message));
  }
  if (isObject(rule.http)) {
    const paths = objectsAt(rule.http, 'paths');
    if (paths.length === 0) errors.push(fieldRequired(`${path}.http.paths`));
    paths.forEach((httpPath, i) => errors.push(...httpPathErrors(httpPath, `${path}.http.paths[${i}]`)));
  }
  return errors;
}

function httpPathErrors(httpPath: JsonObject, path: string): FieldError[] {
  if (httpPath.pathType === undefined || httpPath.pathType === null) return [fieldRequired(`${path}.pathType`, 'pathType must be specified')];
  const errors: FieldError[] = [];
  const value = stringOf(httpPath.path);
  const pathType = String(httpPath.pathType);
  if (pathType === 'Exact' || pathType === 'Prefix') {
    if (!value.startsWith('/')) errors.push(fieldInvalid(`${path}.path`, value, 'must be an absolute path'));
    for (const sequence of invalidPathSequences) if (value.includes(sequence)) errors.push(fieldInvalid(`${path}.path`, value, `must not contain '${sequence}'`));
    for (const suffix of invalidPathSuffixes) if (value.endsWith(suffix)) errors.push(fieldInvalid(`${path}.path`, value, `cannot end with '${suffix}'`));
  } else if (pathType === 'ImplementationSpecific') {
    if (value !== '' && !value.startsWith('/')) errors.push(fieldInvalid(`${path}.path`, value, 'must be an absolute path'));
  } else errors.push(fieldNotSupported(`${path}.pathType`, pathType, pathTypes));
  errors.push(...backendErrors(objectOf(httpPath.backend), `${path}.backend`));
  return errors;
}

function backendErrors(backend: JsonObject, path: string): FieldError[] {
  const resource = isObject(backend.resource) ? backend.resource : undefined;
  const service = isObject(backend.service) ? backend.service : undefined;
  if (resource !== undefined && service !== undefined) return [fieldInvalid(path, '', 'cannot set both resource and service backends')];
  if (resource !== undefined) return typedLocalObjectReferenceErrors(resource, `${path}.resource`);
  if (service === undefined) return [fieldInvalid(path, '', 'resource or service backend is required')];
  const errors: FieldError[] = [];
  const name = stringOf(service.name);
  // A DNS-1035 label while the RelaxedServiceNameValidation gate is off, as it is by default.
  if (name === '') errors.push(fieldRequired(`${path}.service.name`));
  else for (const message of isDNS1035Label(name)) errors.push(fieldInvalid(`${path}.service.name`, name, message));
  const port = objectOf(service.port);
  const portName = stringOf(port.name);
  const portNumber = numberOf(port.number);
  if (portName !== '' && portNumber !== 0) errors.push(fieldInvalid(path, '', 'cannot set both port name & port number'));
  else if (portName !== '') for (const message of portNameErrors(portName)) errors.push(fieldInvalid(`${path}.service.port.name`, portName, message));
  else if (portNumber !== 0) for (const message of isValidPortNum(portNumber)) errors.push(fieldInvalid(`${path}.service.port.number`, portNumber, message));
  else errors.push(fieldRequired(path, 'port name or number is required'));
  return errors;
}

function tlsErrors(tls: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  stringsOf(tls.hosts).forEach((host, i) => {
    for (const message of hostErrors(host)) errors.push(fieldInvalid(`${path}.hosts[${i}]`, host, message));
  });
  const secretName = stringOf(tls.secretName);
  if (secretName !== '') for (const message of isDNS1123Subdomain(secretName)) errors.push(fieldInvalid(`${path}.secretName`, secretName, message));
  return errors;
}
