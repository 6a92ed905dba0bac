// kube-apiserver's DefaultTolerationSeconds admission: a pod created without a toleration of the
// node.kubernetes.io/not-ready or unreachable NoExecute taints gets one, Exists for 300 s by
// default, so the taint manager evicts it that long after its node fails. A toleration with an
// empty key (any taint) or an empty effect (any effect) already covers them.

import type { Toleration } from '@capstan/common/api-types/core-v1';
import { isPlainObject } from '../patch/merge-patch.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

export const notReadyTaint = 'node.kubernetes.io/not-ready';
export const unreachableTaint = 'node.kubernetes.io/unreachable';

export interface DefaultTolerationSeconds {
  /** --default-not-ready-toleration-seconds */
  readonly notReady: number;
  /** --default-unreachable-toleration-seconds */
  readonly unreachable: number;
}

export const defaultTolerationSeconds: DefaultTolerationSeconds = { notReady: 300, unreachable: 300 };

/**
 * Whether one of the pod's tolerations covers the taint's NoExecute. The pod is not validated yet:
 * an entry that is no object tolerates nothing (validation refuses it afterwards).
 */
function tolerates(tolerations: readonly unknown[], taint: string): boolean {
  return tolerations.some(
    (t) => isPlainObject(t) && (t.key === undefined || t.key === '' || t.key === taint) && (t.effect === undefined || t.effect === '' || t.effect === 'NoExecute'),
  );
}

/** Adds the missing default tolerations to a pod about to be stored. */
export function addDefaultTolerations(pod: JsonObject, seconds: DefaultTolerationSeconds): void {
  const spec = pod.spec;
  if (!isPlainObject(spec)) return;
  const tolerations: readonly unknown[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  const added: Toleration[] = [];
  if (!tolerates(tolerations, notReadyTaint)) added.push({ key: notReadyTaint, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds.notReady });
  if (!tolerates(tolerations, unreachableTaint)) added.push({ key: unreachableTaint, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds.unreachable });
  if (added.length > 0) spec.tolerations = [...tolerations, ...added];
}

/** The plugin: pods created or updated (not their subresources) get the missing tolerations. */
export function defaultTolerationSecondsPlugin(seconds: DefaultTolerationSeconds): AdmissionPlugin {
  const isPods = (group: string, resource: string): boolean => group === '' && resource === 'pods';
  return {
    name: 'DefaultTolerationSeconds',
    operations: ['CREATE', 'UPDATE'],
    mutates: isPods,
    admit: (attributes) => {
      if (!isPods(attributes.resource.group, attributes.resource.resource) || attributes.subresource !== '' || attributes.object === undefined) return;
      addDefaultTolerations(attributes.object, seconds);
    },
  };
}
