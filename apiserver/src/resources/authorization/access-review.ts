// The answers of the access reviews, from the server's authorizer: SubjectAccessReview and its
// local and self variants ask it about the attributes of the spec (kube's
// AuthorizationAttributesFrom), SelfSubjectRulesReview asks it what the user may do in a namespace.

import { newBadRequest } from '@capstan/common';
import type { UserInfo } from '../../authentication/authenticator.ts';
import type { Attributes, Authorizer, ResourceRule, NonResourceRule } from '../../authorization/authorizer.ts';
import { isObject, objectOf, stringOf, stringsOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';

/** The user a SubjectAccessReview asks about: its spec's user, groups, uid and extra. */
export function specUser(spec: JsonObject): UserInfo {
  const extra = objectOf(spec.extra);
  return {
    username: stringOf(spec.user),
    uid: stringOf(spec.uid),
    groups: stringsOf(spec.groups),
    extra: Object.fromEntries(Object.entries(extra).map(([key, values]) => [key, stringsOf(values)])),
  };
}

function attributesOf(user: UserInfo, spec: JsonObject): Attributes {
  if (isObject(spec.resourceAttributes)) {
    const resource = spec.resourceAttributes;
    return {
      user,
      isResourceRequest: true,
      path: '',
      verb: stringOf(resource.verb),
      group: stringOf(resource.group),
      version: stringOf(resource.version),
      resource: stringOf(resource.resource),
      subresource: stringOf(resource.subresource),
      namespace: stringOf(resource.namespace),
      name: stringOf(resource.name),
    };
  }
  const nonResource = objectOf(spec.nonResourceAttributes);
  return { user, isResourceRequest: false, path: stringOf(nonResource.path), verb: stringOf(nonResource.verb) };
}

/** kube's SubjectAccessReviewStatus: allowed always, denied and reason when set. */
export async function accessReviewStatus(authorizer: Authorizer, user: UserInfo, spec: JsonObject): Promise<JsonObject> {
  const { decision, reason } = await authorizer.authorize(attributesOf(user, spec));
  return { allowed: decision === 'allow', ...(decision === 'deny' ? { denied: true } : {}), ...(reason === '' ? {} : { reason }) };
}

const resourceRuleJson = (rule: ResourceRule): JsonObject => ({
  verbs: [...rule.verbs],
  ...(rule.apiGroups.length === 0 ? {} : { apiGroups: [...rule.apiGroups] }),
  ...(rule.resources.length === 0 ? {} : { resources: [...rule.resources] }),
  ...(rule.resourceNames.length === 0 ? {} : { resourceNames: [...rule.resourceNames] }),
});

const nonResourceRuleJson = (rule: NonResourceRule): JsonObject => ({
  verbs: [...rule.verbs],
  ...(rule.nonResourceURLs.length === 0 ? {} : { nonResourceURLs: [...rule.nonResourceURLs] }),
});

/** kube's SelfSubjectRulesReview status: the rules of every authorizer that lists them, and their errors. */
export async function rulesReviewStatus(authorizer: Authorizer, user: UserInfo, spec: JsonObject): Promise<JsonObject> {
  const namespace = stringOf(spec.namespace);
  if (namespace === '') throw newBadRequest('no namespace on request');
  const rules = (await authorizer.rulesFor?.(user, namespace)) ?? { resourceRules: [], nonResourceRules: [], incomplete: true, errors: [] };
  return {
    resourceRules: rules.resourceRules.map(resourceRuleJson),
    nonResourceRules: rules.nonResourceRules.map(nonResourceRuleJson),
    incomplete: rules.incomplete,
    ...(rules.errors.length === 0 ? {} : { evaluationError: rules.errors.length === 1 ? rules.errors[0] : `[${rules.errors.join(', ')}]` }),
  };
}
