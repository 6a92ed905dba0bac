// @capstan/nodeagent: the per-node agent (`capstan agent`) and the simulated CRI runtime
// (`capstan runtime-sim`).

export { agentCommand, agentUsage } from './cli/agent-command.ts';
export { runtimeSimCommand, runtimeSimUsage } from './runtime-sim/index.ts';
