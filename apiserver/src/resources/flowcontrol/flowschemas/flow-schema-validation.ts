// FlowSchema (flowcontrol.apiserver.k8s.io/v1): its precedence, its priority level, how flows are
// told apart, and each rule's subjects and resource and non-resource rules.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, type FieldError, goStruct } from '@capstan/common';
import { isObject, numberOf, objectOf, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { mandatoryFlowSchemaErrors } from '../../../registry/validation/flowcontrol-mandatory-objects.ts';

const maxMatchingPrecedence = 10000;
const distinguisherMethods = ['ByNamespace', 'ByUser'];
const subjectKinds = ['Group', 'ServiceAccount', 'User'];
const verbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'proxy', 'update', 'watch'];

/** The fields a subject of each kind may set, with the message kube gives when another kind sets them. */
const subjectFields = {
  User: { field: 'user', forbidden: "user is forbidden when subject kind is not 'User'" },
  Group: { field: 'group', forbidden: "group is forbidden when subject kind is not 'Group'" },
  ServiceAccount: { field: 'serviceAccount', forbidden: "serviceAccount is forbidden when subject kind is not 'ServiceAccount'" },
} as const;

function serviceAccountErrors(account: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = stringOf(account.name);
  if (name === '') errors.push(fieldRequired(`${path}.name`));
  else if (name !== '*') for (const message of isDNS1123Subdomain(name)) errors.push(fieldInvalid(`${path}.name`, name, message));
  const namespace = stringOf(account.namespace);
  if (namespace === '') errors.push(fieldRequired(`${path}.namespace`, 'must specify namespace for service account'));
  else for (const message of isDNS1123Label(namespace)) errors.push(fieldInvalid(`${path}.namespace`, namespace, message));
  return errors;
}

function subjectErrors(subject: JsonObject, path: string): FieldError[] {
  const kind = stringOf(subject.kind);
  if (kind !== 'User' && kind !== 'Group' && kind !== 'ServiceAccount') return [fieldNotSupported(`${path}.kind`, kind, subjectKinds)];
  const { field } = subjectFields[kind];
  const own = subject[field];
  const errors: FieldError[] = [];
  if (!isObject(own)) errors.push(fieldRequired(`${path}.${field}`, `${field} is required when subject kind is '${kind}'`));
  else if (kind === 'ServiceAccount') errors.push(...serviceAccountErrors(own, `${path}.${field}`));
  else if (stringOf(own.name) === '') errors.push(fieldRequired(`${path}.${field}.name`));
  for (const other of (['ServiceAccount', 'User', 'Group'] as const).filter((other) => other !== kind)) {
    const { field: otherField, forbidden } = subjectFields[other];
    if (subject[otherField] !== undefined && subject[otherField] !== null) errors.push(fieldForbidden(`${path}.${otherField}`, forbidden));
  }
  return errors;
}

function verbsErrors(rule: JsonObject, path: string): FieldError[] {
  const ruleVerbs = stringsOf(rule.verbs);
  if (ruleVerbs.length === 0) return [fieldRequired(`${path}.verbs`, 'verbs must contain at least one value')];
  if (ruleVerbs.includes('*')) return ruleVerbs.length > 1 ? [fieldInvalid(`${path}.verbs`, ruleVerbs, "if '*' is present, must not specify other verbs")] : [];
  return ruleVerbs.every((verb) => verbs.includes(verb)) ? [] : [fieldNotSupported(`${path}.verbs`, ruleVerbs, verbs)];
}

/** ValidateNonResourceURLPath: "/", or a slash-led path without spaces or "//", with "*" only as a last segment. */
function nonResourceUrlError(url: string): string | undefined {
  if (url === '') return 'must not be empty';
  if (url === '/') return undefined;
  if (!url.startsWith('/')) return 'must start with slash';
  if (url.includes(' ')) return 'must not contain white-space';
  if (url.includes('//')) return 'must not contain double slash';
  const wildcards = url.split('*').length - 1;
  return wildcards > 1 || (wildcards === 1 && !url.endsWith('/*')) ? 'wildcard can only do suffix matching' : undefined;
}

