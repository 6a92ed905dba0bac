// The public surface of @capstan/e2e: what tests need to start Capstan and drive it with real clients.

export { startApiServer, type ApiServerProcess } from './api-server-process.ts';
export { kubectlBinary } from './kubectl-binary.ts';
export { kubectlApply } from './kubectl-apply.ts';
