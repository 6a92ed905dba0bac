// A StatefulSet pod's identity, as kube's statefulset utils give it: the name "<set>-<ordinal>",
// the pod-name and pod-index labels, hostname and subdomain, and one claim per volume claim
// template named "<claim>-<set>-<ordinal>" mounted in place of the template's volume.

import type { StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { PersistentVolumeClaim, Pod, PodTemplateSpec, Volume } from '@capstan/common/api-types/core-v1';
import { newControllerRef, statefulSetKind } from '../workload/controller-ref.ts';
import { podFromTemplate } from '../workload/pod-control.ts';

export const statefulSetPodNameLabel = 'statefulset.kubernetes.io/pod-name';
export const podIndexLabel = 'apps.kubernetes.io/pod-index';
/** The label a pod carries its revision's name in (apps.StatefulSetRevisionLabel). */
export const statefulSetRevisionLabel = 'controller-revision-hash';

const statefulPodName = /^(.*)-([0-9]+)$/;

/** getParentNameAndOrdinal: the set's name and the ordinal in a pod's name; ordinal -1 when there is none. */
export function parentNameAndOrdinal(pod: Pod): { parent: string; ordinal: number } {
  const match = statefulPodName.exec(pod.metadata?.name ?? '');
  if (match === null) return { parent: '', ordinal: -1 };
  const ordinal = Number(match[2]);
  return { parent: match[1] as string, ordinal: ordinal <= 2147483647 ? ordinal : -1 };
}

export function ordinalOf(pod: Pod): number {
  return parentNameAndOrdinal(pod).ordinal;
}

export function setName(set: StatefulSet): string {
  return set.metadata?.name ?? '';
}

export function replicasOf(set: StatefulSet): number {
  return set.spec?.replicas ?? 1;
}

/** spec.ordinals.start, the first ordinal. */
export function startOrdinal(set: StatefulSet): number {
  return set.spec?.ordinals?.start ?? 0;
}

/** The last ordinal, inclusive. */
export function endOrdinal(set: StatefulSet): number {
  return startOrdinal(set) + replicasOf(set) - 1;
}

export function podInOrdinalRange(pod: Pod, set: StatefulSet): boolean {
  const ordinal = ordinalOf(pod);
  return ordinal >= startOrdinal(set) && ordinal <= endOrdinal(set);
}

export function podName(set: StatefulSet, ordinal: number): string {
  return `${setName(set)}-${ordinal}`;
}

export function claimName(set: StatefulSet, template: PersistentVolumeClaim, ordinal: number): string {
  return `${template.metadata?.name ?? ''}-${setName(set)}-${ordinal}`;
}

/** isMemberOf: the pod's name says it belongs to the set. */
export function isMemberOf(set: StatefulSet, pod: Pod): boolean {
  return parentNameAndOrdinal(pod).parent === setName(set);
}

export function identityMatches(set: StatefulSet, pod: Pod): boolean {
  const { parent, ordinal } = parentNameAndOrdinal(pod);
  return (
    ordinal >= 0 &&
    parent === setName(set) &&
    pod.metadata?.name === podName(set, ordinal) &&
    pod.metadata?.namespace === set.metadata?.namespace &&
    pod.metadata?.labels?.[statefulSetPodNameLabel] === pod.metadata?.name
  );
}

export function storageMatches(set: StatefulSet, pod: Pod): boolean {
  const ordinal = ordinalOf(pod);
  if (ordinal < 0) return false;
  const volumes = new Map((pod.spec?.volumes ?? []).map((volume) => [volume.name, volume]));
  for (const template of set.spec?.volumeClaimTemplates ?? []) {
    const volume = volumes.get(template.metadata?.name ?? '');
    if (volume?.persistentVolumeClaim?.claimName !== claimName(set, template, ordinal)) return false;
  }
  return true;
}

/** getPersistentVolumeClaims: the claims of a pod, by template name, labelled with the set's matchLabels. */
export function podClaims(set: StatefulSet, ordinal: number): Map<string, PersistentVolumeClaim> {
  const claims = new Map<string, PersistentVolumeClaim>();
  const matchLabels = set.spec?.selector?.matchLabels ?? {};
  for (const template of set.spec?.volumeClaimTemplates ?? []) {
    const { status: _status, ...claim } = structuredClone(template) as PersistentVolumeClaim & { status?: unknown };
    const labels = template.metadata?.labels === undefined ? { ...matchLabels } : { ...template.metadata.labels, ...matchLabels };
    claims.set(template.metadata?.name ?? '', {
      ...claim,
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { ...claim.metadata, name: claimName(set, template, ordinal), namespace: set.metadata?.namespace, labels },
    });
  }
  return claims;
}

/** updateStorage: the claims' volumes first, then the pod's other volumes (a template volume of a claim's name is replaced). */
function withStorage(set: StatefulSet, pod: Pod): Pod {
  const claims = podClaims(set, ordinalOf(pod));
  const volumes: Volume[] = [...claims].map(([name, claim]) => ({ name, persistentVolumeClaim: { claimName: claim.metadata?.name ?? '' } }));
  for (const volume of pod.spec?.volumes ?? []) if (!claims.has(volume.name)) volumes.push(volume);
  return { ...pod, spec: { ...pod.spec, containers: pod.spec?.containers ?? [], volumes } };
}

/** updateIdentity: name, namespace and the pod-name and pod-index labels. */
function withIdentity(set: StatefulSet, pod: Pod): Pod {
  const ordinal = ordinalOf(pod);
  const name = podName(set, ordinal);
  return {
    ...pod,
    metadata: { ...pod.metadata, name, namespace: set.metadata?.namespace, labels: { ...pod.metadata?.labels, [statefulSetPodNameLabel]: name, [podIndexLabel]: String(ordinal) } },
  };
}

/** The pod brought back in line with the set's identity and storage (UpdateStatefulPod's changes). */
export function conformedPod(set: StatefulSet, pod: Pod): Pod {
  let result = pod;
  if (!identityMatches(set, result)) result = withIdentity(set, result);
  if (!storageMatches(set, result)) result = withStorage(set, result);
  return result;
}

/** newStatefulSetPod at a revision: the template's pod with its identity, hostname, subdomain, storage and revision label. */
export function newStatefulSetPod(set: StatefulSet, template: PodTemplateSpec | undefined, ordinal: number, revisionName: string): Pod {
  const name = podName(set, ordinal);
  const base = podFromTemplate(template, setName(set), newControllerRef(set, statefulSetKind));
  const { generateName: _generated, ...metadata } = base.metadata ?? {};
  let pod: Pod = { ...base, metadata: { ...metadata, name } };
  pod = withIdentity(set, pod);
  pod = {
    ...pod,
    metadata: { ...pod.metadata, labels: { ...pod.metadata?.labels, [statefulSetRevisionLabel]: revisionName } },
    spec: { ...pod.spec, containers: pod.spec?.containers ?? [], hostname: name, ...(set.spec?.serviceName ? { subdomain: set.spec.serviceName } : {}) },
  };
  return withStorage(set, pod);
}

export function podRevision(pod: Pod): string {
  return pod.metadata?.labels?.[statefulSetRevisionLabel] ?? '';
}
