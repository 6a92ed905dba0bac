// The fieldSelector of a list, watch or deletecollection: parsed as apimachinery's fields.ParseSelector
// parses it, its labels checked and converted per kind (field-labels.ts), then matched against objects.
// Every failure is the 400 BadRequest kube-apiserver answers, for list and watch alike.

import { FieldSelectorError, newBadRequest, parseFieldSelector as parseSelectorTerms, type FieldRequirement } from '@capstan/common';
import { fieldLabelsOf } from './field-labels.ts';
import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

export type { FieldRequirement };

export interface FieldSelector {
  /** In kube's order (sorted by their text), fields converted to the kind's canonical labels. */
  readonly requirements: readonly FieldRequirement[];
  /** Set when a metadata.name=X term pins one object: the store may read that key alone. */
  readonly name: string | undefined;
  /**
   * Set when a request without a namespace has a metadata.namespace=X term with a valid namespace
   * name, as kube narrows such a list or watch to one namespace.
   */
  readonly namespace: string | undefined;
  matches(object: JsonObject): boolean;
}

/** The requirements of a fieldSelector; kube's 400 with its message for one that does not parse. */
export function parseFieldSelector(selector: string): FieldRequirement[] {
  try {
    return parseSelectorTerms(selector);
  } catch (error) {
    if (error instanceof FieldSelectorError) throw newBadRequest(error.message);
    throw error;
  }
}

/**
 * The fieldSelector of a request for the resource, or undefined when it selects everything.
 * Like kube, a metadata.namespace term that contradicts the request's namespace is no error:
 * it simply matches nothing.
 */
export function compileFieldSelector(definition: ResourceDefinition, selector: string, requestNamespace: string | undefined): FieldSelector | undefined {
  const labels = fieldLabelsOf(definition);
  const requirements = parseFieldSelector(selector).map((requirement): FieldRequirement => {
    const field = labels.canonical(requirement.field);
    if (field === undefined) throw newBadRequest(labels.unsupported(requirement.field));
    return { ...requirement, field };
  });
  if (requirements.length === 0) return undefined;
  const name = exactMatch(requirements, 'metadata.name');
  const namespace = exactMatch(requirements, 'metadata.namespace');
  return {
    requirements,
    name: name === '' ? undefined : name,
    namespace:
      definition.namespaced && (requestNamespace === undefined || requestNamespace === '') && namespace !== undefined && isNamespaceName(namespace) ? namespace : undefined,
    matches: (object) => requirements.every(({ field, operator, value }) => (labels.read(object, field) === value) === (operator === '=')),
  };
}

/** The value of the first equality term on the field (kube's RequiresExactMatch). */
export function exactMatch(requirements: readonly FieldRequirement[], field: string): string | undefined {
  return requirements.find((requirement) => requirement.field === field && requirement.operator === '=')?.value;
}

// ValidateNamespaceName: a DNS-1123 label.
function isNamespaceName(name: string): boolean {
  return name.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name);
}
