// The kubeconfig that points kubectl and client libraries at a Capstan API server.

export function kubeconfigFor(server: string, name = 'capstan'): string {
  return `apiVersion: v1
kind: Config
clusters:
- name: ${name}
  cluster:
    server: ${server}
contexts:
- name: ${name}
  context:
    cluster: ${name}
    user: ${name}
    namespace: default
current-context: ${name}
users:
- name: ${name}
  user: {}
`;
}
