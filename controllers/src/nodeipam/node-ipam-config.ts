// What kube-controller-manager's node IPAM flags amount to, checked as it checks them at start:
// --cluster-cidr (one range, or one of each family for dual-stack), the node mask sizes
// (--node-cidr-mask-size for single-stack, or the -ipv4 / -ipv6 ones; 24 and 64 by default), and
// the Service ranges kept out of the node ranges. A wrong setting is an error at start, with
// kube's words.

import { FlagError } from '@capstan/common';
import { parseCidr, type Cidr } from './ip-cidr.ts';

export interface NodeIpamFlags {
  /** --allocate-node-cidrs (false). */
  readonly allocateNodeCidrs: boolean;
  /** --cluster-cidr, comma-separated. */
  readonly clusterCidr: string;
  /** --service-cluster-ip-range, comma-separated (kube's primary and secondary Service ranges). */
  readonly serviceClusterIpRange: string;
  /** --node-cidr-mask-size, -ipv4, -ipv6: 0 for the default. */
  readonly nodeCidrMaskSize: number;
  readonly nodeCidrMaskSizeIpv4: number;
  readonly nodeCidrMaskSizeIpv6: number;
}

export interface NodeIpamConfig {
  readonly clusterCidrs: readonly Cidr[];
  /** The node mask size of each cluster CIDR, in the same order. */
  readonly nodeMaskSizes: readonly number[];
  readonly serviceCidrs: readonly Cidr[];
}

export const defaultNodeIpamFlags: NodeIpamFlags = {
  allocateNodeCidrs: false,
  clusterCidr: '',
  serviceClusterIpRange: '',
  nodeCidrMaskSize: 0,
  nodeCidrMaskSizeIpv4: 0,
  nodeCidrMaskSizeIpv6: 0,
};

const defaultMaskIpv4 = 24;
const defaultMaskIpv6 = 64;

function parseCidrList(list: string): Cidr[] {
  return list
    .split(',')
    .map((text) => text.trim())
    .map((text) => {
      const cidr = parseCidr(text);
      if (cidr === null) throw new FlagError(`invalid CIDR address: ${text}`);
      return cidr;
    });
}

function nodeMaskSizes(flags: NodeIpamFlags, clusterCidrs: readonly Cidr[]): number[] {
  let ipv4 = defaultMaskIpv4;
  let ipv6 = defaultMaskIpv6;
  const sized = (): number[] => clusterCidrs.map((cidr) => (cidr.family === 6 ? ipv6 : ipv4));
  if (clusterCidrs.length > 1) {
    if (flags.nodeCidrMaskSize !== 0) throw new FlagError('usage of --node-cidr-mask-size is not allowed with dual-stack clusters');
    if (flags.nodeCidrMaskSizeIpv4 !== 0) ipv4 = flags.nodeCidrMaskSizeIpv4;
    if (flags.nodeCidrMaskSizeIpv6 !== 0) ipv6 = flags.nodeCidrMaskSizeIpv6;
    return sized();
  }
  const singleStackIpv6 = clusterCidrs[0]?.family === 6;
  if (flags.nodeCidrMaskSize !== 0) {
    if (flags.nodeCidrMaskSizeIpv4 !== 0 || flags.nodeCidrMaskSizeIpv6 !== 0) {
      throw new FlagError(
        'usage of --node-cidr-mask-size-ipv4 and --node-cidr-mask-size-ipv6 is not allowed if --node-cidr-mask-size is set. For dual-stack clusters please unset it and use IPFamily specific flags',
      );
    }
    ipv4 = ipv6 = flags.nodeCidrMaskSize;
    return sized();
  }
  if (flags.nodeCidrMaskSizeIpv4 !== 0) {
    if (singleStackIpv6) throw new FlagError('usage of --node-cidr-mask-size-ipv4 is not allowed for a single-stack IPv6 cluster');
    ipv4 = flags.nodeCidrMaskSizeIpv4;
  }
  if (flags.nodeCidrMaskSizeIpv6 !== 0) {
    if (!singleStackIpv6) throw new FlagError('usage of --node-cidr-mask-size-ipv6 is not allowed for a single-stack IPv4 cluster');
    ipv6 = flags.nodeCidrMaskSizeIpv6;
  }
  return sized();
}

/** The node IPAM settings, or undefined when --allocate-node-cidrs is off; throws FlagError as kube refuses to start. */
export function resolveNodeIpam(flags: NodeIpamFlags): NodeIpamConfig | undefined {
  if (!flags.allocateNodeCidrs) return undefined;
  if (flags.clusterCidr.trim() === '') throw new FlagError('Controller: Must specify --cluster-cidr if --allocate-node-cidrs is set');
  const clusterCidrs = parseCidrList(flags.clusterCidr);
  const dualStack = new Set(clusterCidrs.map((cidr) => cidr.family)).size === 2;
  if (clusterCidrs.length > 1 && !dualStack) {
    throw new FlagError(`len of ClusterCIDRs==${clusterCidrs.length} and they are not configured as dual stack (at least one from each IPFamily`);
  }
  if (clusterCidrs.length > 2) throw new FlagError(`length of clusterCIDRs is:${clusterCidrs.length} more than max allowed of 2`);
  const sizes = nodeMaskSizes(flags, clusterCidrs);
  clusterCidrs.forEach((cidr, index) => {
    if (cidr.prefix > (sizes[index] as number)) {
      throw new FlagError('Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family');
    }
    if ((sizes[index] as number) - cidr.prefix > 16) throw new FlagError('New CIDR set failed; the node CIDR size is too big');
  });
  const serviceCidrs = flags.serviceClusterIpRange.trim() === '' ? [] : parseCidrList(flags.serviceClusterIpRange);
  return { clusterCidrs, nodeMaskSizes: sizes, serviceCidrs };
}
