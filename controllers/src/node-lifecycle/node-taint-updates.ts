// Writing a Node's taints as kube-controller-manager does: read the Node (first from the API
// server's cache, then a fresh read after a conflict), change the list, and send a strategic merge
// patch that carries the resourceVersion read, so a concurrent change of the (atomic) taint list is
// refused and retried instead of overwritten. Up to 5 tries, 100 ms apart with jitter.

import { jitter, sleep } from '@capstan/common';
import { isConflict, type RestClient } from '@capstan/common/client';
import { nodesResource, type Node, type Taint } from './api-types.ts';
import { metaTime } from './meta-time.ts';
import { addOrUpdateTaint, removeTaint, taintExists } from './taints.ts';

const updateTaintSteps = 5;
const updateTaintDelayMs = 100;

type TaintChange = (taints: readonly Taint[]) => { readonly taints: readonly Taint[]; readonly updated: boolean };

async function changeNodeTaints(client: RestClient, nodeName: string, change: TaintChange): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const node = await client.get<Node>({ ...nodesResource, name: nodeName }, attempt === 0 ? { resourceVersion: '0' } : {});
    const { taints, updated } = change(node.spec?.taints ?? []);
    if (!updated) return;
    try {
      const patch = { metadata: { resourceVersion: node.metadata?.resourceVersion }, spec: { taints: taints.length === 0 ? null : taints } };
      await client.patch({ ...nodesResource, name: nodeName }, patch, { type: 'strategic' });
      return;
    } catch (error) {
      if (!isConflict(error) || attempt + 1 >= updateTaintSteps) throw error;
      await sleep(jitter(updateTaintDelayMs, 1));
    }
  }
}

/** The change that applies `operation` with each of the taints in turn. */
function eachTaint(taints: readonly Taint[], operation: (list: readonly Taint[], taint: Taint) => ReturnType<TaintChange>): TaintChange {
  return (current) => {
    let list = current;
    let updated = false;
    for (const taint of taints) {
      const result = operation(list, taint);
      list = result.taints;
      updated ||= result.updated;
    }
    return { taints: list, updated };
  };
}

/** Adds the taints (replacing those of the same key and effect); no request when all are there already. */
export async function addOrUpdateTaintOnNode(client: RestClient, nodeName: string, taints: readonly Taint[]): Promise<void> {
  if (taints.length === 0) return;
  await changeNodeTaints(client, nodeName, eachTaint(taints, addOrUpdateTaint));
}

/** Removes the taints; no request when `node` (as last seen) has none of them. */
export async function removeTaintOffNode(client: RestClient, nodeName: string, node: Node | undefined, taints: readonly Taint[]): Promise<void> {
  if (taints.length === 0) return;
  if (node !== undefined && !taints.some((taint) => taintExists(node.spec?.taints, taint))) return;
  await changeNodeTaints(client, nodeName, eachTaint(taints, removeTaint));
}

/** Adds `toAdd` (timeAdded now) then removes `toRemove`; false (the error reported) if either write failed. */
export async function swapNodeControllerTaint(
  client: RestClient,
  toAdd: readonly Taint[],
  toRemove: readonly Taint[],
  node: Node,
  onError: (message: string, error: unknown) => void,
): Promise<boolean> {
  const name = node.metadata?.name ?? '';
  const timeAdded = metaTime(Date.now());
  const added = toAdd.map((taint) => ({ ...taint, timeAdded }));
  try {
    await addOrUpdateTaintOnNode(client, name, added);
  } catch (error) {
    onError(`unable to taint ${JSON.stringify(added)} unresponsive Node "${name}"`, error);
    return false;
  }
  try {
    await removeTaintOffNode(client, name, node, toRemove);
  } catch (error) {
    onError(`unable to remove ${JSON.stringify(toRemove)} unneeded taint from unresponsive Node "${name}"`, error);
    return false;
  }
  return true;
}
