// Whether an admission request is one an admission policy (its matchConstraints, its binding's
// matchResources) or an admission webhook (its rules and selectors) asks for: kube's
// policy/matching Matcher and webhook ShouldCallHook, shared by both. The namespace and object
// selectors narrow first, then the rules (and excludeResourceRules) decide, by the request's own
// resource and, with matchPolicy Equivalent, by the resources equivalent to it.

import { LabelSelectorError, labelSelectorString, matchesLabels, newInternalError, parseLabelSelector, type LabelSelector } from '@capstan/common';
import type { MatchResources, NamedRuleWithOperations, RuleWithOperations } from '@capstan/common/api-types/admissionregistration-v1';
import type { LabelSelector as LabelSelectorObject } from '@capstan/common/api-types/meta-v1';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import type { EquivalentResources, GroupVersionKind, GroupVersionResource } from './equivalent-resources.ts';
import { ruleMatches, type RuleSubject } from './rule-matches.ts';

/**
 * A selector parsed once: `undefined` selects everything (kube's Everything, what an absent or
 * empty selector is); a selector kube could not turn into one keeps its error, which the match
 * reports (as an internal error) only when the rules select the request.
 */
type ParsedSelector = { readonly selector: LabelSelector | undefined } | { readonly error: string };

/** What decides a match, parsed once from a policy's or binding's MatchResources, or a webhook. */
export interface MatchCriteria {
  readonly namespaceSelector: ParsedSelector;
  readonly objectSelector: ParsedSelector;
  /** "all" when a MatchResources has no resourceRules (a binding that only narrows by selectors); a webhook without rules selects nothing. */
  readonly resourceRules: readonly NamedRuleWithOperations[] | 'all';
  readonly excludeResourceRules: readonly NamedRuleWithOperations[];
  /** Equivalent also matches the request through the served group-versions of the same objects. */
  readonly matchPolicy: 'Exact' | 'Equivalent';
}

/** What matching reads besides the request. */
export interface MatchingContext {
  /**
   * The labels of a namespace, by name; throws kube's 404 StatusError when it does not exist
   * (which the match reports as it is, for backwards compatibility as kube says).
   */
  readonly namespaceLabels: (name: string) => Promise<Readonly<Record<string, string>> | undefined>;
  readonly equivalents: EquivalentResources;
}

/**
 * A matched request: the resource and kind the rules matched it by (the request's own, or with
 * matchPolicy Equivalent the equivalent one a rule named, e.g. apps/v1beta1 deployments for an
 * apps/v1 request): an admission webhook is sent the request in that version, and a policy's CEL
 * sees the object in it.
 */
export interface MatchedRequest {
  readonly resource: GroupVersionResource;
  readonly kind: GroupVersionKind;
}

function parseSelector(selector: LabelSelectorObject | undefined): ParsedSelector {
  const text = labelSelectorString(selector);
  if (text === undefined) return { error: `invalid label selector: ${JSON.stringify(selector)}` };
  if (text === '') return { selector: undefined };
  try {
    return { selector: parseLabelSelector(text) };
  } catch (error) {
    if (error instanceof LabelSelectorError) return { error: error.message };
    throw error;
  }
}

const matchPolicyOf = (matchPolicy: string | undefined): 'Exact' | 'Equivalent' => (matchPolicy === 'Equivalent' ? 'Equivalent' : 'Exact');

/**
 * The criteria of a ValidatingAdmissionPolicy's spec.matchConstraints or of a binding's
 * spec.matchResources (admissionregistration.k8s.io/v1 MatchResources, defaulted as stored: its
 * selectors `{}` and matchPolicy Equivalent). No resourceRules selects every resource, as kube's
 * matcher has it for a binding's matchResources.
 */
export function policyMatchCriteria(matchResources: MatchResources): MatchCriteria {
  const rules = matchResources.resourceRules ?? [];
  return {
    namespaceSelector: parseSelector(matchResources.namespaceSelector),
    objectSelector: parseSelector(matchResources.objectSelector),
    resourceRules: rules.length === 0 ? 'all' : rules,
    excludeResourceRules: matchResources.excludeResourceRules ?? [],
    matchPolicy: matchPolicyOf(matchResources.matchPolicy),
  };
}

/** The criteria of one webhook of a Validating/MutatingWebhookConfiguration: its rules (none selects nothing), selectors and matchPolicy. */
export function webhookMatchCriteria(webhook: {
  readonly rules?: readonly RuleWithOperations[];
  readonly namespaceSelector?: LabelSelectorObject;
  readonly objectSelector?: LabelSelectorObject;
  readonly matchPolicy?: string;
}): MatchCriteria {
  return {
    namespaceSelector: parseSelector(webhook.namespaceSelector),
    objectSelector: parseSelector(webhook.objectSelector),
    resourceRules: webhook.rules ?? [],
    excludeResourceRules: [],
    matchPolicy: matchPolicyOf(webhook.matchPolicy),
  };
}

