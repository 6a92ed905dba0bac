// Admission webhook configurations (admissionregistration.k8s.io/v1), checked as kube checks a new
// one: each webhook's fully qualified name (unique in its configuration), its rules, policies,
// side effects, timeout, client config and match conditions, and the AdmissionReview versions it
// speaks. On update, the old configuration only decides how match conditions are compiled.

import { fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, goJson, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../registry/object-meta.ts';
import { isObject, objectOf, objectsAt, stringOf, stringsOf } from '../../registry/defaulting/json-fields.ts';
import { isDNS1035Label, isDNS1123Subdomain } from '../../registry/name-validation.ts';
import { webhookMatchConditions } from '../../registry/validation/admission-cel-validation.ts';
import { labelSelectorErrors } from '../../registry/validation/label-selector-validation.ts';
import { matchConditionsErrors } from '../../registry/validation/match-condition-validation.ts';

const acceptedReviewVersions = ['v1', 'v1beta1'];
const operations = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const scopes = ['*', 'Cluster', 'Namespaced'];

/** IsFullyQualifiedName: a DNS subdomain of three or more labels. */
function webhookNameErrors(name: string, path: string): FieldError[] {
  if (name === '') return [fieldRequired(path)];
  const dnsErrors = isDNS1123Subdomain(name);
  if (dnsErrors.length > 0) return [fieldInvalid(path, name, dnsErrors.join(','))];
  return name.split('.').length < 3 ? [fieldInvalid(path, name, 'should be a domain with at least three segments separated by dots')] : [];
}

/** kube's validateResources: "resource/subresource" entries, with the wildcards that may not be mixed. */
function resourcesErrors(resources: readonly string[], path: string): FieldError[] {
  const errors: FieldError[] = resources.length === 0 ? [fieldRequired(path)] : [];
  const wildcardSubresourceOf = new Set<string>();
  const wildcardResourceOf = new Set<string>();
  let doubleWildcard = false;
  let singleWildcard = false;
  // kube overwrites this flag with each plain entry, so a trailing "*" clears an earlier "pods".
  let plainResource = false;
  resources.forEach((entry, i) => {
    if (entry === '') {
      errors.push(fieldRequired(`${path}[${i}]`));
      return;
    }
    if (entry === '*/*') doubleWildcard = true;
    if (entry === '*') singleWildcard = true;
    const slash = entry.indexOf('/');
    if (slash < 0) {
      plainResource = entry !== '*';
      return;
    }
    const resource = entry.slice(0, slash);
    const subresource = entry.slice(slash + 1);
    if (wildcardSubresourceOf.has(resource)) errors.push(fieldInvalid(`${path}[${i}]`, entry, `if '${resource}/*' is present, must not specify ${entry}`));
    if (wildcardResourceOf.has(subresource)) errors.push(fieldInvalid(`${path}[${i}]`, entry, `if '*/${subresource}' is present, must not specify ${entry}`));
    if (subresource === '*') wildcardSubresourceOf.add(resource);
    if (resource === '*') wildcardResourceOf.add(subresource);
  });
  if (resources.length > 1 && doubleWildcard) errors.push(fieldInvalid(path, resources, "if '*/*' is present, must not specify other resources"));
  if (singleWildcard && plainResource) errors.push(fieldInvalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  return errors;
}

/** validateRuleWithOperations: of webhook rules and of admission policies' resource rules. */
export function ruleErrors(rule: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const ops = stringsOf(rule.operations);
  if (ops.length === 0) errors.push(fieldRequired(`${path}.operations`));
  if (ops.length > 1 && ops.includes('*')) {
    errors.push(fieldInvalid(`${path}.operations`, { goSyntax: goJson(ops) }, "if '*' is present, must not specify other operations"));
  }
  ops.forEach((op, i) => {
    if (!operations.includes(op)) errors.push(fieldNotSupported(`${path}.operations[${i}]`, op, operations));
  });
  const groups = stringsOf(rule.apiGroups);
  if (groups.length === 0) errors.push(fieldRequired(`${path}.apiGroups`));
  if (groups.length > 1 && groups.includes('*')) errors.push(fieldInvalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  const versions = stringsOf(rule.apiVersions);
  if (versions.length === 0) errors.push(fieldRequired(`${path}.apiVersions`));
  if (versions.length > 1 && versions.includes('*')) errors.push(fieldInvalid(`${path}.apiVersions`, versions, "if '*' is present, must not specify other API versions"));
  versions.forEach((version, i) => {
    if (version === '') errors.push(fieldRequired(`${path}.apiVersions[${i}]`));
  });
  errors.push(...resourcesErrors(stringsOf(rule.resources), `${path}.resources`));
  if (typeof rule.scope === 'string' && !scopes.includes(rule.scope)) errors.push(fieldNotSupported(`${path}.scope`, rule.scope, scopes));
  return errors;
}

function clientConfigErrors(config: JsonObject, path: string): FieldError[] {
  const hasUrl = typeof config.url === 'string';
  const service = isObject(config.service) ? config.service : undefined;
  if (hasUrl === (service !== undefined)) return [fieldRequired(path, 'exactly one of url or service is required')];
  if (service === undefined) return webhookUrlErrors(String(config.url), `${path}.url`);
  const errors: FieldError[] = [];
  if (typeof service.name !== 'string' || service.name === '') errors.push(fieldRequired(`${path}.service.name`, 'service name is required'));
  if (typeof service.namespace !== 'string' || service.namespace === '') errors.push(fieldRequired(`${path}.service.namespace`, 'service namespace is required'));
  if (typeof service.port === 'number' && (service.port < 1 || service.port > 65535))
    errors.push(fieldInvalid(`${path}.service.port`, service.port, 'port is not valid: must be between 1 and 65535, inclusive'));
  if (typeof service.path === 'string' && !service.path.startsWith('/')) errors.push(fieldInvalid(`${path}.service.path`, service.path, "must start with a '/'"));
  return errors;
}

const urlForm = '; desired format: https://host[/path]';

/** ValidateWebhookURL: https, a host, no user, fragment or query. A text without a scheme has neither scheme nor host, as Go parses it. */
export function webhookUrlErrors(text: string, path: string): FieldError[] {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const scheme = url === undefined ? '' : url.protocol.slice(0, -1);
  const host = url?.host ?? '';
  const errors: FieldError[] = [];
  if (scheme !== 'https') errors.push(fieldInvalid(path, scheme, `'https' is the only allowed URL scheme${urlForm}`));
  if (host === '') errors.push(fieldInvalid(path, host, `host must be specified${urlForm}`));
  if (url !== undefined && (url.username !== '' || url.password !== ''))
    errors.push(fieldInvalid(path, url.password === '' ? url.username : `${url.username}:${url.password}`, 'user information is not permitted in the URL'));
  if (url !== undefined && url.hash.length > 1) errors.push(fieldInvalid(path, url.hash.slice(1), 'fragments are not permitted in the URL'));
  if (url !== undefined && url.search.length > 1) errors.push(fieldInvalid(path, url.search.slice(1), 'query parameters are not permitted in the URL'));
  return errors;
}

/**
 * The items of a list of review versions (AdmissionReview, ConversionReview): each a DNS-1035
 * label, none twice, as kube checks both webhook kinds' lists.
 */
export function reviewVersionItemErrors(versions: readonly string[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  versions.forEach((version, i) => {
    if (seen.has(version)) {
      errors.push(fieldInvalid(`${path}[${i}]`, version, 'duplicate version'));
      return;
    }
    seen.add(version);
    for (const message of isDNS1035Label(version)) errors.push(fieldInvalid(`${path}[${i}]`, version, message));
  });
  return errors;
}

function reviewVersionErrors(value: unknown, path: string): FieldError[] {
  const versions = stringsOf(value);
  if (versions.length === 0) return [fieldRequired(path, `must specify one of ${acceptedReviewVersions.join(', ')}`)];
  const errors = reviewVersionItemErrors(versions, path);
  if (!versions.some((version) => acceptedReviewVersions.includes(version))) {
    errors.push(fieldInvalid(path, versions, `must include at least one of ${acceptedReviewVersions.join(', ')}`));
  }
  return errors;
}

type MatchConditionCompiler = ReturnType<typeof webhookMatchConditions>;

function webhookErrors(webhook: JsonObject, path: string, mutating: boolean, matchConditions: MatchConditionCompiler): FieldError[] {
  const errors = webhookNameErrors(stringOf(webhook.name), `${path}.name`);
  objectsAt(webhook, 'rules').forEach((rule, i) => errors.push(...ruleErrors(rule, `${path}.rules[${i}]`)));
  if (typeof webhook.failurePolicy === 'string' && !['Fail', 'Ignore'].includes(webhook.failurePolicy))
    errors.push(fieldNotSupported(`${path}.failurePolicy`, webhook.failurePolicy, ['Fail', 'Ignore']));
  if (typeof webhook.matchPolicy === 'string' && !['Equivalent', 'Exact'].includes(webhook.matchPolicy))
    errors.push(fieldNotSupported(`${path}.matchPolicy`, webhook.matchPolicy, ['Equivalent', 'Exact']));
  const sideEffects = ['None', 'NoneOnDryRun'];
  if (typeof webhook.sideEffects !== 'string') errors.push(fieldRequired(`${path}.sideEffects`, `must specify one of ${sideEffects.join(', ')}`));
  else if (!sideEffects.includes(webhook.sideEffects)) errors.push(fieldNotSupported(`${path}.sideEffects`, webhook.sideEffects, sideEffects));
  const timeout = webhook.timeoutSeconds;
  if (typeof timeout === 'number' && (timeout < 1 || timeout > 30))
    errors.push(fieldInvalid(`${path}.timeoutSeconds`, timeout, 'the timeout value must be between 1 and 30 seconds'));
  errors.push(...labelSelectorErrors(webhook.namespaceSelector, `${path}.namespaceSelector`), ...labelSelectorErrors(webhook.objectSelector, `${path}.objectSelector`));
  if (mutating && typeof webhook.reinvocationPolicy === 'string' && !['IfNeeded', 'Never'].includes(webhook.reinvocationPolicy)) {
    errors.push(fieldNotSupported(`${path}.reinvocationPolicy`, webhook.reinvocationPolicy, ['IfNeeded', 'Never']));
  }
  errors.push(...clientConfigErrors(objectOf(webhook.clientConfig), `${path}.clientConfig`));
  if (matchConditions !== undefined) errors.push(...matchConditionsErrors(webhook, 'matchConditions', `${path}.matchConditions`, matchConditions));
  return errors;
}

function webhookConfigurationErrors(configuration: JsonObject, mutating: boolean, old?: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const matchConditions = webhookMatchConditions(configuration, old);
  const names = new Set<string>();
  objectsAt(configuration, 'webhooks').forEach((webhook, i) => {
    const path = `webhooks[${i}]`;
    errors.push(...webhookErrors(webhook, path, mutating, matchConditions), ...reviewVersionErrors(webhook.admissionReviewVersions, `${path}.admissionReviewVersions`));
    const name = stringOf(webhook.name);
    if (name !== '' && names.has(name)) errors.push(fieldDuplicate(`${path}.name`, name));
    names.add(name);
  });
  return errors;
}

export const validatingWebhookConfigurationErrors = (configuration: JsonObject, old?: JsonObject): FieldError[] => webhookConfigurationErrors(configuration, false, old);
export const mutatingWebhookConfigurationErrors = (configuration: JsonObject, old?: JsonObject): FieldError[] => webhookConfigurationErrors(configuration, true, old);
