// A failed connection worded as Go's net package words it, which is what the kubelet's TCP and HTTP
// probes report: "dial tcp 10.0.0.7:8080: connect: connection refused", "dial tcp ...: i/o timeout".

/** net.JoinHostPort. */
export const joinHostPort = (host: string, port: number): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

const connectErrors: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connect: connection refused',
  EHOSTUNREACH: 'connect: no route to host',
  ENETUNREACH: 'connect: network is unreachable',
  EADDRNOTAVAIL: 'connect: cannot assign requested address',
  ETIMEDOUT: 'i/o timeout',
};

/** The dial error of a connection to host:port that failed with `error` (undefined: it timed out). */
export function goDialError(host: string, port: number, error: NodeJS.ErrnoException | undefined): string {
  const address = joinHostPort(host, port);
  if (error === undefined) return `dial tcp ${address}: i/o timeout`;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return `dial tcp: lookup ${host}: no such host`;
  if (error.code === 'ECONNRESET') return `read tcp ${address}: read: connection reset by peer`;
  const known = error.code === undefined ? undefined : connectErrors[error.code];
  return `dial tcp ${address}: ${known ?? error.message}`;
}
