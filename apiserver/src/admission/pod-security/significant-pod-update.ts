// Which pod updates PodSecurity checks (kube's isSignificantPodUpdate): only those that can change
// what the checks see. A pod's spec is immutable but for its containers' images (and ephemeral
// containers added), so an update that changes labels, annotations or status is let through even
// in a namespace whose pods were there before its enforce level.

import type { PodSpec } from '@capstan/common/api-types/core-v1';
import type { AnyContainer } from './pod-check.ts';

const imageChanged = (container: AnyContainer, old: AnyContainer | undefined): boolean => old === undefined || container.image !== old.image;

export function isSignificantPodUpdate(spec: PodSpec, oldSpec: PodSpec): boolean {
  const containers = spec.containers ?? [];
  const oldContainers = oldSpec.containers ?? [];
  const initContainers = spec.initContainers ?? [];
  const oldInitContainers = oldSpec.initContainers ?? [];
  if (containers.length !== oldContainers.length || initContainers.length !== oldInitContainers.length) return true;
  if (containers.some((container, i) => imageChanged(container, oldContainers[i]))) return true;
  if (initContainers.some((container, i) => imageChanged(container, oldInitContainers[i]))) return true;
  // An ephemeral container added, or one whose image changed (matched by name).
  const oldEphemeral = oldSpec.ephemeralContainers ?? [];
  return (spec.ephemeralContainers ?? []).some((container) =>
    imageChanged(
      container,
      oldEphemeral.find((old) => old.name === container.name),
    ),
  );
}
