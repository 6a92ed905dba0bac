// --service-cluster-ip-range and --service-node-port-range read into ranges; a bad value fails at start.

import { FlagError } from '@capstan/common';
import { parseIpv4Cidr, type Ipv4Cidr } from '../registry/service-addresses/ipv4-cidr.ts';
import { parsePortRange, type PortRange } from '../registry/service-addresses/node-port-allocator.ts';

export const defaultServiceClusterIpRange = '10.0.0.0/24';
export const defaultServiceNodePortRange = '30000-32767';

export function serviceRanges(cidrText: string, portsText: string): { serviceClusterIpRange: Ipv4Cidr; serviceNodePortRange: PortRange } {
  const serviceClusterIpRange = parseIpv4Cidr(cidrText);
  // Fewer than four addresses leave none to hand out once the network and broadcast ones are kept.
  if (serviceClusterIpRange === undefined || serviceClusterIpRange.size < 4) {
    throw new FlagError(`invalid argument "${cidrText}" for "--service-cluster-ip-range" flag: not an IPv4 CIDR range with room for Services, such as 10.0.0.0/24`);
  }
  const serviceNodePortRange = parsePortRange(portsText);
  if (serviceNodePortRange === undefined) throw new FlagError(`invalid argument "${portsText}" for "--service-node-port-range" flag: not a port range such as 30000-32767`);
  return { serviceClusterIpRange, serviceNodePortRange };
}
