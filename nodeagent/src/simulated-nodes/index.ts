// Many simulated nodes in one process: the agent's heartbeats (and pod workers) for sim-node-<i>,
// sharing one client, one runtime-sim and one reading of the machine.

export { nodeRuntimeView, simulatedNodeLabel } from './node-runtime-view.ts';
export { CountingRestClient, type RequestKindCounts } from './request-counts.ts';
export { sharedReading } from './shared-reading.ts';
export { simulatedNodeConfiguration, simulatedNodeName, type SimulatedNodeSettings } from './simulated-node-configuration.ts';
export { runSimulatedPods, type SimulatedPodsContext } from './simulated-pods.ts';
export { SimulatedNodes, type SimulatedNodesOptions } from './simulated-nodes.ts';
