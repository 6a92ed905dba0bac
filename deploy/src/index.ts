// The public surface of @capstan/deploy.

export { runCapstan, usage } from './capstan.ts';
export { kubeconfigFor } from './kubeconfig.ts';
