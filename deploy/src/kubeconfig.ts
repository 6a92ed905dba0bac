// The kubeconfig that points kubectl and client libraries at a Capstan API server.

export function kubeconfigFor(server: string, name = 'capstan'): string {
  // @kubernetes/client-node refuses plain http:// unless TLS verification is declared off; there
  // is no TLS to verify on a plain-HTTP listener, so saying so costs nothing (kubectl accepts it too).
  const insecure = server.startsWith('http://') ? '\n    insecure-skip-tls-verify: true' : '';
  return `apiVersion: v1
kind: Config
clusters:
- name: ${name}
  cluster:
    server: ${server}${insecure}
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
