// One exec in a simulated container, whatever carries its streams (WebSocket or SPDY): what the
// command prints goes to the client's stdout and stderr (a terminal has one output: stderr joins
// stdout), and its end becomes the Status the kubelet's streaming library writes on the error
// stream: Success, NonZeroExitCode with the code as a cause, or an InternalError.

import type { ExecRequest } from '../cri/index.ts';
import type { SimulatedRuntime } from './simulated-runtime.ts';
import { errorMessage } from '@capstan/common';

export type ExecSession = Pick<ExecRequest, 'containerId' | 'cmd' | 'tty' | 'stdin' | 'stdout' | 'stderr'>;

/** A metav1.Status as the error stream carries it (v4 and later: JSON; earlier: the message only). */
export interface ExecStatus {
  readonly metadata: Record<string, never>;
  readonly status: 'Success' | 'Failure';
  readonly message?: string;
  readonly reason?: string;
  readonly details?: { readonly causes: readonly { readonly reason?: string; readonly message: string }[] };
  readonly code?: number;
}

export interface ExecIo {
  /** What the client types, until it closes stdin; absent when the exec has no stdin. */
  readonly stdin?: AsyncIterable<Buffer>;
  write(stream: 'stdout' | 'stderr', data: string): void;
  /** Resolves when the client has gone (its connection closed). */
  readonly gone: Promise<void>;
}

export async function runExecSession(runtime: SimulatedRuntime, session: ExecSession, io: ExecIo): Promise<ExecStatus> {
  try {
    const exitCode = await runtime.exec(session.containerId, session.cmd, {
      ...(io.stdin !== undefined && { stdin: io.stdin }),
      tty: session.tty,
      output: (stream, data) => {
        if (session[stream]) io.write(stream, data);
        else if (stream === 'stderr' && session.tty) io.write('stdout', data);
      },
    });
    if (exitCode === 0) return { metadata: {}, status: 'Success' };
    return {
      metadata: {},
      status: 'Failure',
      message: `command terminated with non-zero exit code: error executing command [${session.cmd.join(' ')}], exit code ${exitCode}`,
      reason: 'NonZeroExitCode',
      details: { causes: [{ reason: 'ExitCode', message: String(exitCode) }] },
    };
  } catch (error) {
    const message = `error executing command in container: ${errorMessage(error)}`;
    return { metadata: {}, status: 'Failure', message: `Internal error occurred: ${message}`, reason: 'InternalError', details: { causes: [{ message }] }, code: 500 };
  }
}
