// IngressClass (networking.k8s.io/v1): a controller named by a domain-prefixed path, fixed once
// set, and a parameters reference whose scope decides whether it names a namespace.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, fieldTooLong, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label, isDNS1123Subdomain, regexError } from '../../../registry/name-validation.ts';
import { invalidEach } from '../../../registry/validation/value-formats.ts';
import { typedLocalObjectReferenceErrors } from '../../../registry/validation/object-reference-validation.ts';

const maxControllerLength = 250;
const scopes = ['Cluster', 'Namespace'];
const httpPathFormat = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const httpPath = new RegExp(`^${httpPathFormat}$`);

export function ingressClassErrors(ingressClass: JsonObject): FieldError[] {
  const spec = objectOf(ingressClass.spec);
  const controller = stringOf(spec.controller);
  const errors: FieldError[] = [];
  if (controller === '') errors.push(fieldRequired('spec.controller'));
  else {
    if (controller.length > maxControllerLength) errors.push(fieldTooLong('spec.controller', maxControllerLength));
    errors.push(...domainPrefixedPathErrors(controller, 'spec.controller'));
  }
  if (isObject(spec.parameters)) errors.push(...parametersErrors(spec.parameters, 'spec.parameters'));
  return errors;
}

export function ingressClassUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const controller = stringOf(objectOf(next.spec).controller);
  if (controller === stringOf(objectOf(old.spec).controller)) return objectErrors;
  return [fieldInvalid('spec.controller', controller, 'field is immutable'), ...objectErrors];
}

/** IsDomainPrefixedPath: a DNS subdomain, "/", and a path of RFC 3986 characters. */
function domainPrefixedPathErrors(value: string, path: string): FieldError[] {
  const slash = value.indexOf('/');
  const host = value.slice(0, slash);
  const rest = value.slice(slash + 1);
  if (slash <= 0 || rest === '') return [fieldInvalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errors = invalidEach(path, host, isDNS1123Subdomain(host));
  if (!httpPath.test(rest)) errors.push(fieldInvalid(path, rest, regexError('Invalid path', httpPathFormat)));
  return errors;
}

function parametersErrors(parameters: JsonObject, path: string): FieldError[] {
  const errors = typedLocalObjectReferenceErrors(parameters, path);
  // kube's v1 defaulting sets an absent scope to Cluster before validation asks for one.
  const scope = typeof parameters.scope === 'string' ? parameters.scope : 'Cluster';
  const namespace = parameters.namespace;
  if (!scopes.includes(scope)) errors.push(fieldNotSupported(`${path}.scope`, scope, scopes));
  else if (scope === 'Namespace') {
    if (typeof namespace !== 'string') errors.push(fieldRequired(`${path}.namespace`, "`parameters.scope` is set to 'Namespace'"));
    else for (const message of isDNS1123Label(namespace)) errors.push(fieldInvalid(`${path}.namespace`, namespace, message));
  } else if (namespace !== undefined && namespace !== null) {
    errors.push(fieldForbidden(`${path}.namespace`, "`parameters.scope` is set to 'Cluster'"));
  }
  return errors;
}
