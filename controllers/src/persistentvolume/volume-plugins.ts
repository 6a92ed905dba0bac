// The volume plugins of kube-controller-manager's binder (ProbeProvisionableRecyclableVolumePlugins)
// as Capstan has them: the host path plugin provisions and deletes; a provisioner or a volume of a
// name outside kubernetes.io/ is an external provisioner's, which the binder leaves alone; any
// other kubernetes.io/ name matches no plugin (the cloud plugins are gone from kube as well).

import type { PersistentVolume } from '@capstan/common/api-types/core-v1';
import type { HostPathPlugin } from './hostpath-plugin.ts';

export const provisionedByAnnotation = 'pv.kubernetes.io/provisioned-by';
export const migratedToAnnotation = 'pv.kubernetes.io/migrated-to';

export type ProvisionerLookup = { readonly plugin: HostPathPlugin } | { readonly external: true } | { readonly error: string };

export class VolumePlugins {
  readonly #hostPath: HostPathPlugin;

  constructor(hostPath: HostPathPlugin) {
    this.#hostPath = hostPath;
  }

  /** findProvisionablePlugin for a class's provisioner. */
  provisioner(name: string): ProvisionerLookup {
    if (name === this.#hostPath.name) return { plugin: this.#hostPath };
    if (!name.startsWith('kubernetes.io/')) return { external: true };
    return { error: `no volume plugin matched name: ${name}` };
  }

  /** findDeletablePlugin: the plugin that deletes the volume, undefined for an external deleter; throws when none can. */
  deleter(volume: PersistentVolume): HostPathPlugin | undefined {
    const provisionedBy = volume.metadata?.annotations?.[provisionedByAnnotation];
    if (provisionedBy) {
      if (provisionedBy === this.#hostPath.name) return this.#hostPath;
      if (!provisionedBy.startsWith('kubernetes.io/')) return undefined;
      throw new Error(`no volume plugin matched name: ${provisionedBy}`);
    }
    if (volume.metadata?.annotations?.[migratedToAnnotation] !== undefined) return undefined;
    if (volume.spec?.csi !== undefined) return undefined;
    if (volume.spec?.hostPath !== undefined) return this.#hostPath;
    throw new Error(`error getting deleter volume plugin for volume ${JSON.stringify(volume.metadata?.name)}: no deletable volume plugin matched`);
  }
}
