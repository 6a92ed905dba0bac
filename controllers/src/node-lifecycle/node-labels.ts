// kube's reconcileNodeLabels: the beta OS and architecture labels of a Node follow the stable ones
// (kubernetes.io/os -> beta.kubernetes.io/os, kubernetes.io/arch -> beta.kubernetes.io/arch).

import type { RestClient } from '@capstan/common/client';
import { nodesResource, type Node } from './api-types.ts';

const reconciledLabels: readonly { readonly primary: string; readonly secondary: string }[] = [
  { primary: 'kubernetes.io/os', secondary: 'beta.kubernetes.io/os' },
  { primary: 'kubernetes.io/arch', secondary: 'beta.kubernetes.io/arch' },
];

/** The secondary labels to set so that they equal their primary; empty when all agree. */
export function labelsToReconcile(node: Node): Record<string, string> {
  const labels = node.metadata?.labels ?? {};
  const changes: Record<string, string> = {};
  for (const { primary, secondary } of reconciledLabels) {
    const value = labels[primary];
    if (value !== undefined && labels[secondary] !== value) changes[secondary] = value;
  }
  return changes;
}

export async function reconcileNodeLabels(client: RestClient, node: Node): Promise<void> {
  const changes = labelsToReconcile(node);
  if (Object.keys(changes).length === 0) return;
  await client.patch({ ...nodesResource, name: node.metadata?.name ?? '' }, { metadata: { labels: changes } }, { type: 'strategic' });
}
