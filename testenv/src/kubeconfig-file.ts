// A test environment's kubeconfig: its server, the authority of its serving certificate and the
// bearer token of its administrator. Written as JSON, which kubeconfig readers (kubectl, client-go's
// clientcmd, @kubernetes/client-node) take as they take YAML.

export function kubeconfigOf(url: string, certificateAuthority: string, token: string): string {
  const name = 'capstan-testenv';
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster: { server: url, 'certificate-authority-data': Buffer.from(certificateAuthority).toString('base64') } }],
    users: [{ name, user: { token } }],
    contexts: [{ name, context: { cluster: name, user: name, namespace: 'default' } }],
    'current-context': name,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
