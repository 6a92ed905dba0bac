// The default StorageClass of `capstan up`, as kind ships one: `standard`, the default class,
// binding when a pod first uses a claim, deleting volumes with their claims. Its provisioner is
// kube's in-tree host path plugin, which the controllers run (--enable-hostpath-provisioner) with
// their volumes under the data directory: every simulated node shares the host, so any of them
// mounts any volume. Made when missing (a changed class is left as it is).

import { StatusError } from '@capstan/common';
import { defaultUserAgent, RestClient } from '@capstan/common/client';

export const defaultStorageClass = {
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
  provisioner: 'kubernetes.io/host-path',
  reclaimPolicy: 'Delete',
  volumeBindingMode: 'WaitForFirstConsumer',
} as const;

export async function ensureDefaultStorageClass(kubeconfig: string): Promise<void> {
  const client = RestClient.fromKubeconfig(kubeconfig, { userAgent: defaultUserAgent('capstan-up') });
  try {
    await client.create({ group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses' }, defaultStorageClass);
  } catch (error) {
    if (!(error instanceof StatusError && error.code === 409)) throw error;
  } finally {
    client.close();
  }
}
