// The kubelet's admission of a pod bound to its node, in the order of its admit handlers: the
// sysctls the node allows (SysctlForbidden), then the predicates of the node's own view: the pod
// count against maxPods (OutOfpods) and host ports already taken by another admitted pod
// (NodePorts). A rejected pod fails at once with the reason and "Pod was rejected: <message>".

import { admitPodSysctls, type SysctlAllowlist } from '../system/index.ts';
import type { Pod } from './pod-types.ts';

export type AdmitResult = { readonly admit: true } | { readonly admit: false; readonly reason: string; readonly message: string };

export interface AdmissionContext {
  readonly sysctls: SysctlAllowlist;
  readonly maxPods: number;
}

function hostPorts(pod: Pod): string[] {
  const ports: string[] = [];
  for (const container of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
    for (const port of container.ports ?? []) {
      if (port.hostPort === undefined || port.hostPort <= 0) continue;
      ports.push(`${port.protocol ?? 'TCP'}/${port.hostIP || '0.0.0.0'}/${port.hostPort}`);
    }
  }
  return ports;
}

const portsConflict = (a: string, b: string): boolean => {
  const [protocolA, ipA, portA] = a.split('/');
  const [protocolB, ipB, portB] = b.split('/');
  return protocolA === protocolB && portA === portB && (ipA === ipB || ipA === '0.0.0.0' || ipB === '0.0.0.0');
};

/** canAdmitPod: `admitted` are the pods already running on the node (not terminal). */
export function admitPod(pod: Pod, admitted: readonly Pod[], context: AdmissionContext): AdmitResult {
  const sysctls = admitPodSysctls(context.sysctls, pod);
  if (!sysctls.admit) return sysctls;
  const used = admitted.length;
  if (used + 1 > context.maxPods) {
    return { admit: false, reason: 'OutOfpods', message: `Node didn't have enough resource: pods, requested: 1, used: ${used}, capacity: ${context.maxPods}` };
  }
  const wanted = hostPorts(pod);
  if (wanted.length > 0) {
    const taken = admitted.flatMap(hostPorts);
    if (wanted.some((port) => taken.some((other) => portsConflict(port, other)))) {
      return { admit: false, reason: 'NodePorts', message: "Predicate NodePorts failed: node(s) didn't have free ports for the requested pod ports" };
    }
  }
  return { admit: true };
}
