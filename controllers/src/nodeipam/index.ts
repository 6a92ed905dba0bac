// kube-controller-manager's node IPAM: pod ranges for Nodes (--allocate-node-cidrs).

export { nodeIpamController } from './node-ipam-controller.ts';
export { defaultNodeIpamFlags, resolveNodeIpam, type NodeIpamConfig, type NodeIpamFlags } from './node-ipam-config.ts';
