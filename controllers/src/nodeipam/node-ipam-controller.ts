// kube-controller-manager's node-ipam-controller with its range allocator: with
// --allocate-node-cidrs, every Node without a pod range gets one from each cluster CIDR
// (spec.podCIDR and spec.podCIDRs, a strategic merge patch), the ranges of Nodes that have one are
// kept as used, the Service ranges are never handed out, and a deleted Node's ranges are freed.
// When no range is left the Node gets a CIDRNotAvailable event (there is no Node condition for it
// in kube's range allocator) and is tried again with backoff.

import { ApiError } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import type { EventRecorder, InvolvedObject } from '../event-recorder.ts';
import { nodesResource, type Node } from '../node-lifecycle/api-types.ts';
import { shutDownOnAbort } from '../node-lifecycle/shut-down-on-abort.ts';
import { WorkQueue } from '../work-queue.ts';
import { CidrSet } from './cidr-set.ts';
import { cidrsOverlap, formatCidr, parseCidr, type Cidr } from './ip-cidr.ts';
import type { NodeIpamConfig } from './node-ipam-config.ts';
import { errorMessage } from '@capstan/common';

/** apierrors.IsServerTimeout: the server gave up waiting (reason ServerTimeout). */
const isServerTimeout = (error: unknown): boolean => error instanceof ApiError && error.reason === 'ServerTimeout';

/** kube's cidrUpdateRetries. */
const cidrUpdateRetries = 3;
const workers = 8;

type NodeWithCidrs = Node & { spec?: { podCIDR?: string; podCIDRs?: string[] } };

const nodeReference = (node: Node): InvolvedObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  name: node.metadata?.name ?? '',
  ...(node.metadata?.uid ? { uid: node.metadata.uid } : {}),
});

/** controllerutil.RecordNodeStatusChange: a Normal event naming the Node's new status. */
const recordNodeStatusChange = (recorder: EventRecorder, node: Node, status: string): void =>
  void recorder.record(nodeReference(node), 'Normal', status, `Node ${node.metadata?.name ?? ''} status is now: ${status}`);

export class RangeAllocator {
  readonly #sets: readonly CidrSet[];

  constructor(config: NodeIpamConfig, onServiceRangeError: (message: string) => void = () => {}) {
    this.#sets = config.clusterCidrs.map((cidr, index) => new CidrSet(cidr, config.nodeMaskSizes[index] as number));
    for (const service of config.serviceCidrs) {
      for (const set of this.#sets) {
        if (!cidrsOverlap(set.cluster, service)) continue;
        try {
          set.occupy(service);
        } catch (error) {
          onServiceRangeError(errorMessage(error));
        }
      }
    }
  }

  /** The Node's ranges, parsed; throws as kube's occupyCIDRs does for garbage or a range of no cluster CIDR. */
  #nodeCidrs(node: NodeWithCidrs): Cidr[] {
    const name = node.metadata?.name ?? '';
    return (node.spec?.podCIDRs ?? []).map((text, index) => {
      const cidr = parseCidr(text);
      if (cidr === null) throw new Error(`failed to parse node ${name}, CIDR ${node.spec?.podCIDR ?? ''}`);
      if (index >= this.#sets.length) throw new Error(`node:${name} has an allocated cidr: ${text} at index:${index} that does not exist in cluster cidrs configuration`);
      return cidr;
    });
  }

