// kube's admission reinvocation (admission.NewReinvocationHandler): when a mutating plugin that
// takes part in reinvocation (the admission webhooks and policies) changed the object, the whole
// mutating phase runs once more, the built-in plugins included, so that what ran before the change
// sees its result. Each such plugin keeps its own state of the request here, by its name.

import { isDeepStrictEqual } from 'node:util';
import type { JsonObject } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';

export class ReinvocationContext {
  /** Whether this is the second run of the mutating phase. */
  isReinvoke = false;
  /** Whether a plugin asked for the second run. */
  shouldReinvoke = false;
  readonly #values = new Map<string, unknown>();

  /** The plugin's state for this request, made on first use. */
  value<T>(plugin: string, make: () => T): T {
    if (!this.#values.has(plugin)) this.#values.set(plugin, make());
    return this.#values.get(plugin) as T;
  }
}

/**
 * One plugin's part in reinvocation (kube's webhookReinvokeContext and policyReinvokeContext),
 * by invocation key (a webhook's uid; a policy, binding and parameter): an invocation that changed
 * the object asks for the second run, in which only the IfNeeded invocations made before a change
 * run again; so do they when another plugin changed the object since this one last ran.
 */
export class PluginReinvocation {
  readonly #context: ReinvocationContext;
  /** The object as this plugin's first run left it. */
  #lastOutput: JsonObject | undefined;
  /** IfNeeded invocations since the last change. */
  readonly #invokedSinceChange = new Set<string>();
  readonly #toReinvoke = new Set<string>();

  constructor(context: ReinvocationContext) {
    this.#context = context;
  }

  /** The plugin's state of the request (a fresh one outside the chain, which never reruns). */
  static of(attributes: AdmissionAttributes, plugin: string): PluginReinvocation {
    const context = attributes.reinvocation ?? new ReinvocationContext();
    return context.value(plugin, () => new PluginReinvocation(context));
  }

  get isReinvoke(): boolean {
    return this.#context.isReinvoke;
  }

  /** At the start of the plugin's run over `object`. */
  begin(object: JsonObject | undefined): void {
    if (this.#context.isReinvoke && !isDeepStrictEqual(this.#lastOutput, object)) this.#requireReinvoking();
  }

  /** At the end of the plugin's run, whatever its outcome. */
  end(object: JsonObject | undefined): void {
    this.#lastOutput = structuredClone(object);
  }

  /** Whether the invocation is passed over in this run. */
  skips(key: string): boolean {
    return this.#context.isReinvoke && !this.#toReinvoke.has(key);
  }

  /** After an invocation ran: whether it changed the object, and whether it is run again after later changes. */
  invoked(key: string, changed: boolean, ifNeeded: boolean): void {
    if (changed) {
      this.#requireReinvoking();
      this.#context.shouldReinvoke = true;
    }
    if (ifNeeded) this.#invokedSinceChange.add(key);
  }

  /** Every IfNeeded invocation made before a change must see its result. */
  #requireReinvoking(): void {
    for (const key of this.#invokedSinceChange) this.#toReinvoke.add(key);
    this.#invokedSinceChange.clear();
  }
}
