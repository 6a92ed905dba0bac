// @capstan/nodeagent: the per-node agent (`capstan agent`) and the simulated CRI runtime
// (`capstan runtime-sim`).

export { agentCommand, agentUsage } from './cli/agent-command.ts';
export { runtimeSimCommand, runtimeSimUsage } from './runtime-sim/index.ts';
// For `capstan up` on containerd: the Capstan image's presence, and the pods its agent leaves behind.
export { CriImageClient, CriRuntimeClient } from './cri/index.ts';
export { podTerminationGracePeriodAnnotation, podUidLabel } from './pods/runtime-labels.ts';
