// The TCP probe: a connection to host:port opened within the timeout is a success (and closed at
// once); any error is a failure whose output is Go's dial error.

import { connect } from 'node:net';
import { goDialError } from './go-net-error.ts';
import type { ProbeOutcome } from './probe-result.ts';

export function tcpProbe(host: string, port: number, timeoutMs: number): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => finish({ result: 'failure', output: goDialError(host, port, undefined) }), timeoutMs);
    const finish = (outcome: ProbeOutcome): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    socket.once('connect', () => finish({ result: 'success', output: '' }));
    socket.once('error', (error: NodeJS.ErrnoException) => finish({ result: 'failure', output: goDialError(host, port, error) }));
  });
}
