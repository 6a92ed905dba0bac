// When a namespace gets a stricter enforce level, kube checks the pods already there and warns
// about those that violate it (EvaluatePodsInNamespace): they keep running, but a new pod like
// them would be refused. One pod per controller first (its replicas are alike), at most 3000
// pods and one second of work; pods of exempt runtime classes are left out.

import type { PodSpec } from '@capstan/common/api-types/core-v1';
import type { ObjectMeta } from '@capstan/common/api-types/meta-v1';
import type { GenericStore } from '../../registry/generic-store.ts';
import { wholeList } from '../../registry/store-list.ts';
import type { LevelVersion } from './levels.ts';
import { evaluatePod } from './policy-evaluator.ts';
import { podOf, type PodTemplate } from './pod-templates.ts';
import { existingPodsWarnings, type ExistingPodViolations } from './violation-messages.ts';

export const maxPodsToCheck = 3000;
export const podCheckTimeoutMs = 1000;

/** kube's warnings about the namespace's pods that violate `enforce`. */
export async function existingPodsCheck(
  pods: GenericStore,
  namespace: string,
  enforce: LevelVersion,
  exemptRuntimeClass: (spec: PodSpec) => boolean,
  limits: { readonly maxPods: number; readonly timeoutMs: number } = { maxPods: maxPodsToCheck, timeoutMs: podCheckTimeoutMs },
): Promise<string[]> {
  const deadline = performance.now() + limits.timeoutMs;
  let listed: PodTemplate[];
  try {
    const page = await pods.list(wholeList(namespace));
    listed = (await pods.readAll(page.items)).map(podOf);
  } catch {
    return ['failed to list pods while checking new PodSecurity enforce level'];
  }
  const prioritized = prioritizedPods(listed.filter((pod) => !exemptRuntimeClass(pod.spec)));
  const toCheck = prioritized.slice(0, limits.maxPods);
  const groups = new Map<string, { firstPod: string; pods: number }>();
  let checked = 0;
  for (const pod of toCheck) {
    checked++;
    const violations = evaluatePod(enforce, pod.metadata, pod.spec);
    if (violations.length > 0) {
      const reasons = violations.map((violation) => violation.reason).join(', ');
      const name = pod.metadata.name ?? '';
      const group = groups.get(reasons);
      if (group === undefined) groups.set(reasons, { firstPod: name, pods: 1 });
      else {
        group.pods++;
        if (name < group.firstPod) group.firstPod = name;
      }
    }
    if (performance.now() > deadline) break;
  }
  const found: ExistingPodViolations = { checked, total: prioritized.length, groups };
  return existingPodsWarnings(namespace, enforce, found);
}

/** Pods without a controller and the first pod of each controller, then the other replicas. */
function prioritizedPods(pods: readonly PodTemplate[]): PodTemplate[] {
  const first: PodTemplate[] = [];
  const replicas: PodTemplate[] = [];
  const controllers = new Set<string>();
  for (const pod of pods) {
    const controller = controllerUid(pod.metadata);
    if (controller === undefined) first.push(pod);
    else if (controllers.has(controller)) replicas.push(pod);
    else {
      controllers.add(controller);
      first.push(pod);
    }
  }
  return [...first, ...replicas];
}

const controllerUid = (metadata: ObjectMeta): string | undefined => metadata.ownerReferences?.find((reference) => reference.controller === true)?.uid;
