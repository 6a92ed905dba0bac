// The agent's HTTPS server (the kubelet's port 10250 API): container logs, exec and attach through
// the runtime's streaming server, checkpoints, the pods, health.

export { AgentServerError, startAgentServer, type AgentServer, type AgentServerOptions } from './agent-server.ts';
