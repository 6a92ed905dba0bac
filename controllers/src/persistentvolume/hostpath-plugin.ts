// kube-controller-manager's in-tree kubernetes.io/host-path plugin, the provisioner behind
// --enable-hostpath-provisioner: a volume is a new directory <dir>/<uuid> on the host (kube's
// /tmp/hostpath_pv; Capstan's --hostpath-provisioner-dir may move it), which is only usable where
// every node shares the host, as the simulated nodes of `capstan up` do. Deletion removes the
// directory, only under /tmp (as kube) or the provisioner's directory.

import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';

export const hostPathPluginName = 'kubernetes.io/host-path';
/** kube's VolumeDynamicallyCreatedByKey, with the host path provisioner's value. */
const createdByAnnotation = 'kubernetes.io/createdby';

export interface HostPathProvisionerOptions {
  /** --enable-hostpath-provisioner. */
  readonly enabled: boolean;
  /** Where volumes are made: kube's /tmp/hostpath_pv. */
  readonly directory: string;
}

export const defaultHostPathDirectory = '/tmp/hostpath_pv';

export interface ProvisionRequest {
  readonly volumeName: string;
  readonly reclaimPolicy: string;
  readonly claim: PersistentVolumeClaim;
}

export class HostPathPlugin {
  readonly name = hostPathPluginName;
  readonly #options: HostPathProvisionerOptions;

  constructor(options: HostPathProvisionerOptions) {
    this.#options = options;
  }

  /** NewProvisioner's refusal, if any. */
  provisionerError(): string | undefined {
    return this.#options.enabled ? undefined : `provisioning in volume plugin ${JSON.stringify(this.name)} is disabled`;
  }

  /** Provision: makes the directory and answers the volume to create (claimRef and binding come from the binder). */
  async provision(request: ProvisionRequest): Promise<PersistentVolume> {
    const { claim } = request;
    if (claim.spec?.volumeMode === 'Block') throw new Error(`${this.name} does not support block volume provisioning`);
    const path = join(this.#options.directory, randomUUID());
    await mkdir(path, { recursive: true, mode: 0o750 });
    const accessModes = claim.spec?.accessModes?.length ? claim.spec.accessModes : ['ReadWriteOnce'];
    return {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: request.volumeName, annotations: { [createdByAnnotation]: 'hostpath-dynamic-provisioner' } },
      spec: {
        persistentVolumeReclaimPolicy: request.reclaimPolicy,
        accessModes,
        capacity: { storage: claim.spec?.resources?.requests?.storage ?? '0' },
        hostPath: { path },
      },
    };
  }

  /** Delete: removes the volume's directory, if it is one this deleter may remove. */
  async delete(volume: PersistentVolume): Promise<void> {
    const path = volume.spec?.hostPath?.path ?? '';
    const beneath = relative(this.#options.directory, path);
    const ours = beneath !== '' && !beneath.startsWith('..') && !isAbsolute(beneath);
    if (!/\/tmp\/.+/.test(path) && !ours) throw new Error(`host_path deleter only supports /tmp/.+ but received provided ${path}`);
    await rm(path, { recursive: true, force: true });
  }
}
