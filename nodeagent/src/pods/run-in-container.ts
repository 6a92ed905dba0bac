// RunInContainer: a command run to its end in a container through CRI ExecSync, as the kubelet runs
// exec probes and exec lifecycle hooks: the output is stdout followed by stderr; a non-zero exit and
// a runtime's DeadlineExceeded become errors worded as the kubelet's CRI client words them.

import { goQuote } from '@capstan/common';
import { CriError, GrpcStatus, type CriRuntimeClient } from '../cri/index.ts';

/** The command exited with a non-zero code: `command 'sh -c exit 3' exited with 3: <stderr>`. */
export class CommandExitError extends Error {
  override name = 'CommandExitError';
  readonly exitCode: number;
  /** stdout then stderr. */
  readonly output: string;

  constructor(command: readonly string[], exitCode: number, stderr: string, output: string) {
    super(`command '${command.join(' ')}' exited with ${exitCode}: ${stderr}`);
    this.exitCode = exitCode;
    this.output = output;
  }
}

/** The runtime gave up on the command at its timeout: `command "sleep 5" timed out`. */
export class CommandTimeoutError extends Error {
  override name = 'CommandTimeoutError';
  readonly timeoutSeconds: number;

  constructor(command: readonly string[], timeoutSeconds: number) {
    super(`command ${goQuote(command.join(' '))} timed out`);
    this.timeoutSeconds = timeoutSeconds;
  }
}

/** Runs `command` (timeout in seconds, 0 for none); answers its output, or throws one of the errors above or the runtime's CriError. */
export async function runInContainer(runtime: CriRuntimeClient, containerId: string, command: readonly string[], timeoutSeconds: number): Promise<string> {
  let answer;
  try {
    answer = await runtime.execSync({ containerId, cmd: command, timeout: timeoutSeconds });
  } catch (error) {
    if (CriError.is(error, GrpcStatus.DEADLINE_EXCEEDED)) throw new CommandTimeoutError(command, timeoutSeconds);
    throw error;
  }
  const stderr = Buffer.from(answer.stderr).toString('utf8');
  const output = Buffer.concat([Buffer.from(answer.stdout), Buffer.from(answer.stderr)]).toString('utf8');
  if (answer.exitCode !== 0) throw new CommandExitError(command, answer.exitCode, stderr, output);
  return output;
}
