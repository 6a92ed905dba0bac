// CRI Attach to a simulated container, whatever carries its streams: the client sees each line the
// container prints from now on (a terminal gets stderr on stdout, with CR LF), and what it types on
// stdin comes back on stdout, as from a program that echoes its input. The attach ends when the
// container exits, or the client closes stdin or leaves, with the Success status the kubelet reports.

import type { ExecIo, ExecStatus } from './exec-session.ts';
import type { SimulatedRuntime } from './simulated-runtime.ts';

export interface AttachSession {
  readonly containerId: string;
  readonly stdin: boolean;
  readonly stdout: boolean;
  readonly stderr: boolean;
  readonly tty: boolean;
}

export async function runAttachSession(runtime: SimulatedRuntime, session: AttachSession, io: ExecIo): Promise<ExecStatus> {
  const terminal = (text: string): string => (session.tty ? text.replace(/\r?\n/g, '\r\n') : text);
  const attached = runtime.attach(session.containerId, (stream, text) => {
    if (session[stream]) io.write(stream, terminal(`${text}\n`));
    else if (stream === 'stderr' && session.tty && session.stdout) io.write('stdout', terminal(`${text}\n`));
  });
  try {
    const echoed = (async () => {
      if (io.stdin === undefined) return new Promise<void>(() => {});
      for await (const chunk of io.stdin) if (session.stdout) io.write('stdout', terminal(chunk.toString('utf8')));
    })();
    await Promise.race([attached.exited, echoed, io.gone]);
  } finally {
    attached.detach();
  }
  return { metadata: {}, status: 'Success' };
}
