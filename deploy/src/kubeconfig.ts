// The kubeconfig that points kubectl and client libraries at a Capstan API server: the authority
// its serving certificate chains to, and who the user is (a client certificate, or a token).

export interface KubeconfigCredentials {
  /** PEM authorities the server's certificate must chain to (an https server). */
  readonly certificateAuthority?: string;
  /** PEM client certificate and key. */
  readonly clientCertificate?: string;
  readonly clientKey?: string;
  readonly token?: string;
  /** The names of the cluster, user and context (default "capstan"). */
  readonly name?: string;
}

const base64 = (text: string): string => Buffer.from(text).toString('base64');

export function kubeconfigFor(server: string, credentials: KubeconfigCredentials = {}): string {
  const name = credentials.name ?? 'capstan';
  // @kubernetes/client-node refuses plain http:// unless TLS verification is declared off; there
  // is no TLS to verify on a plain-HTTP listener, so saying so costs nothing (kubectl accepts it too).
  const trust = server.startsWith('http://')
    ? '\n    insecure-skip-tls-verify: true'
    : credentials.certificateAuthority === undefined
      ? ''
      : `\n    certificate-authority-data: ${base64(credentials.certificateAuthority)}`;
  const user = [
    ...(credentials.clientCertificate === undefined ? [] : [`client-certificate-data: ${base64(credentials.clientCertificate)}`]),
    ...(credentials.clientKey === undefined ? [] : [`client-key-data: ${base64(credentials.clientKey)}`]),
    ...(credentials.token === undefined ? [] : [`token: ${credentials.token}`]),
  ];
  return `apiVersion: v1
kind: Config
clusters:
- name: ${name}
  cluster:
    server: ${server}${trust}
contexts:
- name: ${name}
  context:
    cluster: ${name}
    user: ${name}
    namespace: default
current-context: ${name}
users:
- name: ${name}
  user:${user.length === 0 ? ' {}' : user.map((line) => `\n    ${line}`).join('')}
`;
}
