// kube's CalculateUsage, as the resource quota controller recomputes a quota: for every evaluator
// that counts a resource the quota limits, the usage of the namespace's objects that fall in the
// quota's scopes, kept to the limited resources (each of them at least 0). Resources whose objects
// could not be listed are left out, with the errors.

import type { QuotaEvaluator } from './quota-evaluators.ts';
import type { ScopeRequirement } from './quota-scopes.ts';
import { addResourceLists, maskResourceList, zeroQuantity, type ResourceList } from './resource-list.ts';

type JsonObject = Record<string, unknown>;

export async function calculateUsage(
  hard: readonly string[],
  scopes: readonly ScopeRequirement[],
  evaluators: readonly QuotaEvaluator[],
  /** The namespace's objects of the evaluator's resource. */
  objectsOf: (evaluator: QuotaEvaluator) => readonly object[] | Promise<readonly object[]>,
  now: Date,
): Promise<{ readonly usage: ResourceList; readonly errors: readonly unknown[] }> {
  let usage: ResourceList = {};
  const matched = new Set<string>();
  const errors: unknown[] = [];
  for (const evaluator of evaluators) {
    const resources = evaluator.matchingResources(hard);
    if (resources.length === 0) continue;
    let objects: readonly object[];
    try {
      objects = await objectsOf(evaluator);
    } catch (error) {
      errors.push(error);
      continue;
    }
    let used: ResourceList = Object.fromEntries(resources.map((name) => [name, zeroQuantity]));
    for (const object of objects as readonly JsonObject[]) {
      if (scopes.every((requirement) => evaluator.matchesScope(requirement, object))) used = addResourceLists(used, evaluator.usage(object, now));
    }
    usage = addResourceLists(usage, used);
    for (const name of resources) matched.add(name);
  }
  return { usage: maskResourceList(usage, matched), errors };
}