function nonResourceRuleErrors(rule: JsonObject, path: string): FieldError[] {
  const errors = verbsErrors(rule, path);
  const urls = stringsOf(rule.nonResourceURLs);
  if (urls.length === 0) errors.push(fieldRequired(`${path}.nonResourceURLs`, 'nonResourceURLs must contain at least one value'));
  else if (urls.includes('*')) {
    if (urls.length > 1) errors.push(fieldInvalid(`${path}.nonResourceURLs`, urls, "if '*' is present, must not specify other non-resource URLs"));
  } else {
    urls.forEach((url, i) => {
      const message = nonResourceUrlError(url);
      if (message !== undefined) errors.push(fieldInvalid(`${path}.nonResourceURLs[${i}]`, url, message));
    });
  }
  return errors;
}

function resourceRuleErrors(rule: JsonObject, path: string): FieldError[] {
  const errors = verbsErrors(rule, path);
  const groups = stringsOf(rule.apiGroups);
  if (groups.length === 0) errors.push(fieldRequired(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  else if (groups.length > 1 && groups.includes('*')) errors.push(fieldInvalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other api groups"));
  const resources = stringsOf(rule.resources);
  if (resources.length === 0) errors.push(fieldRequired(`${path}.resources`, 'resource rules must supply at least one resource'));
  else if (resources.length > 1 && resources.includes('*')) errors.push(fieldInvalid(`${path}.resources`, resources, "if '*' is present, must not specify other resources"));
  const namespaces = stringsOf(rule.namespaces);
  if (namespaces.length === 0 && rule.clusterScope !== true) {
    errors.push(fieldRequired(`${path}.namespaces`, 'resource rules that are not cluster scoped must supply at least one namespace'));
  } else if (namespaces.includes('*')) {
    if (namespaces.length > 1) errors.push(fieldInvalid(`${path}.namespaces`, namespaces, "if '*' is present, must not specify other namespaces"));
  } else {
    namespaces.forEach((namespace, i) => {
      for (const message of isDNS1123Label(namespace)) {
        errors.push(fieldInvalid(`${path}.namespaces[${i}]`, namespace, `each member of this list must be '*' or a DNS-1123 label; ${message}`));
      }
    });
  }
  return errors;
}

function policyRulesErrors(rule: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const subjects = objectsAt(rule, 'subjects');
  if (subjects.length === 0) errors.push(fieldRequired(`${path}.subjects`, 'subjects must contain at least one value'));
  subjects.forEach((subject, i) => errors.push(...subjectErrors(subject, `${path}.subjects[${i}]`)));
  const resourceRules = objectsAt(rule, 'resourceRules');
  const nonResourceRules = objectsAt(rule, 'nonResourceRules');
  if (resourceRules.length === 0 && nonResourceRules.length === 0) errors.push(fieldRequired(path, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
  resourceRules.forEach((resourceRule, i) => errors.push(...resourceRuleErrors(resourceRule, `${path}.resourceRules[${i}]`)));
  nonResourceRules.forEach((nonResourceRule, i) => errors.push(...nonResourceRuleErrors(nonResourceRule, `${path}.nonResourceRules[${i}]`)));
  return errors;
}

export function flowSchemaErrors(flowSchema: JsonObject): FieldError[] {
  const spec = objectOf(flowSchema.spec);
  const name = stringOf(objectOf(flowSchema.metadata).name);
  const errors: FieldError[] = [];
  const precedence = numberOf(spec.matchingPrecedence);
  if (precedence <= 0) errors.push(fieldInvalid('spec.matchingPrecedence', precedence, 'must be a positive value'));
  if (precedence > maxMatchingPrecedence) errors.push(fieldInvalid('spec.matchingPrecedence', precedence, `must not be greater than ${maxMatchingPrecedence}`));
  if (precedence === 1 && name !== 'exempt') errors.push(fieldInvalid('spec.matchingPrecedence', precedence, "only the schema named 'exempt' may have matchingPrecedence 1"));
  if (isObject(spec.distinguisherMethod)) {
    const type = stringOf(spec.distinguisherMethod.type);
    if (!distinguisherMethods.includes(type)) {
      errors.push(fieldNotSupported('spec.distinguisherMethod.type', { json: goStruct({ Type: type }) }, distinguisherMethods));
    }
  }
  const levelName = stringOf(objectOf(spec.priorityLevelConfiguration).name);
  if (levelName === '') errors.push(fieldRequired('spec.priorityLevelConfiguration.name', 'must reference a priority level'));
  else for (const message of isDNS1123Subdomain(levelName)) errors.push(fieldInvalid('spec.priorityLevelConfiguration.name', levelName, message));
  objectsAt(spec, 'rules').forEach((rule, i) => errors.push(...policyRulesErrors(rule, `spec.rules[${i}]`)));
  return [...errors, ...mandatoryFlowSchemaErrors(name, spec)];
}
