// containerRuntimeEndpoint / imageServiceEndpoint values ("unix:///run/containerd/containerd.sock")
// to the socket they name, accepting what the kubelet accepts on Linux.

/** The socket path of an endpoint; throws with the kubelet's message for what it refuses. */
export function criSocketPath(endpoint: string): string {
  // The kubelet still takes a bare path, as if prefixed with unix://.
  const url = new URL(/^[A-Za-z][A-Za-z0-9+.-]*:/.test(endpoint) ? endpoint : `unix://${endpoint}`);
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'unix') return decodeURIComponent(url.pathname);
  if (scheme === 'tcp') throw new Error('only support unix socket endpoint');
  throw new Error(`protocol ${JSON.stringify(scheme)} not supported`);
}

/** The grpc-js target of a socket path: unix:///abs/path, or unix:rel/path. */
export const grpcUnixTarget = (socketPath: string): string => (socketPath.startsWith('/') ? `unix://${socketPath}` : `unix:${socketPath}`);
