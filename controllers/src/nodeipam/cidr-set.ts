// The node ranges of one cluster CIDR (kube's cidrset): the cluster range cut into subnets of the
// node mask size, each free or used, handed out round-robin from where the last one was taken so
// a range just released is not handed out again at once.

import { addressBits, cidrLast, formatCidr, type Cidr } from './ip-cidr.ts';

/** kube's clusterSubnetMaxDiff: at most 2^16 node ranges per cluster CIDR. */
const maxSubnetBitsDiff = 16;

export const noCidrsRemainingMessage = 'CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range';
export const subnetTooBigMessage = 'New CIDR set failed; the node CIDR size is too big';

export class CidrSet {
  readonly cluster: Cidr;
  readonly nodeMaskSize: number;
  readonly #count: number;
  readonly #used: Uint8Array;
  #allocated = 0;
  #nextCandidate = 0;

  constructor(cluster: Cidr, nodeMaskSize: number) {
    if (nodeMaskSize < cluster.prefix || nodeMaskSize - cluster.prefix > maxSubnetBitsDiff || nodeMaskSize > addressBits(cluster.family)) throw new Error(subnetTooBigMessage);
    this.cluster = cluster;
    this.nodeMaskSize = nodeMaskSize;
    this.#count = 2 ** (nodeMaskSize - cluster.prefix);
    this.#used = new Uint8Array(this.#count);
  }

  get allocated(): number {
    return this.#allocated;
  }

  #subnet(index: number): Cidr {
    const shift = BigInt(addressBits(this.cluster.family) - this.nodeMaskSize);
    return { family: this.cluster.family, base: this.cluster.base + (BigInt(index) << shift), prefix: this.nodeMaskSize };
  }

  /** The next free node range; throws when none is left. */
  allocateNext(): Cidr {
    for (let i = 0; i < this.#count; i++) {
      const candidate = (this.#nextCandidate + i) % this.#count;
      if (this.#used[candidate] !== 0) continue;
      this.#used[candidate] = 1;
      this.#allocated++;
      this.#nextCandidate = (candidate + 1) % this.#count;
      return this.#subnet(candidate);
    }
    throw new Error(noCidrsRemainingMessage);
  }

  /** The first and last node range indices a range covers (clipped to the cluster range). */
  #indices(cidr: Cidr): [number, number] {
    const first = cidr.base > this.cluster.base ? cidr.base : this.cluster.base;
    const clusterLast = cidrLast(this.cluster);
    const last = cidrLast(cidr) < clusterLast ? cidrLast(cidr) : clusterLast;
    if (cidr.family !== this.cluster.family || first > last) throw new Error(`cidr ${formatCidr(cidr)} is out the range of cluster cidr ${formatCidr(this.cluster)}`);
    const shift = BigInt(addressBits(this.cluster.family) - this.nodeMaskSize);
    return [Number((first - this.cluster.base) >> shift), Number((last - this.cluster.base) >> shift)];
  }

  /** Marks every node range the given range touches as used (a Node's podCIDR, the Service range). */
  occupy(cidr: Cidr): void {
    const [begin, end] = this.#indices(cidr);
    for (let i = begin; i <= end; i++) {
      if (this.#used[i] === 0) this.#allocated++;
      this.#used[i] = 1;
    }
  }

  release(cidr: Cidr): void {
    const [begin, end] = this.#indices(cidr);
    for (let i = begin; i <= end; i++) {
      if (this.#used[i] !== 0) this.#allocated--;
      this.#used[i] = 0;
    }
  }
}
