// Which PersistentVolume a claim gets (component-helpers' FindMatchingVolume behind the binder's
// access-mode index): volumes are tried by groups of identical access modes, the groups holding
// every mode the claim asks for and with the fewest modes first; in a group, a volume pre-bound to
// the claim wins, else the smallest Available one of the claim's class, volumeMode and attributes
// class, large enough, matching the claim's selector (and, for the scheduler's part, the node).

import { compareQuantities, decodeQuantity, labelSelectorString, matchesLabels, parseLabelSelector, type Quantity } from '@capstan/common';
import type { PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import { matchesNodeAffinity, requiredNodeAffinity, type NodeIdentity } from '../scheduler/node-affinity.ts';
import { claimClass, volumeClass } from './storage-classes.ts';

const zero: Quantity = decodeQuantity('0') as Quantity;

export const storageOf = (resources: Readonly<Record<string, unknown>> | undefined): Quantity => decodeQuantity(resources?.storage) ?? zero;

const requestOf = (claim: PersistentVolumeClaim): Quantity => storageOf(claim.spec?.resources?.requests);
const capacityOf = (volume: PersistentVolume): Quantity => storageOf(volume.spec?.capacity);

/** IsVolumeBoundToClaim: the claimRef names the claim (and its uid, once one is set). */
export function isVolumeBoundToClaim(volume: PersistentVolume, claim: PersistentVolumeClaim): boolean {
  const ref = volume.spec?.claimRef;
  if (ref === undefined) return false;
  if (ref.name !== claim.metadata?.name || ref.namespace !== claim.metadata?.namespace) return false;
  return !ref.uid || ref.uid === claim.metadata?.uid;
}

/** CheckVolumeModeMismatches: an unset mode is Filesystem. */
export function volumeModeMismatch(claim: PersistentVolumeClaim, volume: PersistentVolume): boolean {
  return (claim.spec?.volumeMode ?? 'Filesystem') !== (volume.spec?.volumeMode ?? 'Filesystem');
}

/** CheckAccessModes: the volume offers every mode the claim asks for. */
export function hasAccessModes(claim: PersistentVolumeClaim, volume: PersistentVolume): boolean {
  const offered = new Set(volume.spec?.accessModes ?? []);
  return (claim.spec?.accessModes ?? []).every((mode) => offered.has(mode));
}

/** checkVolumeSatisfyClaim: why a volume the claim names cannot be bound to it, if it cannot. */
export function volumeMismatch(volume: PersistentVolume, claim: PersistentVolumeClaim): string | undefined {
  if (volume.metadata?.deletionTimestamp !== undefined) return `the volume is marked for deletion ${JSON.stringify(volume.metadata.name)}`;
  if (compareQuantities(capacityOf(volume), requestOf(claim)) < 0) return 'requested PV is too small';
  if (volumeClass(volume) !== claimClass(claim)) return 'storageClassName does not match';
  if ((claim.spec?.volumeAttributesClassName ?? '') !== (volume.spec?.volumeAttributesClassName ?? '')) return 'volumeAttributesClassName does not match';
  if (volumeModeMismatch(claim, volume)) return 'incompatible volumeMode';
  if (!hasAccessModes(claim, volume)) return 'incompatible accessMode';
  return undefined;
}

export class ClaimSelectorError extends Error {
  override name = 'ClaimSelectorError';
}

/** The volume's required node affinity admits the node. */
function admitsNode(volume: PersistentVolume, node: NodeIdentity): boolean {
  const required = volume.spec?.nodeAffinity?.required;
  if (required === undefined) return true;
  return matchesNodeAffinity(requiredNodeAffinity({ containers: [], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: required } } }), node);
}

/** FindMatchingVolume over one group of volumes; `node` is given on the scheduler's path. */
function matchInGroup(claim: PersistentVolumeClaim, volumes: readonly PersistentVolume[], node: NodeIdentity | undefined, delayBinding: boolean): PersistentVolume | undefined {
  const requested = requestOf(claim);
  const requestedClass = claimClass(claim);
  let selector: ReturnType<typeof parseLabelSelector> | undefined;
  if (claim.spec?.selector !== undefined) {
    const text = labelSelectorString(claim.spec.selector);
    if (text === undefined) throw new ClaimSelectorError(`error creating internal label selector for claim: ${claim.metadata?.namespace}/${claim.metadata?.name}`);
    selector = parseLabelSelector(text);
  }
  let smallest: PersistentVolume | undefined;
  for (const volume of volumes) {
    if (volume.spec?.claimRef !== undefined && !isVolumeBoundToClaim(volume, claim)) continue;
    const capacity = capacityOf(volume);
    if (compareQuantities(capacity, requested) < 0) continue;
    if (volumeModeMismatch(claim, volume)) continue;
    if ((claim.spec?.volumeAttributesClassName ?? '') !== (volume.spec?.volumeAttributesClassName ?? '')) continue;
    if (volume.metadata?.deletionTimestamp !== undefined) continue;
    const nodeAdmitted = node === undefined || admitsNode(volume, node);
    // A volume pre-bound to the claim is the answer (none, if it does not fit the node).
    if (isVolumeBoundToClaim(volume, claim)) return nodeAdmitted ? volume : undefined;
    // The scheduler binds claims that wait for their first consumer.
    if (node === undefined && delayBinding) continue;
    if (volume.status?.phase !== 'Available') continue;
    if (selector !== undefined && !matchesLabels(selector, volume.metadata?.labels)) continue;
    if (volumeClass(volume) !== requestedClass) continue;
    if (!nodeAdmitted) continue;
    if (node !== undefined && !hasAccessModes(claim, volume)) continue;
    if (smallest === undefined || compareQuantities(capacityOf(smallest), capacity) > 0) smallest = volume;
  }
  return smallest;
}

/** The sorted set of a volume's access modes, the key of its group (GetAccessModesAsString's role). */
const modesKey = (modes: readonly string[] | undefined): string => [...new Set(modes ?? [])].sort().join(',');

/** findBestMatchForClaim over every volume known. */
export function findBestMatchForClaim(
  claim: PersistentVolumeClaim,
  volumes: readonly PersistentVolume[],
  delayBinding: boolean,
  node?: NodeIdentity,
): PersistentVolume | undefined {
  const groups = new Map<string, PersistentVolume[]>();
  for (const volume of volumes) {
    const key = modesKey(volume.spec?.accessModes);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [volume]);
    else group.push(volume);
  }
  const wanted = claim.spec?.accessModes ?? [];
  const candidates = [...groups.entries()]
    .filter(([key]) => {
      const offered = new Set(key === '' ? [] : key.split(','));
      return wanted.every((mode) => offered.has(mode));
    })
    // kube sorts the groups by their number of modes (sort.Sort, not stable: groups of equal size come in no set order).
    .sort(([a], [b]) => (a === '' ? 0 : a.split(',').length) - (b === '' ? 0 : b.split(',').length));
  for (const [, group] of candidates) {
    const found = matchInGroup(claim, group, node, delayBinding);
    if (found !== undefined) return found;
  }
  return undefined;
}
