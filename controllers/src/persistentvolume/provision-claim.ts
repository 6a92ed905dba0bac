// Dynamic provisioning (pv_controller.go's provisionClaim): a claim of a class with no volume to
// bind gets one from the class's provisioner. The claim is first annotated with the provisioner
// (volume.kubernetes.io/storage-provisioner and its beta twin); an in-tree plugin (the host path
// one) then creates the volume pvc-<claim uid>, bound to the claim and Bound; an external
// provisioner is left to do it, with an ExternalProvisioning event saying so.

import { errorMessage, sleep, StatusError, isNotFound } from '@capstan/common';
import type { PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import type { StorageClass } from '@capstan/common/api-types/storage-v1';
import { type BinderContext, claimEvent, claimKey, volumesResource } from './binder-context.ts';
import { boundByControllerAnnotation, claimReference, updateClaim } from './binding-writes.ts';
import type { HostPathPlugin } from './hostpath-plugin.ts';
import { claimClass } from './storage-classes.ts';
import { provisionedByAnnotation } from './volume-plugins.ts';

export const storageProvisionerAnnotation = 'volume.kubernetes.io/storage-provisioner';
export const betaStorageProvisionerAnnotation = 'volume.beta.kubernetes.io/storage-provisioner';
export const selectedNodeAnnotation = 'volume.kubernetes.io/selected-node';
/** HonorPVReclaimPolicy (GA, locked on): in-tree volumes with reclaim Delete keep this until their storage is gone. */
export const inTreeProtectionFinalizer = 'kubernetes.io/pv-controller';

/** createProvisionedPVRetryCount and createProvisionedPVInterval. */
const createAttempts = 5;
const createIntervalMs = 10_000;

/** getProvisionedVolumeNameForClaim. */
export const provisionedVolumeName = (claim: PersistentVolumeClaim): string => `pvc-${claim.metadata?.uid}`;

/** setClaimProvisioner: both provisioner annotations, saved when either is missing. */
async function setClaimProvisioner(context: BinderContext, claim: PersistentVolumeClaim, provisioner: string): Promise<PersistentVolumeClaim> {
  if (claim.metadata?.annotations?.[storageProvisionerAnnotation] === provisioner) return claim;
  const annotations = { ...claim.metadata?.annotations, [betaStorageProvisionerAnnotation]: provisioner, [storageProvisionerAnnotation]: provisioner };
  return updateClaim(context, { ...claim, metadata: { ...claim.metadata, annotations } });
}

/** provisionClaim: starts the claim's provisioning unless it runs already; a class without a plugin is an event. */
export function provisionClaim(context: BinderContext, claim: PersistentVolumeClaim): void {
  if (!context.dynamicProvisioning) return;
  const storageClass = context.classes.get(undefined, claimClass(claim));
  if (storageClass === undefined) {
    claimEvent(context, claim, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io ${JSON.stringify(claimClass(claim))} not found`);
    return;
  }
  const lookup = context.plugins.provisioner(storageClass.provisioner);
  if ('error' in lookup) {
    claimEvent(context, claim, 'Warning', 'ProvisioningFailed', lookup.error);
    return;
  }
  context.operations.run(`provision-${claimKey(claim)}[${claim.metadata?.uid}]`, () =>
    'plugin' in lookup ? provisionInTree(context, claim, lookup.plugin, storageClass) : provisionExternally(context, claim, storageClass),
  );
}

async function provisionExternally(context: BinderContext, claim: PersistentVolumeClaim, storageClass: StorageClass): Promise<void> {
  const provisioner = storageClass.provisioner;
  let annotated: PersistentVolumeClaim;
  try {
    annotated = await setClaimProvisioner(context, claim, provisioner);
  } catch (error) {
    claimEvent(context, claim, 'Warning', 'ProvisioningFailed', `Error saving claim: ${errorMessage(error)}`);
    throw error;
  }
  claimEvent(
    context,
    annotated,
    'Normal',
    'ExternalProvisioning',
    `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
  );
}

async function existingVolume(context: BinderContext, name: string): Promise<PersistentVolume | undefined> {
  try {
    return await context.client.get<PersistentVolume>({ ...volumesResource, name });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Go's %v of a string slice. */
const goList = (items: readonly string[]): string => `[${items.join(' ')}]`;

async function provisionInTree(context: BinderContext, original: PersistentVolumeClaim, plugin: HostPathPlugin, storageClass: StorageClass): Promise<void> {
  const failed = (claim: PersistentVolumeClaim, message: string): Error => {
    claimEvent(context, claim, 'Warning', 'ProvisioningFailed', message);
    return new Error(message);
  };
  if (original.spec?.dataSource !== undefined)
    throw failed(original, `plugin ${JSON.stringify(plugin.name)} is not a CSI plugin. Only CSI plugin can provision a claim with a datasource`);
  const claim = await setClaimProvisioner(context, original, storageClass.provisioner);
  const volumeName = provisionedVolumeName(claim);
  // A provisioning that ended while this one waited to start leaves nothing to do.
  if ((await existingVolume(context, volumeName)) !== undefined) return;
  const mountOptions = storageClass.mountOptions ?? [];
  if (mountOptions.length > 0) {
    throw failed(
      claim,
      `Mount options are not supported by the provisioner but StorageClass ${JSON.stringify(storageClass.metadata?.name)} has mount options ${goList(mountOptions)}`,
    );
  }
  const refusal = plugin.provisionerError();
  if (refusal !== undefined) throw failed(claim, `Failed to create provisioner: ${refusal}`);
  const selectedNode = claim.metadata?.annotations?.[selectedNodeAnnotation];
  if (selectedNode !== undefined && context.nodes.get(undefined, selectedNode) === undefined) {
    throw failed(claim, `Failed to get target node: node ${JSON.stringify(selectedNode)} not found`);
  }
  let provisioned: PersistentVolume;
  try {
    provisioned = await plugin.provision({ volumeName, reclaimPolicy: storageClass.reclaimPolicy ?? 'Delete', claim });
  } catch (error) {
    await rescheduleProvisioning(context, claim);
    throw failed(claim, `Failed to provision volume with StorageClass ${JSON.stringify(storageClass.metadata?.name)}: ${errorMessage(error)}`);
  }
  const reclaimPolicy = provisioned.spec?.persistentVolumeReclaimPolicy;
  const volume: PersistentVolume = {
    ...provisioned,
    metadata: {
      ...provisioned.metadata,
      annotations: { ...provisioned.metadata?.annotations, [boundByControllerAnnotation]: 'yes', [provisionedByAnnotation]: plugin.name },
      ...(reclaimPolicy === 'Delete' ? { finalizers: [inTreeProtectionFinalizer] } : {}),
    },
    spec: { ...provisioned.spec, claimRef: claimReference(claim), storageClassName: claimClass(claim) },
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < createAttempts && !context.signal.aborted; attempt++) {
    try {
      context.volumes.remember(await context.client.create<PersistentVolume>(volumesResource, volume));
      lastError = undefined;
      break;
    } catch (error) {
      lastError = error;
      if (error instanceof StatusError && error.code === 409) {
        lastError = undefined;
        break;
      }
      await sleep(createIntervalMs, context.signal);
    }
  }
  if (lastError === undefined) {
    claimEvent(context, claim, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${volumeName} using ${plugin.name}`);
    return;
  }
  // The storage exists without a volume object: give it back.
  claimEvent(
    context,
    claim,
    'Warning',
    'ProvisioningFailed',
    `Error creating provisioned PV object for claim ${claimKey(claim)}: ${errorMessage(lastError)}. Deleting the volume.`,
  );
  try {
    await plugin.delete(volume);
  } catch (error) {
    claimEvent(
      context,
      claim,
      'Warning',
      'ProvisioningCleanupFailed',
      `Error cleaning provisioned volume for claim ${claimKey(claim)}: ${errorMessage(error)}. Please delete manually.`,
    );
  }
}

/** rescheduleProvisioning: a failed provisioning for the scheduler's chosen node drops the choice, so a pod may go elsewhere. */
async function rescheduleProvisioning(context: BinderContext, claim: PersistentVolumeClaim): Promise<void> {
  if (claim.metadata?.annotations?.[selectedNodeAnnotation] === undefined) return;
  const { [selectedNodeAnnotation]: _dropped, ...annotations } = claim.metadata.annotations;
  try {
    await updateClaim(context, { ...claim, metadata: { ...claim.metadata, annotations } });
  } catch (error) {
    context.logger.debug({ err: error, claim: claimKey(claim) }, 'removing the selected node of a claim failed');
  }
}
