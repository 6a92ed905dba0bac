// kube's ValidatePolicy: the field errors of an audit policy, in kube's order and words.

import { fieldErrorMessage, fieldInvalid, fieldNotSupported, fieldRequired, isDNS1123Subdomain, type FieldError } from '@capstan/common';
import { auditLevels, auditStages, type AuditPolicy, type GroupResources, type PolicyRule } from './audit-policy.ts';

/** The messages of the policy's field errors; none when it is valid. */
export function validatePolicy(policy: AuditPolicy): readonly string[] {
  const errors: FieldError[] = [...omitStageErrors(policy.omitStages, 'omitStages')];
  policy.rules.forEach((rule, i) => errors.push(...ruleErrors(rule, `rules[${i}]`)));
  return errors.map(fieldErrorMessage);
}

function ruleErrors(rule: PolicyRule, path: string): FieldError[] {
  const errors = [
    ...levelErrors(rule.level, `${path}.level`),
    ...nonResourceUrlErrors(rule.nonResourceURLs, `${path}.nonResourceURLs`),
    ...resourceErrors(rule.resources, `${path}.resources`),
    ...omitStageErrors(rule.omitStages, `${path}.omitStages`),
  ];
  if (rule.nonResourceURLs.length > 0 && (rule.resources.length > 0 || rule.namespaces.length > 0)) {
    errors.push(fieldInvalid(`${path}.nonResourceURLs`, jsonList(rule.nonResourceURLs), 'rules cannot apply to both regular resources and non-resource URLs'));
  }
  return errors;
}

function levelErrors(level: string, path: string): FieldError[] {
  if ((auditLevels as readonly string[]).includes(level)) return [];
  if (level === '') return [fieldRequired(path)];
  return [fieldNotSupported(path, level, auditLevels)];
}

function nonResourceUrlErrors(urls: readonly string[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  urls.forEach((url, i) => {
    if (url === '*') return;
    if (!url.startsWith('/')) errors.push(fieldInvalid(`${path}[${i}]`, url, "non-resource URL rules must begin with a '/' character"));
    if (url !== '' && url.slice(0, -1).includes('*')) errors.push(fieldInvalid(`${path}[${i}]`, url, "non-resource URL wildcards '*' must be the final character of the rule"));
  });
  return errors;
}

function resourceErrors(groups: readonly GroupResources[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  // kube names the list's field without an index here.
  for (const { group, resources, resourceNames } of groups) {
    if (group !== '') {
      const messages = isDNS1123Subdomain(group);
      if (messages.length > 0) errors.push(fieldInvalid(`${path}.group`, group, messages.join(',')));
    }
    if (resourceNames.length > 0 && resources.length === 0) {
      errors.push(fieldInvalid(`${path}.resourceNames`, jsonList(resourceNames), 'using resourceNames requires at least one resource'));
    }
  }
  return errors;
}

function omitStageErrors(stages: readonly string[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  stages.forEach((stage, i) => {
    if (!(auditStages as readonly string[]).includes(stage)) errors.push(fieldInvalid(`${path}[${i}]`, stage, `allowed stages are ${auditStages.join(',')}`));
  });
  return errors;
}

/** A list as kube 1.35 shows a bad value that is a list: its JSON. */
const jsonList = (values: readonly string[]): { goSyntax: string } => ({ goSyntax: JSON.stringify(values) });