const labelsOf = (object: JsonObject | undefined): Readonly<Record<string, string>> | undefined =>
  object === undefined ? undefined : (metadataOf(object).labels as Readonly<Record<string, string>> | undefined);

/**
 * The namespace selector: a namespaced request is matched by its namespace's labels, a request of a
 * Namespace itself by the labels it writes (by the stored ones on delete), and any other
 * cluster-scoped request always matches.
 */
async function namespaceSelected(selector: LabelSelector | undefined, attributes: AdmissionAttributes, context: MatchingContext): Promise<boolean> {
  const isNamespace = attributes.resource.group === '' && attributes.resource.resource === 'namespaces';
  if (attributes.namespace === '' && !isNamespace) return true;
  if (selector === undefined) return true;
  const writesNamespace = isNamespace && attributes.subresource === '' && (attributes.operation === 'CREATE' || attributes.operation === 'UPDATE');
  // A request of a namespace names it as its namespace, as kube's RequestInfo does; the name, where it does not.
  const labels = writesNamespace ? labelsOf(attributes.object) : await context.namespaceLabels(attributes.namespace || attributes.name);
  return matchesLabels(selector, labels);
}

/** The object selector: the new object's labels or the old one's. */
function objectSelected(selector: LabelSelector | undefined, attributes: AdmissionAttributes): boolean {
  if (selector === undefined) return true;
  return [attributes.object, attributes.oldObject].some((object) => object !== undefined && matchesLabels(selector, labelsOf(object)));
}

const namedMatches = (rule: NamedRuleWithOperations, subject: RuleSubject, name: string): boolean =>
  ruleMatches(rule, subject) && ((rule.resourceNames ?? []).length === 0 || (rule.resourceNames ?? []).includes(name));

const sameResource = (a: GroupVersionResource, b: GroupVersionResource): boolean => a.group === b.group && a.version === b.version && a.resource === b.resource;

/**
 * The rules against the request's resource, then (Equivalent) rule by rule against each equivalent
 * resource: the first rule to match decides. A rule's resourceNames compare with the request's
 * name ("" for a create that generates one, so such a create matches no named rule).
 */
function rulesMatch(
  rules: readonly NamedRuleWithOperations[],
  matchPolicy: MatchCriteria['matchPolicy'],
  attributes: AdmissionAttributes,
  context: MatchingContext,
): MatchedRequest | undefined {
  if (rules.length === 0) return undefined;
  const subject: RuleSubject = attributes;
  if (rules.some((rule) => namedMatches(rule, subject, attributes.name))) return { resource: attributes.resource, kind: attributes.kind };
  if (matchPolicy !== 'Equivalent') return undefined;
  const equivalents = context.equivalents.equivalentsOf(attributes.resource, attributes.subresource).filter((resource) => !sameResource(resource, attributes.resource));
  for (const rule of rules) {
    for (const resource of equivalents) {
      if (!namedMatches(rule, { ...subject, resource }, attributes.name)) continue;
      const kind = context.equivalents.kindOf(resource, attributes.subresource);
      if (kind === undefined) throw newInternalError(`unable to convert to ${resource.group}/${resource.version}, Resource=${resource.resource}: unknown kind`);
      return { resource, kind };
    }
  }
  return undefined;
}

/**
 * Whether the criteria select the admission request; undefined when they do not. Throws the
 * StatusError kube answers when they would select it but cannot be decided: a namespace that does
 * not exist (404), a selector that is no selector (500). Admission configuration objects are not
 * exempted here: admission webhooks skip them themselves (kube's IsExemptAdmissionConfigurationResource),
 * policies do not.
 */
export async function matchRequest(criteria: MatchCriteria, attributes: AdmissionAttributes, context: MatchingContext): Promise<MatchedRequest | undefined> {
  // As kube: a selector that cannot be decided is reported only if the rest selects the request.
  let selectorError: unknown;
  const selects = async (decide: () => boolean | Promise<boolean>, parsed: ParsedSelector): Promise<boolean> => {
    if ('error' in parsed) {
      selectorError ??= newInternalError(parsed.error);
      return true;
    }
    try {
      return await decide();
    } catch (error) {
      selectorError ??= error;
      return true;
    }
  };
  const { namespaceSelector, objectSelector } = criteria;
  if (!(await selects(() => namespaceSelected('selector' in namespaceSelector ? namespaceSelector.selector : undefined, attributes, context), namespaceSelector))) return undefined;
  if (!(await selects(() => objectSelected('selector' in objectSelector ? objectSelector.selector : undefined, attributes), objectSelector))) return undefined;
  if (rulesMatch(criteria.excludeResourceRules, criteria.matchPolicy, attributes, context) !== undefined) return undefined;
  const matched =
    criteria.resourceRules === 'all' ? { resource: attributes.resource, kind: attributes.kind } : rulesMatch(criteria.resourceRules, criteria.matchPolicy, attributes, context);
  if (matched === undefined) return undefined;
  if (selectorError !== undefined) throw selectorError;
  return matched;
}
