// The rbac/bootstrap-roles post-start hook: kube's bootstrap policy made to exist as kube-apiserver's
// reconciliation does it (Confirm, no removal of extra permissions or subjects). A missing object is
// created; an existing one keeps what it has and gains the labels, annotations, rules (as
// broken-down rules), aggregation selectors or subjects of the policy it lacks; a binding whose
// roleRef differs is made again. An object annotated rbac.authorization.kubernetes.io/autoupdate
// "false" is left alone.

import { isDeepStrictEqual } from 'node:util';
import { StatusError } from '@capstan/common';
import { objectOf, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { createTracker } from '../../../endpoints/create.ts';
import { updateTracker } from '../../../endpoints/update.ts';
import type { GenericStore } from '../../../registry/generic-store.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { policyRuleJson, rulesOf } from '../policy-rule.ts';
import { uncoveredRules } from '../rule-covering.ts';
import { autoUpdateAnnotation } from './policy-builders.ts';

export interface PolicyStores {
  readonly namespaces: GenericStore;
  readonly roles: GenericStore;
  readonly roleBindings: GenericStore;
  readonly clusterRoles: GenericStore;
  readonly clusterRoleBindings: GenericStore;
}

type Reconcile = (existing: JsonObject, expected: JsonObject) => JsonObject | 'recreate' | undefined;

const metadataOf = (object: JsonObject): JsonObject => objectOf(object.metadata);
const isProtected = (object: JsonObject): boolean => objectOf(metadataOf(object).annotations)[autoUpdateAnnotation] === 'false';

/** The existing object with the expected labels and annotations it lacks (its own values win). */
function withMergedMetadata(existing: JsonObject, expected: JsonObject): JsonObject {
  const metadata = metadataOf(existing);
  const merged = { ...metadata };
  for (const key of ['labels', 'annotations'] as const) {
    const mine = metadata[key];
    const theirs = metadataOf(expected)[key];
    if (mine !== undefined || theirs !== undefined) merged[key] = { ...objectOf(theirs), ...objectOf(mine) };
  }
  return { ...existing, metadata: merged };
}

/** kube's computeReconciledRole without removal. */
export const reconcileRole: Reconcile = (existing, expected) => {
  const result = withMergedMetadata(existing, expected);
  const missing = uncoveredRules(rulesOf(existing), rulesOf(expected));
  if (missing.length > 0) result.rules = [...objectsAt(existing, 'rules'), ...missing.map(policyRuleJson)];
  const expectedRule = expected.aggregationRule;
  const existingRule = existing.aggregationRule;
  if (expectedRule === undefined && existingRule !== undefined) {
    delete result.aggregationRule;
  } else if (expectedRule !== undefined) {
    const have = objectsAt(objectOf(existingRule), 'clusterRoleSelectors');
    const lacking = objectsAt(objectOf(expectedRule), 'clusterRoleSelectors').filter((selector) => !have.some((one) => isDeepStrictEqual(one, selector)));
    if (lacking.length > 0) result.aggregationRule = { ...objectOf(existingRule), clusterRoleSelectors: [...have, ...lacking] };
  }
  return isDeepStrictEqual(result, existing) ? undefined : result;
};

/** kube's computeReconciledRoleBinding without removal: a binding to another role is made again. */
export const reconcileBinding: Reconcile = (existing, expected) => {
  if (!isDeepStrictEqual(objectOf(existing.roleRef), objectOf(expected.roleRef))) return 'recreate';
  const result = withMergedMetadata(existing, expected);
  const subjectKey = (subject: JsonObject): string => JSON.stringify(['kind', 'apiGroup', 'name', 'namespace'].map((field) => stringOf(subject[field])));
  const have = objectsAt(existing, 'subjects');
  const known = new Set(have.map(subjectKey));
  const lacking = objectsAt(expected, 'subjects').filter((subject) => !known.has(subjectKey(subject)));
  if (lacking.length > 0) result.subjects = [...have, ...lacking];
  return isDeepStrictEqual(result, existing) ? undefined : result;
};

/** The field manager of the API server's own writes (its loopback client's user agent). */
const manager = 'kube-apiserver';

const isStatus = (error: unknown, code: number): boolean => error instanceof StatusError && error.code === code;

async function ensure(store: GenericStore, expected: JsonObject, reconcile: Reconcile): Promise<void> {
  const namespace = stringOf(metadataOf(expected).namespace) || undefined;
  const name = stringOf(metadataOf(expected).name);
  for (;;) {
    let existing: JsonObject;
    try {
      existing = await store.get(namespace, name);
    } catch (error) {
      if (!isStatus(error, 404)) throw error;
      try {
        // As kube's loopback client writes it: managed by "kube-apiserver".
        await store.create(namespace, expected, { track: await createTracker(store, manager) });
        return;
      } catch (createError) {
        if (isStatus(createError, 409)) continue;
        throw createError;
      }
    }
    if (isProtected(existing)) return;
    const result = reconcile(existing, expected);
    if (result === undefined) return;
    try {
      if (result === 'recreate') {
        await store.delete(namespace, name, { dryRun: false, preconditions: { uid: stringOf(metadataOf(existing).uid) } });
        continue;
      }
      await store.update(namespace, name, result, { track: await updateTracker(store.definition, '', manager) });
      return;
    } catch (error) {
      // Changed or gone meanwhile: read it again.
      if (isStatus(error, 409) || isStatus(error, 404)) continue;
      throw error;
    }
  }
}

/** Makes the namespace of namespaced policy exist (kube's tryEnsureNamespace). */
async function ensureNamespace(namespaces: GenericStore, name: string): Promise<void> {
  if (await namespaces.exists(undefined, name)) return;
  await namespaces.create(undefined, { metadata: { name } }).catch((error: unknown) => {
    if (!isStatus(error, 409)) throw error;
  });
}

export interface BootstrapPolicy {
  readonly clusterRoles: readonly JsonObject[];
  readonly clusterRoleBindings: readonly JsonObject[];
  readonly roles: readonly JsonObject[];
  readonly roleBindings: readonly JsonObject[];
}

/** Reconciles the whole policy, in kube's order: cluster roles, their bindings, then the namespaced roles and bindings. */
export async function reconcilePolicy(stores: PolicyStores, policy: BootstrapPolicy): Promise<void> {
  for (const role of policy.clusterRoles) await ensure(stores.clusterRoles, role, reconcileRole);
  for (const binding of policy.clusterRoleBindings) await ensure(stores.clusterRoleBindings, binding, reconcileBinding);
  for (const role of policy.roles) {
    await ensureNamespace(stores.namespaces, stringOf(metadataOf(role).namespace));
    await ensure(stores.roles, role, reconcileRole);
  }
  for (const binding of policy.roleBindings) {
    await ensureNamespace(stores.namespaces, stringOf(metadataOf(binding).namespace));
    await ensure(stores.roleBindings, binding, reconcileBinding);
  }
}
