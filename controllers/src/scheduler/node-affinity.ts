// The NodeAffinity filter: the pod's nodeSelector (every label equal) and its required node
// affinity (nodeSelectorTerms ORed; in a term, matchExpressions on labels and matchFields on
// metadata.name ANDed), as component-helpers' RequiredNodeAffinity matches them. A term that does
// not parse (unknown operator, wrong number of values) matches no node; an empty term is dropped.
// Its PreFilter narrows the nodes to those named by `metadata.name In` fields in every term.

import { matchesLabels, type LabelOperator, type LabelRequirement } from '@capstan/common';
import type { NodeSelectorRequirement, NodeSelectorTerm, PodSpec } from './api-types.ts';
import { unresolvable, type FilterStatus } from './filter-status.ts';

/** The part of a node that affinity looks at. */
export interface NodeIdentity {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
}

interface FieldRequirement {
  readonly key: string;
  readonly equal: boolean;
  readonly value: string;
}

interface CompiledTerm {
  readonly labels: readonly LabelRequirement[] | undefined;
  readonly fields: readonly FieldRequirement[] | undefined;
  /** A term that did not parse never matches. */
  readonly invalid: boolean;
}

export interface RequiredNodeAffinity {
  /** nodeSelector as requirements, or undefined. */
  readonly selector: readonly (readonly [string, string])[] | undefined;
  /** undefined without requiredDuringSchedulingIgnoredDuringExecution. */
  readonly terms: readonly CompiledTerm[] | undefined;
}

const labelOperators: Readonly<Record<string, LabelOperator>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: 'notexists', Gt: 'gt', Lt: 'lt' };

function labelRequirement(requirement: NodeSelectorRequirement): LabelRequirement | undefined {
  const operator = labelOperators[requirement.operator];
  const values = requirement.values ?? [];
  if (operator === undefined) return undefined;
  if ((operator === 'in' || operator === 'notin') && values.length === 0) return undefined;
  if ((operator === 'exists' || operator === 'notexists') && values.length !== 0) return undefined;
  if ((operator === 'gt' || operator === 'lt') && (values.length !== 1 || !/^[+-]?\d+$/.test(values[0] as string))) return undefined;
  return { key: requirement.key, operator, values: operator === 'gt' || operator === 'lt' ? [String(Number(values[0]))] : values };
}

function fieldRequirement(requirement: NodeSelectorRequirement): FieldRequirement | undefined {
  const values = requirement.values ?? [];
  if ((requirement.operator !== 'In' && requirement.operator !== 'NotIn') || values.length !== 1) return undefined;
  return { key: requirement.key, equal: requirement.operator === 'In', value: values[0] as string };
}

function compileTerm(term: NodeSelectorTerm): CompiledTerm {
  let invalid = false;
  const parse = <T>(requirements: readonly NodeSelectorRequirement[] | undefined, one: (r: NodeSelectorRequirement) => T | undefined): T[] | undefined => {
    if (requirements === undefined || requirements.length === 0) return undefined;
    const parsed: T[] = [];
    for (const requirement of requirements) {
      const result = one(requirement);
      if (result === undefined) invalid = true;
      else parsed.push(result);
    }
    return parsed;
  };
  const labels = parse(term.matchExpressions, labelRequirement);
  const fields = parse(term.matchFields, fieldRequirement);
  return { labels, fields, invalid };
}

export function requiredNodeAffinity(spec: PodSpec): RequiredNodeAffinity {
  const nodeSelector = spec.nodeSelector;
  const selector = nodeSelector !== undefined && Object.keys(nodeSelector).length > 0 ? Object.entries(nodeSelector) : undefined;
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const terms =
    required === undefined
      ? undefined
      : (required.nodeSelectorTerms ?? []).filter((term) => (term.matchExpressions?.length ?? 0) + (term.matchFields?.length ?? 0) > 0).map(compileTerm);
  return { selector, terms };
}

function termMatches(term: CompiledTerm, node: NodeIdentity): boolean {
  if (term.invalid) return false;
  if (term.labels !== undefined && !matchesLabels(term.labels, node.labels)) return false;
  if (term.fields !== undefined && node.name !== '') {
    for (const field of term.fields) {
      const value = field.key === 'metadata.name' ? node.name : '';
      if ((value === field.value) !== field.equal) return false;
    }
  }
  return true;
}

export function matchesNodeAffinity(affinity: RequiredNodeAffinity, node: NodeIdentity): boolean {
  if (affinity.selector !== undefined) for (const [key, value] of affinity.selector) if (node.labels[key] !== value) return false;
  if (affinity.terms === undefined) return true;
  for (const term of affinity.terms) if (termMatches(term, node)) return true;
  return false;
}

const didNotMatch = unresolvable("node(s) didn't match Pod's node affinity/selector");

export function nodeAffinityFilter(affinity: RequiredNodeAffinity, node: NodeIdentity): FilterStatus | undefined {
  return matchesNodeAffinity(affinity, node) ? undefined : didNotMatch;
}

/** The PreFilter's answer: undefined for every node, or the only node names worth filtering (maybe none). */
export function affinityNodeNames(spec: PodSpec): ReadonlySet<string> | undefined {
  const terms = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (terms === undefined || terms.length === 0) return undefined;
  let names: Set<string> | undefined;
  for (const term of terms) {
    let termNames: Set<string> | undefined;
    for (const field of term.matchFields ?? []) {
      if (field.key !== 'metadata.name' || field.operator !== 'In') continue;
      const values = new Set(field.values ?? []);
      termNames = termNames === undefined ? values : new Set([...termNames].filter((name) => values.has(name)));
    }
    // A term without a name requirement admits every node, and the terms are ORed.
    if (termNames === undefined) return undefined;
    names = new Set([...(names ?? []), ...termNames]);
  }
  return names;
}

/** The PreFilter's reason when the terms name disjoint sets of nodes. */
export const affinityTermsConflict = 'pod affinity terms conflict';
