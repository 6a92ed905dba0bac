// The variables of the CEL expressions in the apiserver's own configuration files: the match
// conditions of authorization webhooks (AuthorizationConfiguration), which see the
// SubjectAccessReview's spec as `request`, and the claim mappings and user validation rules of JWT
// authenticators (AuthenticationConfiguration), which see `claims` or `user`. Kubernetes compiles
// all of them against the stored expressions environment.

import { anyType, listOf, mapOf, objectType, stringType, type CelType, type ObjectCelType } from '../types/cel-types.ts';
import { declField, userInfoType } from './admission-types.ts';

const selectorRequirementType = objectType('kubernetes.SelectorRequirement', [
  declField('key', stringType, false),
  declField('operator', stringType, false),
  declField('values', listOf(stringType), false),
]);

const selectorType = (name: string): ObjectCelType =>
  objectType(name, [declField('rawSelector', stringType, false), declField('requirements', listOf(selectorRequirementType), false)]);

/**
 * kubernetes.SubjectAccessReviewSpec. Its resourceAttributes have fieldSelector and labelSelector
 * when AuthorizeWithSelectors is on (GA and locked on in 1.35).
 */
export function subjectAccessReviewSpecType(authorizeWithSelectors = true): ObjectCelType {
  const resourceAttributes = objectType('kubernetes.ResourceAttributes', [
    ...['namespace', 'verb', 'group', 'version', 'resource', 'subresource', 'name'].map((name) => declField(name, stringType, false)),
    ...(authorizeWithSelectors
      ? [
          declField('fieldSelector', selectorType('kubernetes.FieldSelectorAttributes'), false),
          declField('labelSelector', selectorType('kubernetes.LabelSelectorAttributes'), false),
        ]
      : []),
  ]);
  return objectType('kubernetes.SubjectAccessReviewSpec', [
    declField('resourceAttributes', resourceAttributes, false),
    declField('nonResourceAttributes', objectType('kubernetes.NonResourceAttributes', [declField('path', stringType, false), declField('verb', stringType, false)]), false),
    declField('user', stringType, false),
    declField('groups', listOf(stringType), false),
    declField('extra', mapOf(stringType, listOf(stringType)), false),
    declField('uid', stringType, false),
  ]);
}

/** `request` of an authorization webhook's match conditions. */
export function authorizationMatchConditionVariables(authorizeWithSelectors = true): Map<string, CelType> {
  return new Map([['request', subjectAccessReviewSpecType(authorizeWithSelectors)]]);
}

/** `claims` of a JWT authenticator's claim mappings and claim validation rules: the token's claims. */
export function authenticationClaimsVariables(): Map<string, CelType> {
  return new Map([['claims', mapOf(stringType, anyType)]]);
}

/** `user` of a JWT authenticator's user validation rules. */
export function authenticationUserVariables(): Map<string, CelType> {
  return new Map([['user', userInfoType]]);
}
