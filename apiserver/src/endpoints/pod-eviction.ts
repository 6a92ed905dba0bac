// POST pods/{name}/eviction (policy/v1 Eviction): deletes the pod unless that would break its
// PodDisruptionBudget, as kube-apiserver's eviction subresource decides it. A budget allows an
// eviction while its status (kept by the disruption controller) says disruptionsAllowed > 0; the
// eviction then counts itself in that status before the pod goes. A budget whose status has not
// caught up with its spec answers 429, as on a cluster whose controller-manager is not running.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { Condition } from '@capstan/common/api-types/meta-v1';
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '@capstan/common/api-types/policy-v1';
import { matchesLabels, newBadRequest, newConflict, newDisruptionBudgetViolation, newForbidden, parseLabelSelector, StatusError, labelSelectorString } from '@capstan/common';
import { admissionAttributes, type RequestAdmission } from '../admission/request-admission.ts';
import { parseDeleteOptions, type DeleteOptions } from '../registry/delete-options.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { wholeList } from '../registry/store-list.ts';
import { isObject } from '../registry/defaulting/json-fields.ts';
import { metadataOf, metaTime, type JsonObject } from '../registry/object-meta.ts';
import { storedObjectAs } from '../registry/stored-object-type.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
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
  admission: RequestAdmission,
): Promise<void> {
  const eviction = await readJsonBody(request);
  const namespace = namespaceOf(info);
  // The mutating admission comes before the eviction's own checks, as kube's create handler runs it.
  const attributes = admissionAttributes(admission, pods.definition, {
    operation: 'CREATE',
    namespace,
    name: info.name,
    object: eviction,
    dryRun: query.getAll('dryRun').includes('All'),
    subresource: 'eviction',
  });
  await admission.chain.admit(attributes);
  if (metadataOf(eviction).name !== info.name) throw newBadRequest('name in URL does not match name in Eviction object');
  const options = evictionDeleteOptions(eviction, query);
  // kube's createValidation of the Eviction (validating admission: policies on pods/eviction), before any budget is asked.
  await admission.chain.validate(attributes);
  const outcome = await attempt(options, async () => {
    const pod = storedObjectAs<Pod>(await pods.get(namespace, info.name));
    if (canIgnoreBudgets(pod)) {
      await addConditionAndDelete(pods, namespace, info.name ?? '', withResourceVersionPrecondition(options, pod, shouldEnforceResourceVersion(pod)));
      return 'deleted';
    }
    return pod;
  });
  if (outcome !== 'deleted') await evictCoveredPod(pods, budgets, outcome, options);
  sendJson(response, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
}

/** A pod not (or no longer) running may go without asking its budget. */
const canIgnoreBudgets = (pod: Pod): boolean => {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || pod.metadata?.deletionTimestamp !== undefined;
};

/** Except for finished or terminating pods, the delete must not race with the pod becoming ready. */
const shouldEnforceResourceVersion = (pod: Pod): boolean => {
  const phase = pod.status?.phase;
  return !(phase === 'Succeeded' || phase === 'Failed' || pod.metadata?.deletionTimestamp !== undefined);
};

async function evictCoveredPod(pods: GenericStore, budgets: GenericStore, pod: Pod, options: DeleteOptions): Promise<void> {
  // A stored pod has both.
  const { namespace = '', name = '' } = pod.metadata ?? {};
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
    const budgetName = budget.metadata?.name ?? '';
    if (!isReady(pod) && unhealthyPodMayGo(budget)) {
      // Not ready, it does not count as healthy: the budget is not charged, but the pod must still
      // be the one looked at when it goes.
      pinned = true;
    } else {
      await attempt({}, async () => {
        const current = storedObjectAs<PodDisruptionBudget>(await budgets.get(namespace, budgetName));
        const status = chargedStatus(current, name);
        if (!options.dryRun)
          await budgets.replaceWith(namespace, budgetName, { metadata: { name: budgetName, resourceVersion: current.metadata?.resourceVersion } }, (old) => ({ ...old, status }));
      });
    }
  }
  try {
    await addConditionAndDelete(pods, namespace, name, withResourceVersionPrecondition(options, pod, pinned));
  } catch (error) {
    // The pod changed (it may have become ready) since the budget was consulted: the client retries.
    if (pinned && budget !== undefined && options.preconditions?.resourceVersion === undefined && error instanceof StatusError && error.code === 409) {
      throw stillProcessing(budget.metadata?.name ?? '');
    }
    throw error;
  }
}

/**
 * kube's addConditionAndDeletePod: the pod is first marked DisruptionTarget=True
 * (EvictionByEvictionAPI) on the latest stored copy, so that its controller (a Job's pod failure
 * policy) can tell an eviction from a failure, then deleted; a resourceVersion precondition is
 * carried over to the marked copy. A dry run only deletes (dry).
 */
async function addConditionAndDelete(pods: GenericStore, namespace: string | undefined, name: string, options: DeleteOptions): Promise<void> {
  let deleteOptions = options;
  if (!options.dryRun) {
    const { uid, resourceVersion } = options.preconditions ?? {};
    // The resourceVersion precondition is the write's own (a stored copy carries none to compare).
    const precondition = resourceVersion === undefined || resourceVersion === '' ? {} : { resourceVersion };
    const marked = await pods.replaceWith(namespace, name, { metadata: { name, ...precondition } }, (stored) => {
      const pod = storedObjectAs<Pod>(stored);
      if (uid !== undefined && uid !== '' && uid !== pod.metadata?.uid) {
        const why = `the UID in the precondition (${uid}) does not match the UID in record (${pod.metadata?.uid ?? ''}). The object might have been deleted and then recreated`;
        throw newConflict({ group: '', resource: 'Pod' }, name, why);
      }
      const conditions = withCondition(pod.status?.conditions ?? [], 'DisruptionTarget', 'True', (lastTransitionTime) => ({
        type: 'DisruptionTarget',
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime,
        reason: 'EvictionByEvictionAPI',
        message: 'Eviction API: evicting',
      }));
      return { ...pod, status: { ...pod.status, conditions } };
    });
    if (options.preconditions?.resourceVersion !== undefined) {
      deleteOptions = { ...options, preconditions: { ...options.preconditions, resourceVersion: metadataOf(marked).resourceVersion as string } };
    }
  }
  await pods.delete(namespace, name, deleteOptions);
}

