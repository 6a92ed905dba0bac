// A ResourceQuota's scopes as kube reads them: spec.scopes are Exists requirements, then
// spec.scopeSelector.matchExpressions; a quota applies to an object only if every one matches it.

export interface ScopeRequirement {
  readonly scopeName: string;
  /** In, NotIn, Exists, DoesNotExist. */
  readonly operator: string;
  readonly values: readonly string[];
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** kube's getScopeSelectorsFromQuota. */
export function scopeRequirementsOf(quota: JsonObject): ScopeRequirement[] {
  const spec = isObject(quota.spec) ? quota.spec : {};
  const requirements: ScopeRequirement[] = [];
  for (const scope of Array.isArray(spec.scopes) ? spec.scopes : []) {
    if (typeof scope === 'string') requirements.push({ scopeName: scope, operator: 'Exists', values: [] });
  }
  const expressions = isObject(spec.scopeSelector) && Array.isArray(spec.scopeSelector.matchExpressions) ? spec.scopeSelector.matchExpressions : [];
  for (const expression of expressions) {
    if (!isObject(expression)) continue;
    requirements.push({
      scopeName: typeof expression.scopeName === 'string' ? expression.scopeName : '',
      operator: typeof expression.operator === 'string' ? expression.operator : '',
      values: Array.isArray(expression.values) ? expression.values.filter((value): value is string => typeof value === 'string') : [],
    });
  }
  return requirements;
}

/**
 * kube's ScopedResourceSelectorRequirementsAsSelector matched against `{scopeName: value}` (no
 * label when `value` is undefined), as the PriorityClass and VolumeAttributesClass scopes match.
 */
export function scopeValueMatches(requirement: ScopeRequirement, value: string | undefined): boolean {
  switch (requirement.operator) {
    case 'In':
      return value !== undefined && requirement.values.includes(value);
    case 'NotIn':
      return value === undefined || !requirement.values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    default:
      throw new Error(`${JSON.stringify(requirement.operator)} is not a valid scope selector operator`);
  }
}
