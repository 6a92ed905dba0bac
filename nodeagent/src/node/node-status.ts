// The Node's status as the kubelet's setters build it, from the machine, the runtime and the
// agent's settings: addresses, capacity and allocatable, nodeInfo, daemonEndpoints, images,
// runtimeHandlers, features, conditions (with the events their transitions record), and
// declaredFeatures when the NodeDeclaredFeatures gate is on.

import { capstanVersion, kubernetesMinor, newQuantity } from '@capstan/common';
import {
  machineNodeInfo,
  nodeAllocatable,
  resourceList,
  updateNodeConditions,
  type MachineInfo,
  type NodeAddress,
  type NodeCondition,
  type NodeEvent,
  type PressureCondition,
  type ResourceQuantities,
} from '../system/index.ts';
import type { ExtendedResources } from '../root-dir/index.ts';
import type { RuntimeFacts } from './runtime-facts.ts';

/** The version the agent reports as nodeInfo.kubeletVersion (kubectl get nodes' VERSION). */
export const agentVersion = `v${kubernetesMinor}.0+capstan-${capstanVersion}`;

export interface NodeStatusInputs {
  readonly nodeName: string;
  readonly now: Date;
  readonly addresses: readonly NodeAddress[];
  readonly machine: MachineInfo;
  readonly capacity: ResourceQuantities;
  readonly reservation: ResourceQuantities;
  readonly runtime: RuntimeFacts;
  readonly pressures: ReadonlySet<PressureCondition>;
  /** The agent's HTTPS port (daemonEndpoints.kubeletEndpoint.Port). */
  readonly port: number;
  /** Features the node declares, when NodeDeclaredFeatures is on. */
  readonly declaredFeatures?: readonly string[];
  /** The device plugins' resources (the device manager's GetCapacity). */
  readonly extendedResources?: ExtendedResources;
}

export interface ComputedNodeStatus {
  readonly status: Record<string, unknown>;
  readonly events: readonly NodeEvent[];
}

export function computeNodeStatus(currentConditions: readonly NodeCondition[], inputs: NodeStatusInputs): ComputedNodeStatus {
  const { conditions, events } = updateNodeConditions(currentConditions, {
    nodeName: inputs.nodeName,
    now: inputs.now,
    pressures: inputs.pressures,
    ready: { errors: inputs.runtime.readyErrors, capacityNames: inputs.capacity.keys() },
  });
  const { capacity, allocatable } = withExtendedResources(inputs.capacity, nodeAllocatable(inputs.capacity, inputs.reservation), inputs.extendedResources);
  const status: Record<string, unknown> = {
    capacity: resourceList(capacity),
    allocatable: resourceList(allocatable),
    conditions,
    addresses: inputs.addresses,
    daemonEndpoints: { kubeletEndpoint: { Port: inputs.port } },
    nodeInfo: {
      ...machineNodeInfo(inputs.machine),
      containerRuntimeVersion: inputs.runtime.containerRuntimeVersion,
      kubeletVersion: agentVersion,
      kubeProxyVersion: '',
    },
    images: inputs.runtime.images,
    runtimeHandlers: inputs.runtime.runtimeHandlers,
    ...(inputs.runtime.features === undefined ? {} : { features: inputs.runtime.features }),
    ...(inputs.declaredFeatures === undefined ? {} : { declaredFeatures: [...inputs.declaredFeatures].sort() }),
  };
  return { status, events };
}

/**
 * The kubelet's MachineInfo setter: device plugin resources join capacity and allocatable (the
 * healthy devices), and a resource whose plugin is gone for good is reported once at zero.
 */
function withExtendedResources(
  capacity: ResourceQuantities,
  allocatable: ResourceQuantities,
  extended: ExtendedResources | undefined,
): { capacity: ResourceQuantities; allocatable: ResourceQuantities } {
  if (extended === undefined) return { capacity, allocatable };
  const zero = newQuantity(0n, 'DecimalSI');
  const removed = extended.removed.map((name) => [name, zero] as const);
  return {
    capacity: new Map([...capacity, ...extended.capacity, ...removed]),
    allocatable: new Map([...allocatable, ...extended.allocatable, ...removed]),
  };
}

/**
 * Whether the status changed in a way worth reporting before the report frequency is due: any
 * field but the conditions' heartbeat times (the kubelet's nodeStatusHasChanged).
 */
export function nodeStatusChanged(previous: Record<string, unknown> | undefined, next: Record<string, unknown>): boolean {
  if (previous === undefined) return true;
  const withoutHeartbeats = (status: Record<string, unknown>): string =>
    JSON.stringify({
      ...status,
      conditions: ((status['conditions'] ?? []) as NodeCondition[]).map(({ lastHeartbeatTime: _heartbeat, ...condition }) => condition),
    });
  return withoutHeartbeats(previous) !== withoutHeartbeats(next);
}