/** The budgets in the pod's namespace whose selector picks the pod; an empty or invalid selector picks nothing. */
async function budgetsOf(budgets: GenericStore, pod: Pod): Promise<PodDisruptionBudget[]> {
  const { namespace = '', labels } = pod.metadata ?? {};
  const page = await budgets.list(wholeList(namespace));
  return page.items
    .map((kv) => storedObjectAs<PodDisruptionBudget>(budgets.decode(kv)))
    .filter((budget) => {
      const text = labelSelectorString(budget.spec?.selector);
      if (text === undefined || text === '') return false;
      try {
        return matchesLabels(parseLabelSelector(text), labels);
      } catch {
        return false;
      }
    });
}

/** The budget's status with this eviction counted, or the error that says why it may not happen. */
function chargedStatus(budget: PodDisruptionBudget, podName: string): Partial<PodDisruptionBudgetStatus> {
  const name = budget.metadata?.name ?? '';
  // Partial: the disruption controller may not have filled it in yet.
  const status: Partial<PodDisruptionBudgetStatus> = budget.status ?? {};
  const allowed = status.disruptionsAllowed ?? 0;
  if ((status.observedGeneration ?? 0) < (budget.metadata?.generation ?? 0)) throw stillProcessing(name);
  if (allowed < 0) throw newForbidden({ group: 'policy', resource: 'poddisruptionbudget' }, name, 'pdb disruptions allowed is negative');
  const disrupted = status.disruptedPods ?? {};
  if (Object.keys(disrupted).length > maxDisruptedPods) {
    throw newForbidden({ group: 'policy', resource: 'poddisruptionbudget' }, name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  }
  if (allowed === 0) {
    throw newDisruptionBudgetViolation(`The disruption budget ${name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`, 0);
  }
  const next = { ...status, disruptionsAllowed: allowed - 1, disruptedPods: { ...disrupted, [podName]: metaTime(new Date()) } };
  return allowed - 1 === 0 ? { ...next, conditions: withInsufficientPods(status.conditions ?? [], status.observedGeneration) } : next;
}

/**
 * policy's DisruptionAllowed condition set False (InsufficientPods) as apimachinery's
 * SetStatusCondition sets it: in place, its transition time moved only when its status changes.
 */
function withInsufficientPods(conditions: readonly Condition[], observedGeneration: number | undefined): Condition[] {
  return withCondition(conditions, 'DisruptionAllowed', 'False', (lastTransitionTime) => ({
    type: 'DisruptionAllowed',
    status: 'False',
    ...(observedGeneration === undefined ? {} : { observedGeneration }),
    lastTransitionTime,
    reason: 'InsufficientPods',
    message: '',
  }));
}

/**
 * The conditions with the one of `type` set (in place, or appended): its transition time kept while
 * its status stays `status`, now otherwise, as both a pod's and a budget's conditions are set.
 */
function withCondition<C extends { readonly type: string; readonly status: string; readonly lastTransitionTime?: unknown }>(
  conditions: readonly C[],
  type: string,
  status: string,
  build: (lastTransitionTime: C['lastTransitionTime'] | string) => C,
): C[] {
  const existing = conditions.find((c) => c.type === type);
  const condition = build(existing?.status === status ? existing.lastTransitionTime : metaTime(new Date()));
  return existing === undefined ? [...conditions, condition] : conditions.map((c) => (c === existing ? condition : c));
}

/** AlwaysAllow lets a pod that is not ready go at once; the default (IfHealthyBudget) while the budget is healthy. */
function unhealthyPodMayGo(budget: PodDisruptionBudget): boolean {
  if (budget.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return true;
  const status: Partial<PodDisruptionBudgetStatus> = budget.status ?? {};
  const desired = status.desiredHealthy ?? 0;
  return (status.currentHealthy ?? 0) >= desired && desired > 0;
}

const isReady = (pod: Pod): boolean => (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

function withResourceVersionPrecondition(options: DeleteOptions, pod: Pod, pin: boolean): DeleteOptions {
  if (!pin || options.preconditions?.resourceVersion !== undefined) return options;
  return { ...options, preconditions: { ...options.preconditions, resourceVersion: pod.metadata?.resourceVersion } };
}

/**
 * The eviction's deleteOptions, with the request's dryRun (as kube's propagateDryRun): either may
 * say it, and when both do they must agree.
 */
function evictionDeleteOptions(eviction: JsonObject, query: URLSearchParams): DeleteOptions {
  const fromQuery = parseDeleteOptions({ dryRun: query.getAll('dryRun').filter((v) => v !== '') }, new URLSearchParams());
  if (eviction.deleteOptions === undefined || eviction.deleteOptions === null) return fromQuery;
  // Anything else that is no object reads as no options (kube would answer 400).
  const body = isObject(eviction.deleteOptions) ? eviction.deleteOptions : {};
  const options = parseDeleteOptions(body, query);
  const bodyDryRun: unknown[] = Array.isArray(body.dryRun) ? body.dryRun : [];
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
