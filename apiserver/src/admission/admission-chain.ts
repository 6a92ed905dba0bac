// The admission chain: the enabled plugins, in kube's order, run in two phases. Every write asks
// it once the object is decoded (and, for an update, merged with the stored one): first every
// mutating plugin (admit) in order, then every validating one (validate).

import type { AdmissionAttributes } from './admission-attributes.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

export class AdmissionChain {
  readonly #plugins: readonly AdmissionPlugin[];

  /** `plugins` in the order they run. */
  constructor(plugins: readonly AdmissionPlugin[]) {
    this.#plugins = plugins;
  }

  /** The names of the plugins that run, in order. */
  get names(): readonly string[] {
    return this.#plugins.map((plugin) => plugin.name);
  }

  /** The mutating phase. */
  async admit(attributes: AdmissionAttributes): Promise<void> {
    for (const plugin of this.#plugins) if (plugin.admit !== undefined && plugin.operations.includes(attributes.operation)) await plugin.admit(attributes);
  }

  /** The validating phase. */
  async validate(attributes: AdmissionAttributes): Promise<void> {
    for (const plugin of this.#plugins) if (plugin.validate !== undefined && plugin.operations.includes(attributes.operation)) await plugin.validate(attributes);
  }

  /** Both phases, for the writes whose object admission sees whole before it is stored. */
  async admitAndValidate(attributes: AdmissionAttributes): Promise<void> {
    await this.admit(attributes);
    await this.validate(attributes);
  }

  /** Whether a plugin may change objects of the resource (such writes stay on the event loop). */
  mutates(group: string, resource: string): boolean {
    return this.#plugins.some((plugin) => plugin.mutates?.(group, resource) === true);
  }
}
