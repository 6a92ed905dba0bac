// The kubelet's updatePodCIDR: once the node IPAM controller gives the Node its pod ranges
// (spec.podCIDRs), they go to the runtime in one CRI UpdateRuntimeConfig (comma-separated, as the
// kubelet joins them), so the runtime hands out pod IPs from the node's own range and no two nodes
// give the same IP. The agent watches its own Node for it (the kubelet reads its Node informer).

import type { Node } from '@capstan/common/api-types/core-v1';
import { Informer, type RestClient } from '@capstan/common/client';
const nodesTarget = { group: '', version: 'v1', resource: 'nodes' } as const;

/** The Node's ranges as the runtime is told them: podCIDRs, else the older podCIDR alone. */
export function runtimePodCidr(node: Node): string {
  const cidrs = node.spec?.podCIDRs ?? (node.spec?.podCIDR ? [node.spec.podCIDR] : []);
  return cidrs.join(',');
}

/** Watches the Node until the signal aborts, telling `apply` each new pod range (never the same twice in a row once it worked). */
export async function followNodePodCidr(
  client: RestClient,
  nodeName: string,
  apply: (podCidr: string) => Promise<void>,
  signal: AbortSignal,
  log: (message: string, error?: unknown) => void,
): Promise<void> {
  if (signal.aborted) return;
  let applied = '';
  let applying = Promise.resolve();
  const update = (node: Node): void => {
    const podCidr = runtimePodCidr(node);
    if (podCidr === '' || podCidr === applied) return;
    applying = applying.then(async () => {
      if (podCidr === applied) return;
      try {
        await apply(podCidr);
        applied = podCidr;
        log(`Updating Pod CIDR: ${podCidr}`);
      } catch (error) {
        log('Failed to update pod CIDR', error);
      }
    });
  };
  const informer = new Informer<Node>(client, nodesTarget, { fieldSelector: `metadata.name=${nodeName}`, onError: (error) => log('node watch failed', error) });
  informer.addEventHandler({ onAdd: update, onUpdate: (_old, node) => update(node) });
  informer.start();
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  await informer.stop();
  await applying;
}
