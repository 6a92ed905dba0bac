// kube's escalation prevention on the RBAC resources (the policy-based storage of roles,
// clusterroles, rolebindings and clusterrolebindings): a user may write a role only with rules it
// already holds, unless it may `escalate` that role; and bind a role only if it may `bind` it or
// holds its rules. system:masters passes. Runs on a create or update before the admission plugins,
// as kube's storage does before its standard create or update.

import { goQuote, newForbidden, newInternalError, newNotFound, type GroupResource, isNotFound } from '@capstan/common';
import type { UserInfo } from '../../authentication/authenticator.ts';
import type { WriteGuard } from '../../admission/request-admission.ts';
import { objectOf, objectsAt, stringOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import type { Authorizer } from '../authorizer.ts';
import { bindingOf, rbacGroup, rulesOf, type PolicyRule, type RoleRef } from './policy-rule.ts';
import { compactRules, compactString, goQuoteList, uncoveredRules } from './rule-covering.ts';
import { aggregateMessage, type RbacRuleResolver, type RbacStores } from './rule-resolver.ts';

const roleResources = new Set(['roles', 'clusterroles']);
const bindingResources = new Set(['rolebindings', 'clusterrolebindings']);

/** What a user needs to hold to set an aggregationRule: everything. */
const fullAuthority: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [], nonResourceURLs: [] },
  { verbs: ['*'], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: ['*'] },
];

export interface EscalationContext {
  readonly authorizer: Authorizer;
  readonly rules: RbacRuleResolver;
  /** Where a binding's role is read from (as kube's storage reads it, not its cache). */
  readonly stores: RbacStores;
}

const isSuperuser = (user: UserInfo): boolean => user.groups.includes('system:masters');

/** kube's IsOnlyMutatingGCFields: an update that changes nothing but what the garbage collector changes. */
function onlyGarbageCollectorFields(object: JsonObject, old: JsonObject | undefined): boolean {
  if (old === undefined) return false;
  const strip = (value: JsonObject): string => {
    const { ownerReferences: _owners, finalizers: _finalizers, selfLink: _selfLink, managedFields: _managed, ...metadata } = objectOf(value.metadata);
    return JSON.stringify({ ...value, metadata: Object.fromEntries(Object.entries(metadata).sort()) });
  };
  return strip(object) === strip(old);
}

/** kube's hasAggregationRule: a ClusterRole with at least one clusterRoleSelector. */
const aggregates = (role: JsonObject | undefined): boolean => objectsAt(objectOf(role?.aggregationRule), 'clusterRoleSelectors').length > 0;

/** kube's ConfirmNoEscalation: the message of the rules `user` does not hold, or undefined when it holds them all. */
async function escalationMessage(context: EscalationContext, user: UserInfo, namespace: string, rules: readonly PolicyRule[]): Promise<string | undefined> {
  await context.rules.start();
  const owned = context.rules.rulesFor(user, namespace);
  const missing = uncoveredRules(owned.rules, rules);
  if (missing.length === 0) return undefined;
  const descriptions = [...new Set(compactRules(missing).map(compactString))].sort();
  let message = `user ${goQuote(user.username)} (groups=${goQuoteList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${descriptions.join('\n')}`;
  if (owned.errors.length > 0) message += `; resolution errors: [${aggregateMessage(owned.errors)}]`;
  return message;
}

async function allowed(context: EscalationContext, user: UserInfo, verb: string, resource: string, namespace: string, name: string, group: string): Promise<boolean> {
  const decision = await context.authorizer.authorize({ user, isResourceRequest: true, path: '', verb, group, version: '*', resource, subresource: '', namespace, name });
  return decision.decision === 'allow';
}

/**
 * kube's GetRoleReferenceRules read from the stores. A missing role is a 404 that names the
 * binding's resource (kube's store words it from the request it serves).
 */
async function roleReferenceRules(context: EscalationContext, binding: GroupResource, roleRef: RoleRef, namespace: string): Promise<PolicyRule[]> {
  const store = roleRef.kind === 'Role' ? context.stores.roles : roleRef.kind === 'ClusterRole' ? context.stores.clusterRoles : undefined;
  if (store === undefined) throw newInternalError(`unsupported role reference kind: ${goQuote(roleRef.kind)}`);
  try {
    return rulesOf(await store.get(roleRef.kind === 'Role' ? namespace : undefined, roleRef.name));
  } catch (error) {
    if (isNotFound(error)) throw newNotFound(binding, roleRef.name);
    throw error;
  }
}

async function checkRole(context: EscalationContext, resource: GroupResource, write: GuardedWrite): Promise<void> {
  const { user, object, old, namespace } = write;
  if (await allowed(context, user, 'escalate', resource.resource, namespace, write.name, resource.group)) return;
  if (onlyGarbageCollectorFields(object, old)) return;
  const name = stringOf(objectOf(object.metadata).name);
  const message = await escalationMessage(context, user, namespace, rulesOf(object));
  if (message !== undefined) throw newForbidden(resource, name, message);
  // An aggregationRule can gather anything (and keep a role from being tightened): only with every permission.
  if (resource.resource === 'clusterroles' && (aggregates(object) || aggregates(old))) {
    if ((await escalationMessage(context, user, namespace, fullAuthority)) !== undefined)
      throw newForbidden(resource, name, 'must have cluster-admin privileges to use the aggregationRule');
  }
}

async function checkBinding(context: EscalationContext, resource: GroupResource, write: GuardedWrite): Promise<void> {
  const { user, object, old, namespace } = write;
  if (onlyGarbageCollectorFields(object, old)) return;
  const { roleRef } = bindingOf(object);
  const roleResource = roleRef.kind === 'ClusterRole' ? 'clusterroles' : roleRef.kind === 'Role' ? 'roles' : undefined;
  if (roleResource !== undefined && (await allowed(context, user, 'bind', roleResource, namespace, roleRef.name, roleRef.apiGroup))) return;
  const message = await escalationMessage(context, user, namespace, await roleReferenceRules(context, resource, roleRef, namespace));
  if (message !== undefined) throw newForbidden(resource, stringOf(objectOf(object.metadata).name), message);
}

interface GuardedWrite {
  readonly user: UserInfo;
  readonly object: JsonObject;
  readonly old: JsonObject | undefined;
  /** The request's namespace, "" for a cluster-scoped resource. */
  readonly namespace: string;
  /** The request's name: "" for a create. */
  readonly name: string;
}

/** The escalation check of the RBAC resources' writes. */
export function escalationCheck(context: EscalationContext): WriteGuard {
  return {
    guards: (definition: ResourceDefinition) => definition.group === rbacGroup && (roleResources.has(definition.resource) || bindingResources.has(definition.resource)),
    check: async (definition, write) => {
      if (isSuperuser(write.user)) return;
      const resource = { group: definition.group, resource: definition.resource };
      if (roleResources.has(definition.resource)) await checkRole(context, resource, write);
      else await checkBinding(context, resource, write);
    },
  };
}
