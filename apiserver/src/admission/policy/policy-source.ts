// The admission policies and their bindings as admission sees them (kube's policy source), for the
// validating and the mutating policies alike: both kept by in-process informers over their stores,
// each policy compiled once per version, and the policies that have bindings handed out with them,
// by name, for every request.

import type { Logger } from '@capstan/common';
import type { ValidatingAdmissionPolicyBinding } from '@capstan/common/api-types/admissionregistration-v1';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { StoreInformer, type InformerHandler } from '../../registry/store-informer.ts';
import { policyMatchCriteria, type MatchCriteria } from '../matching/match-request.ts';

/**
 * A binding with its matchResources parsed (undefined: it narrows nothing). A
 * MutatingAdmissionPolicyBinding has the same fields, but validationActions.
 */
export interface CompiledBinding {
  readonly binding: ValidatingAdmissionPolicyBinding;
  readonly name: string;
  readonly matchResources: MatchCriteria | undefined;
}

/** A policy with its bindings (kube's PolicyHook). */
export interface PolicyHook<P> {
  readonly policy: P;
  readonly bindings: readonly CompiledBinding[];
}

function compileBinding(object: JsonObject): CompiledBinding {
  const binding = object as ValidatingAdmissionPolicyBinding;
  const matchResources = binding.spec?.matchResources;
  return { binding, name: binding.metadata?.name ?? '', matchResources: matchResources === undefined ? undefined : policyMatchCriteria(matchResources) };
}

const nameOf = (object: JsonObject): string => String((object.metadata as { name?: unknown } | undefined)?.name ?? '');

/** The objects of one store by name, as its informer hands them over. */
class ObjectsByName<T> implements InformerHandler {
  readonly byName = new Map<string, T>();
  readonly #changed: () => void;
  readonly #convert: (object: JsonObject) => T;

  constructor(convert: (object: JsonObject) => T, changed: () => void) {
    this.#convert = convert;
    this.#changed = changed;
  }

  replace(objects: readonly JsonObject[]): void {
    this.byName.clear();
    for (const object of objects) this.byName.set(nameOf(object), this.#convert(object));
    this.#changed();
  }

  upsert(object: JsonObject): void {
    this.byName.set(nameOf(object), this.#convert(object));
    this.#changed();
  }

  remove(object: JsonObject): void {
    this.byName.delete(nameOf(object));
    this.#changed();
  }
}

const byName = (a: { readonly name: string }, b: { readonly name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export class PolicySource<P extends { readonly name: string }> {
  readonly #policies: ObjectsByName<P>;
  readonly #bindings: ObjectsByName<CompiledBinding>;
  readonly #informers: readonly StoreInformer[];
  #started: Promise<void> | undefined;
  #hooks: readonly PolicyHook<P>[] | undefined;
  #synced = false;

  /** `compile` makes a policy ready for evaluation, once per version of it. */
  constructor(stores: { readonly policies: GenericStore; readonly bindings: GenericStore }, compile: (policy: JsonObject) => P, logger: Logger, stopping: AbortSignal) {
    const changed = (): void => {
      this.#hooks = undefined;
    };
    this.#policies = new ObjectsByName(compile, changed);
    this.#bindings = new ObjectsByName(compileBinding, changed);
    this.#informers = [new StoreInformer(stores.policies, this.#policies, logger, stopping), new StoreInformer(stores.bindings, this.#bindings, logger, stopping)];
  }

  /** False once the stores are listed and no policy has a binding: nothing to evaluate. */
  get mayApply(): boolean {
    if (!this.#synced) return true;
    this.#hooks ??= this.#hooksNow();
    return this.#hooks.length > 0;
  }

  /** The policies that have bindings, by name, each with its bindings by name; the first call lists and watches both stores. */
  async hooks(): Promise<readonly PolicyHook<P>[]> {
    this.#started ??= Promise.all(this.#informers.map((informer) => informer.start())).then(() => {});
    try {
      await this.#started;
      this.#synced = true;
    } catch (error) {
      // The next request tries again.
      this.#started = undefined;
      throw error;
    }
    this.#hooks ??= this.#hooksNow();
    return this.#hooks;
  }

  #hooksNow(): PolicyHook<P>[] {
    const bindingsByPolicy = new Map<string, CompiledBinding[]>();
    for (const compiled of [...this.#bindings.byName.values()].sort(byName)) {
      const policyName = compiled.binding.spec?.policyName ?? '';
      bindingsByPolicy.set(policyName, [...(bindingsByPolicy.get(policyName) ?? []), compiled]);
    }
    return [...this.#policies.byName.values()]
      .filter((policy) => bindingsByPolicy.has(policy.name))
      .sort(byName)
      .map((policy) => ({ policy, bindings: bindingsByPolicy.get(policy.name) ?? [] }));
  }
}
