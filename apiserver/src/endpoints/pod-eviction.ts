// POST pods/{name}/eviction (policy/v1 Eviction): deletes the pod unless that would break its
// PodDisruptionBudget, as kube-apiserver's eviction subresource decides it. A budget allows an
// eviction while its status (kept by the disruption controller) says disruptionsAllowed > 0; the
// eviction then counts itself in that status before the pod goes. A budget whose status has not
// caught up with its spec answers 429, as on a cluster whose controller-manager is not running.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesLabels, newBadRequest, newDisruptionBudgetViolation, newForbidden, parseLabelSelector, StatusError } from '@capstan/common';
import { parseDeleteOptions, type DeleteOptions } from '../registry/delete-options.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { wholeList } from '../registry/store-list.ts';
import { metadataOf, metaTime, type JsonObject } from '../registry/object-meta.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { labelSelectorString } from '../table/columns/label-selector.ts';
import { namespaceOf } from './get.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

/** kube's MaxDisruptedPodSize: evictions the disruption controller has not yet confirmed. */
const maxDisruptedPods = 2000;

/** kube retries a conflicting eviction step this often (EvictionsRetry: 20 steps). */
const maxAttempts = 20;

export async function evictPod(
  pods: GenericStore,
  budgets: GenericStore,
  info: RequestInfo,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const eviction = await readJsonBody(request);
  if (metadataOf(eviction).name !== info.name) throw newBadRequest('name in URL does not match name in Eviction object');
  const options = evictionDeleteOptions(eviction, query);
  const namespace = namespaceOf(info);
  const outcome = await attempt(options, async () => {
    const pod = await pods.get(namespace, info.name);
    if (canIgnoreBudgets(pod)) {
      await pods.delete(namespace, info.name, withResourceVersionPrecondition(options, pod, shouldEnforceResourceVersion(pod)));
      return 'deleted';
    }
    return pod;
  });
  if (outcome !== 'deleted') await evictCoveredPod(pods, budgets, outcome, options);
  sendJson(response, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
}

/** A pod not (or no longer) running may go without asking its budget. */
const canIgnoreBudgets = (pod: JsonObject): boolean => {
  const phase = ((pod.status ?? {}) as { phase?: string }).phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || metadataOf(pod).deletionTimestamp !== undefined;
};

/** Except for finished or terminating pods, the delete must not race with the pod becoming ready. */
const shouldEnforceResourceVersion = (pod: JsonObject): boolean => {
  const phase = ((pod.status ?? {}) as { phase?: string }).phase;
  return !(phase === 'Succeeded' || phase === 'Failed' || metadataOf(pod).deletionTimestamp !== undefined);
};

async function evictCoveredPod(pods: GenericStore, budgets: GenericStore, pod: JsonObject, options: DeleteOptions): Promise<void> {
  const { namespace, name } = metadataOf(pod) as { namespace: string; name: string };
  const covering = await budgetsOf(budgets, pod);
  if (covering.length > 1) {
    throw new StatusError({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
      code: 500,
    });
  }
  const budget = covering[0];
  let pinned = false;
  if (budget !== undefined) {
    const budgetName = metadataOf(budget).name as string;
    if (!isReady(pod) && unhealthyPodMayGo(budget)) {
      // Not ready, it does not count as healthy: the budget is not charged, but the pod must still
      // be the one looked at when it goes.
      pinned = true;
    } else {
      await attempt({}, async () => {
        const current = await budgets.get(namespace, budgetName);
        const status = chargedStatus(current, name);
        if (!options.dryRun)
          await budgets.replaceWith(namespace, budgetName, { metadata: { name: budgetName, resourceVersion: metadataOf(current).resourceVersion } }, (old) => ({ ...old, status }));
      });
    }
  }
  try {
    await pods.delete(namespace, name, withResourceVersionPrecondition(options, pod, pinned));
  } catch (error) {
    // The pod changed (it may have become ready) since the budget was consulted: the client retries.
    if (pinned && options.preconditions?.resourceVersion === undefined && error instanceof StatusError && error.code === 409) {
      throw stillProcessing(metadataOf(budget as JsonObject).name as string);
    }
    throw error;
  }
}

/** The budgets in the pod's namespace whose selector picks the pod; an empty or invalid selector picks nothing. */
async function budgetsOf(budgets: GenericStore, pod: JsonObject): Promise<JsonObject[]> {
  const { namespace, labels } = metadataOf(pod) as { namespace: string; labels?: Record<string, string> };
  const page = await budgets.list(wholeList(namespace));
  return page.items
    .map((kv) => budgets.decode(kv))
    .filter((budget) => {
      const text = labelSelectorString(((budget.spec ?? {}) as { selector?: unknown }).selector);
      if (text === undefined || text === '') return false;
      try {
        return matchesLabels(parseLabelSelector(text), labels);
      } catch {
        return false;
      }
    });
}

/** The budget's status with this eviction counted, or the error that says why it may not happen. */
function chargedStatus(budget: JsonObject, podName: string): JsonObject {
  const name = metadataOf(budget).name as string;
  const status = (budget.status ?? {}) as JsonObject;
  const allowed = (status.disruptionsAllowed as number | undefined) ?? 0;
  if (((status.observedGeneration as number | undefined) ?? 0) < (metadataOf(budget).generation ?? 0)) throw stillProcessing(name);
  if (allowed < 0) throw newForbidden({ group: 'policy', resource: 'poddisruptionbudget' }, name, 'pdb disruptions allowed is negative');
  const disrupted = (status.disruptedPods ?? {}) as Record<string, string>;
  if (Object.keys(disrupted).length > maxDisruptedPods) {
    throw newForbidden({ group: 'policy', resource: 'poddisruptionbudget' }, name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  }
  if (allowed === 0) {
    throw newDisruptionBudgetViolation(
      `The disruption budget ${name} needs ${(status.desiredHealthy as number | undefined) ?? 0} healthy pods and has ${(status.currentHealthy as number | undefined) ?? 0} currently`,
      0,
    );
  }
  const next: JsonObject = { ...status, disruptionsAllowed: allowed - 1, disruptedPods: { ...disrupted, [podName]: metaTime(new Date()) } };
  if (allowed - 1 === 0) next.conditions = withInsufficientPods((status.conditions ?? []) as JsonObject[], status.observedGeneration);
  return next;
}

/**
 * policy's DisruptionAllowed condition set False (InsufficientPods) as apimachinery's
 * SetStatusCondition sets it: in place, its transition time moved only when its status changes.
 */
function withInsufficientPods(conditions: readonly JsonObject[], observedGeneration: unknown): JsonObject[] {
  const existing = conditions.find((c) => c.type === 'DisruptionAllowed');
  const condition: JsonObject = {
    type: 'DisruptionAllowed',
    status: 'False',
    ...(observedGeneration === undefined ? {} : { observedGeneration }),
    lastTransitionTime: existing?.status === 'False' ? existing.lastTransitionTime : metaTime(new Date()),
    reason: 'InsufficientPods',
    message: '',
  };
  return existing === undefined ? [...conditions, condition] : conditions.map((c) => (c === existing ? condition : c));
}

/** AlwaysAllow lets a pod that is not ready go at once; the default (IfHealthyBudget) while the budget is healthy. */
function unhealthyPodMayGo(budget: JsonObject): boolean {
  const policy = ((budget.spec ?? {}) as { unhealthyPodEvictionPolicy?: string }).unhealthyPodEvictionPolicy;
  if (policy === 'AlwaysAllow') return true;
  const status = (budget.status ?? {}) as { currentHealthy?: number; desiredHealthy?: number };
  const desired = status.desiredHealthy ?? 0;
  return (status.currentHealthy ?? 0) >= desired && desired > 0;
}

const isReady = (pod: JsonObject): boolean =>
  (((pod.status ?? {}) as { conditions?: { type?: string; status?: string }[] }).conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

function withResourceVersionPrecondition(options: DeleteOptions, pod: JsonObject, pin: boolean): DeleteOptions {
  if (!pin || options.preconditions?.resourceVersion !== undefined) return options;
  return { ...options, preconditions: { ...options.preconditions, resourceVersion: metadataOf(pod).resourceVersion as string } };
}

/**
 * The eviction's deleteOptions, with the request's dryRun (as kube's propagateDryRun): either may
 * say it, and when both do they must agree.
 */
function evictionDeleteOptions(eviction: JsonObject, query: URLSearchParams): DeleteOptions {
  const fromQuery = parseDeleteOptions({ dryRun: query.getAll('dryRun').filter((v) => v !== '') }, new URLSearchParams());
  const body = eviction.deleteOptions as JsonObject | undefined | null;
  if (body === undefined || body === null) return fromQuery;
  const options = parseDeleteOptions(body, query);
  const bodyDryRun = Array.isArray(body.dryRun) ? (body.dryRun as string[]) : [];
  const queryDryRun = query.getAll('dryRun').filter((v) => v !== '');
  if (bodyDryRun.length > 0 && queryDryRun.length > 0 && bodyDryRun.join() !== queryDryRun.join()) {
    throw newBadRequest(`Non-matching dry-run options in request and content: [${queryDryRun.join(' ')}] and [${bodyDryRun.join(' ')}]`);
  }
  return { ...options, dryRun: options.dryRun || fromQuery.dryRun };
}

/** Runs `step` again when another write came between its read and its write, as kube's retry.OnError(IsConflict). */
async function attempt<T>(options: Pick<DeleteOptions, 'preconditions'>, step: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await step();
    } catch (error) {
      const conflict = error instanceof StatusError && error.code === 409 && error.status.reason === 'Conflict';
      if (!conflict || options.preconditions?.resourceVersion !== undefined || tries >= maxAttempts) throw error;
    }
  }
}

const stillProcessing = (budgetName: string): StatusError => newDisruptionBudgetViolation(`The disruption budget ${budgetName} is still being processed by the server.`, 10);
