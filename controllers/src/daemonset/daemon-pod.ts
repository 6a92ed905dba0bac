// What a DaemonSet's pods are made of (kube's daemon/util): the template with the tolerations kube
// adds to every daemon pod, the revision hash and template generation labels, and the node it is
// for pinned by a required node affinity term on metadata.name (the scheduler binds it; the
// controller never sets spec.nodeName).

import type { DaemonSet } from '@capstan/common/api-types/apps-v1';
import type { Affinity, Pod, PodSpec, PodTemplateSpec, Toleration } from '@capstan/common/api-types/core-v1';

/** apps.DefaultDaemonSetUniqueLabelKey: the revision hash, on pods and on revisions. */
export const daemonSetHashLabel = 'controller-revision-hash';
/** extensions.DaemonSetTemplateGenerationKey. */
const templateGenerationLabel = 'pod-template-generation';
/** apps.DeprecatedTemplateGeneration: the annotation kube-apiserver keeps the template's generation in. */
const templateGenerationAnnotation = 'deprecated.daemonset.template.generation';

function sameToleration(a: Toleration, b: Toleration): boolean {
  return (a.key ?? '') === (b.key ?? '') && (a.effect ?? '') === (b.effect ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '');
}

/** v1helper.AddOrUpdateTolerationInPodSpec: replaces a toleration of the same key, operator, value and effect, else appends. */
function addOrUpdateToleration(tolerations: readonly Toleration[], toleration: Toleration): Toleration[] {
  let replaced = false;
  const result = tolerations.map((existing) => {
    if (!sameToleration(existing, toleration)) return existing;
    replaced = true;
    return toleration;
  });
  if (!replaced) result.push(toleration);
  return result;
}

const exists = (key: string, effect: string): Toleration => ({ key, operator: 'Exists', effect });

/** AddOrUpdateDaemonPodTolerations: daemon pods stay through not-ready and unreachable nodes and go where pressure or cordons keep others out. */
export function withDaemonTolerations(spec: PodSpec): PodSpec {
  const added = [
    exists('node.kubernetes.io/not-ready', 'NoExecute'),
    exists('node.kubernetes.io/unreachable', 'NoExecute'),
    exists('node.kubernetes.io/disk-pressure', 'NoSchedule'),
    exists('node.kubernetes.io/memory-pressure', 'NoSchedule'),
    exists('node.kubernetes.io/pid-pressure', 'NoSchedule'),
    exists('node.kubernetes.io/unschedulable', 'NoSchedule'),
    ...(spec.hostNetwork === true ? [exists('node.kubernetes.io/network-unavailable', 'NoSchedule')] : []),
  ];
  let tolerations = [...(spec.tolerations ?? [])];
  for (const toleration of added) tolerations = addOrUpdateToleration(tolerations, toleration);
  return { ...spec, tolerations };
}

/** GetTemplateGeneration: the template generation annotation (undefined when absent or not a number). */
export function templateGeneration(ds: DaemonSet): string | undefined {
  const value = ds.metadata?.annotations?.[templateGenerationAnnotation];
  return value !== undefined && /^[+-]?\d+$/.test(value) ? String(Number(value)) : undefined;
}

/** CreatePodTemplate: the template with the daemon tolerations and the generation and hash labels. */
export function daemonPodTemplate(ds: DaemonSet, hash: string): PodTemplateSpec {
  const template = structuredClone(ds.spec?.template ?? {});
  const generation = templateGeneration(ds);
  const labels = { ...template.metadata?.labels, ...(generation !== undefined ? { [templateGenerationLabel]: generation } : {}), ...(hash ? { [daemonSetHashLabel]: hash } : {}) };
  return { ...template, metadata: { ...template.metadata, labels }, spec: withDaemonTolerations(template.spec ?? { containers: [] }) };
}

/** ReplaceDaemonSetPodNodeNameNodeAffinity: the required node affinity becomes the one term "metadata.name In [node]"; the rest of the affinity stays. */
export function withNodeNameAffinity(affinity: Affinity | undefined, nodeName: string): Affinity {
  const required = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] };
  return { ...affinity, nodeAffinity: { ...affinity?.nodeAffinity, requiredDuringSchedulingIgnoredDuringExecution: required } };
}

/** IsPodUpdated: the pod carries the current hash (or the current template generation). */
export function isPodUpdated(pod: Pod, hash: string, generation: string | undefined): boolean {
  const labels = pod.metadata?.labels ?? {};
  return (generation !== undefined && labels[templateGenerationLabel] === generation) || (hash !== '' && labels[daemonSetHashLabel] === hash);
}

/** GetTargetNodeName: spec.nodeName, else the one node the required affinity's metadata.name In names. */
export function targetNodeName(pod: Pod): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  for (const term of pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []) {
    for (const field of term.matchFields ?? []) {
      if (field.key === 'metadata.name' && field.operator === 'In') return field.values?.length === 1 ? field.values[0] : undefined;
    }
  }
  return undefined;
}

/** podByCreationTimestampAndPhase: scheduled pods first, then the oldest, then by name. */
export function compareDaemonPods(a: Pod, b: Pod): number {
  const scheduledA = Boolean(a.spec?.nodeName);
  const scheduledB = Boolean(b.spec?.nodeName);
  if (scheduledA !== scheduledB) return scheduledA ? -1 : 1;
  const timeA = Date.parse(a.metadata?.creationTimestamp ?? '') || 0;
  const timeB = Date.parse(b.metadata?.creationTimestamp ?? '') || 0;
  if (timeA !== timeB) return timeA - timeB;
  const nameA = a.metadata?.name ?? '';
  const nameB = b.metadata?.name ?? '';
  return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
}