  occupy(node: NodeWithCidrs): void {
    this.#nodeCidrs(node).forEach((cidr, index) => {
      try {
        this.#sets[index]?.occupy(cidr);
      } catch (error) {
        throw new Error(`failed to mark cidr[${formatCidr(cidr)}] at idx [${index}] as occupied for node: ${node.metadata?.name ?? ''}: ${errorMessage(error)}`);
      }
    });
  }

  release(node: NodeWithCidrs): void {
    this.#nodeCidrs(node).forEach((cidr, index) => this.#sets[index]?.release(cidr));
  }

  /** One range of each cluster CIDR; none taken when one of them is exhausted. */
  allocate(): Cidr[] {
    const taken: Cidr[] = [];
    try {
      for (const set of this.#sets) taken.push(set.allocateNext());
    } catch (error) {
      taken.forEach((cidr, index) => this.#sets[index]?.release(cidr));
      throw new Error(`failed to allocate cidr from cluster cidr at idx:${taken.length}: ${errorMessage(error)}`);
    }
    return taken;
  }

  releaseAll(cidrs: readonly Cidr[]): void {
    cidrs.forEach((cidr, index) => this.#sets[index]?.release(cidr));
  }
}

export const nodeIpamController: ControllerDefinition = {
  name: 'node-ipam-controller',
  aliases: ['nodeipam'],
  clientName: 'node-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const config = context.options.nodeIpam;
    // kube starts no node IPAM at all without --allocate-node-cidrs.
    if (config === undefined) return;
    const recorder = context.eventRecorder('cidrAllocator');
    const nodes = context.informers.informer<NodeWithCidrs>(nodesResource);
    const queue = new WorkQueue({ name: 'cidrallocator_node' });
    const allocator = new RangeAllocator(config, (message) => logger.error({ err: message }, 'Error filtering out service cidr out cluster cidr'));
    nodes.addEventHandler({
      onAdd: (node) => queue.add(node.metadata?.name ?? ''),
      onUpdate: (_old, node) => queue.add(node.metadata?.name ?? ''),
      onDelete: (node) => {
        try {
          allocator.release(node);
        } catch (error) {
          logger.error({ err: error }, 'Error while processing CIDR Release');
        }
      },
    });
    shutDownOnAbort(signal, [queue]);
    if (!(await context.informers.waitForSync(signal))) return;
    // Every range in use is known before any is handed out.
    for (const node of nodes.store.list()) {
      try {
        allocator.occupy(node);
      } catch (error) {
        logger.error({ err: error, node: node.metadata?.name }, 'Node has a CIDR the allocator cannot occupy');
      }
    }

    const patchCidrs = async (node: NodeWithCidrs, cidrs: readonly Cidr[]): Promise<void> => {
      const name = node.metadata?.name ?? '';
      const texts = cidrs.map(formatCidr);
      let failure: unknown;
      for (let attempt = 0; attempt < cidrUpdateRetries; attempt++) {
        try {
          await client.patch({ ...nodesResource, name }, { spec: { podCIDR: texts[0], podCIDRs: texts } }, { type: 'strategic' });
          logger.info({ node: name, podCIDRs: texts }, 'Set node PodCIDR');
          return;
        } catch (error) {
          failure = error;
        }
      }
      logger.error({ err: failure, node: name, podCIDRs: texts }, 'Failed to update node PodCIDR after multiple attempts');
      recordNodeStatusChange(recorder, node, 'CIDRAssignmentFailed');
      // A timeout may have written the ranges: keeping them used is the safer mistake.
      if (!isServerTimeout(failure)) allocator.releaseAll(cidrs);
      throw failure;
    };

    const syncNode = async (name: string): Promise<void> => {
      const node = nodes.store.get(undefined, name);
      if (node === undefined || node.metadata?.deletionTimestamp !== undefined) return;
      if ((node.spec?.podCIDRs ?? []).length > 0) {
        allocator.occupy(node);
        return;
      }
      let cidrs: Cidr[];
      try {
        cidrs = allocator.allocate();
      } catch (error) {
        recordNodeStatusChange(recorder, node, 'CIDRNotAvailable');
        throw error;
      }
      // The Node as last seen may have been given its ranges meanwhile (by us, not yet seen).
      const latest = nodes.store.get(undefined, name);
      if ((latest?.spec?.podCIDRs ?? []).length > 0) {
        allocator.releaseAll(cidrs);
        return;
      }
      await patchCidrs(node, cidrs);
    };
    await queue.run(workers, syncNode, (key, error) => logger.error({ err: error, node: key }, `error syncing '${key}', requeuing`));
  },
};
