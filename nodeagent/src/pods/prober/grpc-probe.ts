// The gRPC probe: grpc.health.v1.Health/Check for the probe's service at the pod's IP and port,
// without TLS, within the probe's timeout, answered as the kubelet words it: "service healthy", or a
// failure for a server that cannot be reached in time, that lacks the health service, that times
// out or errors, or that is not SERVING. Every outcome is a success or a failure, never an error,
// as the kubelet (like grpc_health_probe) counts them.

import { Client, credentials, Metadata, status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { kubernetesMinor } from '@capstan/common';
import { decodeHealthCheckResponse, encodeHealthCheckRequest } from './grpc-health-messages.ts';
import type { ProbeOutcome } from './probe-result.ts';

const servingStatuses = ['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'] as const;

/** Go's time.Duration text of whole seconds or milliseconds ("1s", "1.5s", "500ms"). */
function goDuration(ms: number): string {
  return ms >= 1000 ? `${ms / 1000}s` : `${ms}ms`;
}

export function grpcProbe(host: string, port: number, service: string, timeoutMs: number): Promise<ProbeOutcome> {
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  const client = new Client(address, credentials.createInsecure(), { 'grpc.primary_user_agent': `kube-probe/${kubernetesMinor}` });
  const finish = (outcome: ProbeOutcome): ProbeOutcome => {
    client.close();
    return outcome;
  };
  return new Promise((resolve) => {
    // As the kubelet dials with WithBlock: connection failures are retried until the deadline.
    client.waitForReady(deadline, (connectError) => {
      if (connectError !== undefined && connectError !== null) {
        resolve(finish({ result: 'failure', output: `timeout: failed to connect service ${JSON.stringify(address)} within ${goDuration(timeoutMs)}: context deadline exceeded` }));
        return;
      }
      client.makeUnaryRequest(
        '/grpc.health.v1.Health/Check',
        (service_: string) => encodeHealthCheckRequest(service_),
        (bytes: Buffer) => decodeHealthCheckResponse(bytes),
        service,
        new Metadata(),
        { deadline },
        (error: ServiceError | null, status?: number) => {
          if (error !== null) {
            if (error.code === grpcStatus.UNIMPLEMENTED) {
              resolve(finish({ result: 'failure', output: `error: this server does not implement the grpc health protocol (grpc.health.v1.Health): ${error.details}` }));
            } else if (error.code === grpcStatus.DEADLINE_EXCEEDED) {
              resolve(finish({ result: 'failure', output: `timeout: health rpc did not complete within ${goDuration(timeoutMs)}` }));
            } else {
              resolve(finish({ result: 'failure', output: `error: health rpc probe failed: rpc error: code = ${grpcCodeName(error.code)} desc = ${error.details}` }));
            }
            return;
          }
          const name = servingStatuses[status ?? 0] ?? String(status);
          resolve(
            finish(
              name === 'SERVING' ? { result: 'success', output: 'service healthy' } : { result: 'failure', output: `service unhealthy (responded with ${JSON.stringify(name)})` },
            ),
          );
        },
      );
    });
  });
}

/** grpc-go's codes.Code String(): the name in CamelCase ("Unavailable", "PermissionDenied"). */
function grpcCodeName(code: number): string {
  if (code === grpcStatus.OK) return 'OK';
  if (code === grpcStatus.CANCELLED) return 'Canceled';
  const name = grpcStatus[code] ?? `Code(${code})`;
  return name
    .toLowerCase()
    .split('_')
    .map((word) => (word === '' ? '' : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}
