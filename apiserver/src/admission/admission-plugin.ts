// One admission plugin, as kube-apiserver's: a name, and its part in either phase. The mutating
// phase (admit) may change the object; the validating phase (validate) only refuses. A plugin
// refuses by throwing the Status the client gets.

import type { AdmissionAttributes, AdmissionOperation } from './admission-attributes.ts';
import type { AdmissionPluginName } from './admission-plugin-names.ts';

export interface AdmissionPlugin {
  readonly name: AdmissionPluginName;
  /** The operations it acts on (kube's admission.Handler). */
  readonly operations: readonly AdmissionOperation[];
  /**
   * Whether it may change objects of the resource (group/resource): writes of such objects are
   * prepared on the event loop, where the plugin can reach them, not on a work thread.
   */
  readonly mutates?: (group: string, resource: string) => boolean;
  /**
   * Whether its validating phase may look at objects of the resource (a policy plugin with no
   * policies may not); every resource when absent. A write prepared on a work thread decodes its
   * object for the validating phase only when one may.
   */
  readonly validates?: (group: string, resource: string) => boolean;
  /**
   * Whether it has nothing to do at the moment (no admission webhook is configured): the chain then
   * tells writes it does not validate, so that they need not prepare their object for it.
   */
  readonly idle?: () => boolean;
  admit?(attributes: AdmissionAttributes): void | Promise<void>;
  validate?(attributes: AdmissionAttributes): void | Promise<void>;
}
