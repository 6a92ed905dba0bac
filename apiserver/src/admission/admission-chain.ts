// The admission chain: the enabled plugins, in kube's order, run in two phases, at the two points
// of a write where kube-apiserver runs them: every mutating plugin (admit) in order on the object
// decoded and defaulted (for an update, merged with the stored one), before the strategy prepares
// it; every validating one (validate) on the object prepared and validated, before it is stored
// (registry/write-admission.ts). A delete asks both phases at once. Each phase and each plugin's
// call is timed in kube's admission metrics (admission-metrics.ts).

import type { AdmissionAttributes, AdmissionOperation } from './admission-attributes.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { observeAdmissionController, observeAdmissionStep, type AdmissionStep } from './admission-metrics.ts';
import { ReinvocationContext } from './reinvocation-context.ts';

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

  /** The mutating phase; run twice when a plugin that changed the object asks for it (reinvocation-context.ts). */
  async admit(attributes: AdmissionAttributes): Promise<void> {
    const startedAt = performance.now();
    let rejected = true;
    try {
      const reinvocation = new ReinvocationContext();
      const withReinvocation: AdmissionAttributes = { ...attributes, reinvocation };
      await this.#admitOnce(withReinvocation);
      if (reinvocation.shouldReinvoke) {
        reinvocation.isReinvoke = true;
        await this.#admitOnce(withReinvocation);
      }
      rejected = false;
    } finally {
      observeAdmissionStep('admit', attributes.operation, rejected, (performance.now() - startedAt) / 1000);
    }
  }

  async #admitOnce(attributes: AdmissionAttributes): Promise<void> {
    for (const plugin of this.#plugins) {
      if (plugin.admit !== undefined && plugin.operations.includes(attributes.operation)) await timed(plugin, 'admit', attributes, plugin.admit);
    }
  }

  /** The validating phase. */
  async validate(attributes: AdmissionAttributes): Promise<void> {
    const startedAt = performance.now();
    let rejected = true;
    try {
      for (const plugin of this.#plugins) {
        if (plugin.validate !== undefined && plugin.operations.includes(attributes.operation)) await timed(plugin, 'validate', attributes, plugin.validate);
      }
      rejected = false;
    } finally {
      observeAdmissionStep('validate', attributes.operation, rejected, (performance.now() - startedAt) / 1000);
    }
  }

  /** Both phases at once, for a delete (which has no object of its own to prepare). */
  async admitAndValidate(attributes: AdmissionAttributes): Promise<void> {
    await this.admit(attributes);
    await this.validate(attributes);
  }

  /** Whether a plugin validates the operation on the resource (a write prepared on a work thread decodes its object for them only then). */
  validates(operation: AdmissionOperation, group: string, resource: string): boolean {
    return this.#plugins.some(
      (plugin) =>
        plugin.validate !== undefined && plugin.operations.includes(operation) && (plugin.validates === undefined || plugin.validates(group, resource)) && plugin.idle?.() !== true,
    );
  }

  /** Whether a plugin may change objects of the resource (such writes stay on the event loop). */
  mutates(group: string, resource: string): boolean {
    return this.#plugins.some((plugin) => plugin.mutates?.(group, resource) === true);
  }
}

/** A plugin's admit or validate, timed under its name (kube's WithControllerMetrics). */
async function timed(plugin: AdmissionPlugin, step: AdmissionStep, attributes: AdmissionAttributes, run: (attributes: AdmissionAttributes) => void | Promise<void>): Promise<void> {
  const startedAt = performance.now();
  let rejected = true;
  try {
    await run.call(plugin, attributes);
    rejected = false;
  } finally {
    observeAdmissionController(plugin.name, step, attributes.operation, rejected, (performance.now() - startedAt) / 1000);
  }
}
