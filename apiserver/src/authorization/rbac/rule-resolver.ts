// kube's DefaultRuleResolver over an in-memory copy of the RBAC objects, kept by in-process
// informers of the four stores: which rules apply to a user in a namespace, and from which
// binding. The bindings are indexed by subject (subject-index.ts), so a request costs a lookup per
// name and group of its user, not a scan of every binding.

import { goQuote, type Logger } from '@capstan/common';
import type { UserInfo } from '../../authentication/authenticator.ts';
import { objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { bindingOf, rulesOf, type Binding, type PolicyRule, type RoleRef, type Subject } from './policy-rule.ts';
import { StoreInformer, type InformerHandler } from '../../registry/store-informer.ts';
import { SubjectIndex, subjectFor, userKeys } from './subject-index.ts';

/** The binding (and its subject that names the user) a rule was found through. */
export interface RuleSource {
  readonly binding: Binding;
  readonly subject: Subject;
}

/** Sees each rule that applies (with its source) or each error met finding them; false stops the visit. */
export type RuleVisitor = (source: RuleSource | undefined, rule: PolicyRule | undefined, error: string | undefined) => boolean;

export interface RbacStores {
  readonly roles: GenericStore;
  readonly roleBindings: GenericStore;
  readonly clusterRoles: GenericStore;
  readonly clusterRoleBindings: GenericStore;
}

const nameOf = (object: JsonObject): string => stringOf(objectOf(object.metadata).name);
const namespacedKey = (object: JsonObject): string => `${stringOf(objectOf(object.metadata).namespace)}/${nameOf(object)}`;

/** kube's describeSubject: a ServiceAccount as "name/namespace", its namespace defaulting to the binding's. */
function describeSubject(subject: Subject, bindingNamespace: string): string {
  if (subject.kind === 'ServiceAccount') return `${subject.kind} ${goQuote(`${subject.name}/${subject.namespace === '' ? bindingNamespace : subject.namespace}`)}`;
  return `${subject.kind} ${goQuote(subject.name)}`;
}

/** kube's clusterRoleBindingDescriber and roleBindingDescriber, as the authorizer's reason names a rule's source. */
export function describeSource({ binding, subject }: RuleSource): string {
  const role = `${binding.roleRef.kind} ${goQuote(binding.roleRef.name)}`;
  if (binding.namespace === '') return `ClusterRoleBinding ${goQuote(binding.name)} of ${role} to ${describeSubject(subject, '')}`;
  return `RoleBinding ${goQuote(`${binding.name}/${binding.namespace}`)} of ${role} to ${describeSubject(subject, binding.namespace)}`;
}

export class RbacRuleResolver {
  readonly #clusterRoles = new Map<string, PolicyRule[]>();
  /** By "namespace/name". */
  readonly #roles = new Map<string, PolicyRule[]>();
  readonly #clusterRoleBindings = new SubjectIndex();
  readonly #roleBindings = new Map<string, SubjectIndex>();
  readonly #informers: StoreInformer[];
  #started: Promise<void> | undefined;
  #synced = false;

  constructor(stores: RbacStores, logger: Logger, stopping?: AbortSignal) {
    const rulesIn = (map: Map<string, PolicyRule[]>, keyOf: (object: JsonObject) => string): InformerHandler => ({
      replace: (objects) => {
        map.clear();
        for (const object of objects) map.set(keyOf(object), rulesOf(object));
      },
      upsert: (object) => map.set(keyOf(object), rulesOf(object)),
      remove: (object) => map.delete(keyOf(object)),
    });
    const roleBindings: InformerHandler = {
      replace: (objects) => {
        this.#roleBindings.clear();
        for (const object of objects) this.#namespaceBindings(bindingOf(object).namespace).set(bindingOf(object));
      },
      upsert: (object) => {
        const binding = bindingOf(object);
        this.#namespaceBindings(binding.namespace).set(binding);
      },
      remove: (object) => {
        const binding = bindingOf(object);
        const index = this.#roleBindings.get(binding.namespace);
        index?.delete(binding.name);
        if (index?.size === 0) this.#roleBindings.delete(binding.namespace);
      },
    };
    const clusterRoleBindings: InformerHandler = {
      replace: (objects) => {
        this.#clusterRoleBindings.clear();
        for (const object of objects) this.#clusterRoleBindings.set(bindingOf(object));
      },
      upsert: (object) => this.#clusterRoleBindings.set(bindingOf(object)),
      remove: (object) => this.#clusterRoleBindings.delete(nameOf(object)),
    };
    this.#informers = [
      new StoreInformer(stores.clusterRoles, rulesIn(this.#clusterRoles, nameOf), logger, stopping),
      new StoreInformer(stores.roles, rulesIn(this.#roles, namespacedKey), logger, stopping),
      new StoreInformer(stores.clusterRoleBindings, clusterRoleBindings, logger, stopping),
      new StoreInformer(stores.roleBindings, roleBindings, logger, stopping),
    ];
  }

  /** Starts the informers (once); resolves when the four first lists are in. A start that failed is tried again by the next call. */
  start(): Promise<void> {
    this.#started ??= Promise.all(this.#informers.map((informer) => informer.start())).then(
      () => {
        this.#synced = true;
      },
      (error: unknown) => {
        this.#started = undefined;
        throw error;
      },
    );
    return this.#started;
  }

  /** Whether the first lists are in: until then, a question waits for start(). */
  get synced(): boolean {
    return this.#synced;
  }

  #namespaceBindings(namespace: string): SubjectIndex {
    let index = this.#roleBindings.get(namespace);
    if (index === undefined) this.#roleBindings.set(namespace, (index = new SubjectIndex()));
    return index;
  }

  /** kube's GetRoleReferenceRules from the cache, with the lister's error for a role it does not hold. */
  #roleRules(roleRef: RoleRef, namespace: string): PolicyRule[] | string {
    switch (roleRef.kind) {
      case 'Role':
        return this.#roles.get(`${namespace}/${roleRef.name}`) ?? `role.rbac.authorization.k8s.io ${goQuote(roleRef.name)} not found`;
      case 'ClusterRole':
        return this.#clusterRoles.get(roleRef.name) ?? `clusterrole.rbac.authorization.k8s.io ${goQuote(roleRef.name)} not found`;
      default:
        return `unsupported role reference kind: ${goQuote(roleRef.kind)}`;
    }
  }

  /** kube's VisitRulesFor: the rules of the user's ClusterRoleBindings, then of its RoleBindings in `namespace`. */
  visitRulesFor(user: UserInfo, namespace: string, visitor: RuleVisitor): void {
    const keys = userKeys(user);
    const keySet = new Set(keys);
    const scopes = [this.#clusterRoleBindings];
    if (namespace !== '') {
      const local = this.#roleBindings.get(namespace);
      if (local !== undefined) scopes.push(local);
    }
    for (const scope of scopes) {
      for (const binding of scope.bindingsOf(keys)) {
        const subject = subjectFor(binding, keySet);
        if (subject === undefined) continue;
        const rules = this.#roleRules(binding.roleRef, binding.namespace);
        if (typeof rules === 'string') {
          if (!visitor(undefined, undefined, rules)) return;
          continue;
        }
        const source = { binding, subject };
        for (const rule of rules) if (!visitor(source, rule, undefined)) return;
      }
    }
  }

  /** kube's RulesFor: every rule that applies, and the errors met finding them (the rules are then incomplete). */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRulesFor(user, namespace, (_source, rule, error) => {
      if (rule !== undefined) rules.push(rule);
      if (error !== undefined) errors.push(error);
      return true;
    });
    return { rules, errors };
  }
}

/** Go's utilerrors.NewAggregate(errors).Error(): one message as it is, more in brackets. */
export const aggregateMessage = (errors: readonly string[]): string => (errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]`);
