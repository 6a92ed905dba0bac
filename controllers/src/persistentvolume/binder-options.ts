// The binder's settings, from kube-controller-manager's flags of the same names (and Capstan's
// --hostpath-provisioner-dir).

import { defaultHostPathDirectory, type HostPathProvisionerOptions } from './hostpath-plugin.ts';

export interface PersistentVolumeBinderOptions {
  /** --pvclaimbinder-sync-period: how often every claim and volume is synced again (15 s). */
  readonly syncPeriodMs: number;
  /** --enable-dynamic-provisioning (true). */
  readonly dynamicProvisioning: boolean;
  /** --enable-hostpath-provisioner (false) and --hostpath-provisioner-dir (/tmp/hostpath_pv). */
  readonly hostPath: HostPathProvisionerOptions;
}

export const defaultPersistentVolumeBinderOptions: PersistentVolumeBinderOptions = {
  syncPeriodMs: 15_000,
  dynamicProvisioning: true,
  hostPath: { enabled: false, directory: defaultHostPathDirectory },
};
