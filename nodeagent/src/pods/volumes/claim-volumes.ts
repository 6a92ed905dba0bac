// The volume manager's part for a pod's persistentVolumeClaim and ephemeral volumes: the claim is
// read from the API server and must be Bound (the kubelet's getPVCExtractPV), the volume it names
// must point back at it (getPVSpec); the volume's directory is then linked into the pod's volume
// directory (volume-directories.ts). A hostPath or local volume is its path on the host; a volume
// of any other source (NFS, CSI, ...), which nothing on a simulated node can mount, is an empty
// directory kept per volume under the agent's root, shared by the pods that use it.

import { mkdir, readlink, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { errorMessage } from '@capstan/common';
import type { PersistentVolume, Volume } from '@capstan/common/api-types/core-v1';
import type { PodObjects } from '../pod-objects.ts';
import type { Pod } from '../pod-types.ts';
import { claimVolumeLink } from './volume-directories.ts';

const pvcProtectionFinalizer = 'kubernetes.io/pvc-protection';

/** The claim behind a pod volume, if it is a claim's: its own, or `<pod>-<volume>` for an ephemeral one. */
export function podVolumeClaimName(pod: Pod, volume: Volume): string | undefined {
  if (volume.persistentVolumeClaim !== undefined) return volume.persistentVolumeClaim.claimName;
  if (volume.ephemeral !== undefined) return `${pod.metadata.name}-${volume.name}`;
  return undefined;
}

/** getPVCExtractPV then getPVSpec, with the kubelet's errors. */
async function boundVolume(objects: PodObjects, namespace: string, claimName: string): Promise<PersistentVolume> {
  const fail = (message: string): Error => new Error(`error processing PVC ${namespace}/${claimName}: ${message}`);
  let claim: Awaited<ReturnType<PodObjects['persistentVolumeClaim']>>;
  try {
    claim = await objects.persistentVolumeClaim(namespace, claimName);
  } catch (error) {
    throw fail(`failed to fetch PVC from API server: ${errorMessage(error)}`);
  }
  if (claim.metadata?.deletionTimestamp !== undefined && !(claim.metadata.finalizers ?? []).includes(pvcProtectionFinalizer)) throw fail('PVC is being deleted');
  if (claim.status?.phase !== 'Bound') throw fail('PVC is not bound');
  const volumeName = claim.spec?.volumeName ?? '';
  if (volumeName === '') throw fail('PVC has empty pvc.Spec.VolumeName');
  let volume: PersistentVolume;
  try {
    volume = await objects.persistentVolume(volumeName);
  } catch (error) {
    throw fail(`failed to fetch PV ${volumeName} from API server: ${errorMessage(error)}`);
  }
  const ref = volume.spec?.claimRef;
  if (ref === undefined) throw fail(`found PV object ${volumeName} but it has a nil pv.Spec.ClaimRef indicating it is not yet bound to the claim`);
  if (ref.uid !== claim.metadata?.uid)
    throw fail(`found PV object ${volumeName} but its pv.Spec.ClaimRef.UID ${ref.uid ?? ''} does not point to claim.UID ${claim.metadata?.uid ?? ''}`);
  return volume;
}

/** Where a volume's data is on the host. */
async function volumeDirectory(podsDir: string, volume: PersistentVolume): Promise<string> {
  const spec = volume.spec ?? {};
  if (spec.hostPath !== undefined) {
    if (spec.hostPath.type === 'DirectoryOrCreate') await mkdir(spec.hostPath.path, { recursive: true, mode: 0o755 });
    return spec.hostPath.path;
  }
  if (spec.local !== undefined) return spec.local.path;
  const directory = join(dirname(podsDir), 'simulated-volumes', volume.metadata?.name ?? '');
  await mkdir(directory, { recursive: true, mode: 0o777 });
  return directory;
}

/** Sets the pod's claim volume up: the link to its volume's directory, made or replaced. */
export async function mountClaimVolume(podsDir: string, objects: PodObjects, pod: Pod, volume: Volume, claimName: string): Promise<void> {
  const target = await volumeDirectory(podsDir, await boundVolume(objects, pod.metadata.namespace, claimName));
  const link = claimVolumeLink(podsDir, pod.metadata.uid, volume.name);
  const current = await readlink(link).catch(() => undefined);
  if (current === target) return;
  await mkdir(dirname(link), { recursive: true });
  await rm(link, { force: true });
  await symlink(target, link);
}
