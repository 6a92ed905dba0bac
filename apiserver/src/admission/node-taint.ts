// kube-apiserver's TaintNodesByCondition admission: a Node is created with the
// node.kubernetes.io/not-ready:NoSchedule taint, so that nothing is scheduled onto it before it
// reports Ready; the node lifecycle controller removes the taint once it does.

import type { JsonObject } from '../registry/object-meta.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

const notReady = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' } as const;

export function addNotReadyTaint(node: JsonObject): void {
  const spec = (node.spec !== null && typeof node.spec === 'object' && !Array.isArray(node.spec) ? node.spec : (node.spec = {})) as { taints?: unknown };
  const taints = Array.isArray(spec.taints) ? (spec.taints as { key?: string; effect?: string }[]) : [];
  if (taints.some((taint) => taint.key === notReady.key && taint.effect === notReady.effect)) return;
  spec.taints = [...taints, { ...notReady }];
}

const isNodes = (group: string, resource: string): boolean => group === '' && resource === 'nodes';

/** The plugin: a Node created (not a subresource) gets the not-ready taint. */
export const taintNodesByCondition: AdmissionPlugin = {
  name: 'TaintNodesByCondition',
  operations: ['CREATE'],
  mutates: isNodes,
  admit: (attributes) => {
    if (!isNodes(attributes.resource.group, attributes.resource.resource) || attributes.subresource !== '' || attributes.object === undefined) return;
    addNotReadyTaint(attributes.object);
  },
};
