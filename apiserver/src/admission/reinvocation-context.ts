// kube's admission reinvocation (admission.NewReinvocationHandler): when a mutating plugin that
// takes part in reinvocation (the admission webhooks and policies) changed the object, the whole
// mutating phase runs once more, the built-in plugins included, so that what ran before the change
// sees its result. Each such plugin keeps its own state of the request here, by its name.

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
