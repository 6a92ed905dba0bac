// Resource quota accounting shared by the ResourceQuota admission and the resource quota controller.

export { calculateUsage } from './calculate-usage.ts';
export { objectCountName } from './object-count-name.ts';
export { containerResources, containersOf, podResources, type ResourceKind } from './pod-resources.ts';
export {
  isBestEffortPod,
  isTerminatingPod,
  podUsesResources,
  QuotaEvaluators,
  quotaMatches,
  type QuotaEvaluator,
  type QuotaOperation,
} from './quota-evaluators.ts';
export { scopeRequirementsOf, scopeValueMatches, type ScopeRequirement } from './quota-scopes.ts';
export {
  addResourceLists,
  lessThanOrEqual,
  maskResourceList,
  negativeResources,
  prettyPrintResourceList,
  prettyPrintResourceNames,
  removeZeros,
  resourceListJson,
  resourceListOf,
  resourceListsEqual,
  subtractWithNonNegativeResult,
  zeroQuantity,
  type ResourceList,
} from './resource-list.ts';
