// --service-cluster-ip-range and --service-node-port-range read into ranges; a bad value fails at
// start, in kube-apiserver's words. The cluster IP range is one CIDR of either IP family, or two of
// different families (dual-stack, the first one primary), parsed as kube parses it (an address
// with host bits set names its network). With the IPAddress-based allocator of kube 1.35 there is
// no upper bound on a range's size, but an IPv6 range's prefix may not be shorter than /64.

import { FlagError } from '@capstan/common';
import { parseServiceCidr, type ServiceCidr } from '../resources/core/services/addresses/service-cidr.ts';
import { parsePortRange, type PortRange } from '../resources/core/services/addresses/node-port-allocator.ts';

export const defaultServiceClusterIpRange = '10.0.0.0/24';
export const defaultServiceNodePortRange = '30000-32767';

export interface ServiceRanges {
  /** The ranges of --service-cluster-ip-range, the primary one first. */
  readonly serviceClusterIpRange: readonly ServiceCidr[];
  readonly serviceNodePortRange: PortRange;
}

export function serviceRanges(cidrText: string, portsText: string): ServiceRanges {
  const serviceClusterIpRange = serviceClusterIpRanges(cidrText);
  const serviceNodePortRange = parsePortRange(portsText);
  if (serviceNodePortRange === undefined) throw new FlagError(`invalid argument "${portsText}" for "--service-node-port-range" flag: not a port range such as 30000-32767`);
  return { serviceClusterIpRange, serviceNodePortRange };
}

/** kube-apiserver's reading of the flag (its options' Complete, then Validate), and its allocator's bound on IPv6 ranges. */
function serviceClusterIpRanges(text: string): ServiceCidr[] {
  const entries = (text === '' ? defaultServiceClusterIpRange : text).split(',');
  const primary = parseServiceCidr(entries[0] as string);
  if (primary === undefined) throw new FlagError('service-cluster-ip-range[0] is not a valid cidr');
  // The primary range also holds the default/kubernetes Service IP: kube wants 8 addresses at least.
  if (primary.size < 8n) {
    throw new FlagError('error determining service IP ranges for primary service cidr: the service cluster IP range must be at least 8 IP addresses');
  }
  const ranges = [primary];
  if (entries.length > 1) {
    const secondary = parseServiceCidr(entries[1] as string);
    if (secondary === undefined) throw new FlagError('service-cluster-ip-range[1] is not an ip net');
    ranges.push(secondary);
  }
  const errors: string[] = [];
  if (entries.length > 2) errors.push('--service-cluster-ip-range must not contain more than two entries');
  if (ranges.length === 2 && ranges[0]?.family === ranges[1]?.family) {
    errors.push('--service-cluster-ip-range[0] and --service-cluster-ip-range[1] must be of different IP family');
  }
  // kube's aggregate of several errors.
  if (errors.length > 0) throw new FlagError(errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]`);
  // kube-apiserver starts with such a range, but cannot allocate from it; Capstan refuses it.
  for (const range of ranges) {
    if (range.family === 'IPv6' && range.prefix < 64) {
      throw new FlagError(`error creating new IPAllocator for Service CIDR ${range.text}: shortest allowed prefix length for service CIDR is 64, got ${range.prefix}`);
    }
  }
  return ranges;
}
