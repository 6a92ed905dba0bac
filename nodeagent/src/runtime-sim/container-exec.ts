// Exec in a simulated container, as ExecSync (probes) and Exec (kubectl exec) run it: the
// lifecycle's exec rules first (a command, a window of running time, the answer), then its readiness
// (matching commands fail until the container is ready), then the small shell of shell.ts. A program
// the container lacks is the runtime's error, worded as containerd with runc words it.

import { randomBytes } from 'node:crypto';
import { containerShellContext, type ProcessTiming } from './container-filesystem.ts';
import type { CommandPattern } from './lifecycle.ts';
import { RuntimeError } from './runtime-error.ts';
import { CapturedOutput, type Output } from './shell-context.ts';
import { type CommandResult, canExecute, ExecutableNotFound, runProgram, runScript } from './shell.ts';
import type { SimContainer } from './simulated-container.ts';
import type { TimerWheel } from './timer-wheel.ts';

export interface ExecStreams {
  /** What the user types; absent when exec has no stdin. */
  readonly stdin?: AsyncIterable<Uint8Array | string>;
  /** With a TTY, stderr joins stdout and lines end in CR LF, as a terminal writes them. */
  readonly tty?: boolean;
  output(stream: 'stdout' | 'stderr', data: string): void;
}

export async function execSync(container: SimContainer, argv: readonly string[], timeoutSeconds: number, wheel: TimerWheel): Promise<CommandResult> {
  ensureRunning(container);
  const io = new CapturedOutput();
  const run = runInContainer(container, argv, '', wheel, io).then((exitCode) => ({ stdout: io.out, stderr: io.err, exitCode }));
  if (timeoutSeconds <= 0) return run;
  const timedOut = Symbol('timeout');
  const result = await Promise.race([run, wheel.sleep(timeoutSeconds * 1000).then(() => timedOut)]);
  if (result === timedOut) throw new RuntimeError('DeadlineExceeded', `failed to exec in container: timeout ${timeoutSeconds}s exceeded: context deadline exceeded`);
  return result as CommandResult;
}

/** Runs an exec session; answers its exit code. */
export async function execStreaming(container: SimContainer, argv: readonly string[], streams: ExecStreams, wheel: TimerWheel): Promise<number> {
  ensureRunning(container);
  const write = (stream: 'stdout' | 'stderr', data: string): void => {
    if (data === '') return;
    if (streams.tty) streams.output('stdout', data.replace(/\r?\n/g, '\r\n'));
    else streams.output(stream, data);
  };
  const program = argv[0]?.replace(/^(?:\/usr)?\/bin\//, '');
  if (streams.stdin !== undefined && argv.length === 1 && (program === 'sh' || program === 'ash' || program === 'bash')) {
    return interactiveShell(container, streams.stdin, streams.tty ?? false, write, wheel);
  }
  if (streams.stdin !== undefined && argv.length === 1 && program === 'cat') {
    for await (const chunk of streams.stdin) write('stdout', typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return 0;
  }
  let input = '';
  if (streams.stdin !== undefined) for await (const chunk of streams.stdin) input += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return runInContainer(container, argv, input, wheel, { stdout: (text) => write('stdout', text), stderr: (text) => write('stderr', text) });
}

async function interactiveShell(
  container: SimContainer,
  stdin: AsyncIterable<Uint8Array | string>,
  tty: boolean,
  write: (stream: 'stdout' | 'stderr', data: string) => void,
  wheel: TimerWheel,
): Promise<number> {
  const context = containerShellContext(container, execTiming(wheel));
  const prompt = (): void => {
    if (tty) write('stdout', `${context.workingDir} # `);
  };
  let status = 0;
  let pending = '';
  prompt();
  for await (const chunk of stdin) {
    pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    let newline = pending.search(/\r|\n/);
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1).replace(/^\n/, '');
      if (/^\s*exit(\s+\d+)?\s*$/.test(line)) return Number(/\d+/.exec(line)?.[0] ?? status);
      status = await runScript(line, context, '', { stdout: (text) => write('stdout', text), stderr: (text) => write('stderr', text) });
      prompt();
      newline = pending.search(/\r|\n/);
    }
  }
  return status;
}

function ensureRunning(container: SimContainer): void {
  if (container.state !== 'CONTAINER_RUNNING') throw new RuntimeError('Unknown', `container ${container.id} is not running: container is in ${container.state} state`);
}

/** An exec'd process sleeps on the runtime's clock; what runs until stopped waits for ever. */
function execTiming(wheel: TimerWheel): ProcessTiming {
  return { sleep: (ms) => wheel.sleep(ms), untilStopped: () => new Promise<never>(() => {}), tick: () => new Promise((resolve) => setImmediate(resolve)) };
}

async function runInContainer(container: SimContainer, argv: readonly string[], stdin: string, wheel: TimerWheel, io: Output): Promise<number> {
  const ranFor = container.runningFor(wheel.clock.now());
  const { exec, readiness } = container.lifecycle;
  const rule = exec.find((r) => matchesCommand(r.command, argv) && (r.afterMs === undefined || ranFor >= r.afterMs) && (r.beforeMs === undefined || ranFor < r.beforeMs));
  if (rule !== undefined) {
    if (rule.delayMs > 0) await wheel.sleep(rule.delayMs);
    io.stdout(rule.stdout);
    io.stderr(rule.stderr);
    return rule.exitCode;
  }
  if (readiness !== undefined && ranFor < readiness.afterMs && readiness.commands.some((c) => matchesCommand(c, argv))) return 1;
  const context = containerShellContext(container, execTiming(wheel));
  try {
    if (!canExecute(argv[0] ?? '', context)) throw new ExecutableNotFound(argv[0] ?? '');
    return await runProgram(argv, context, stdin, io);
  } catch (error) {
    if (!(error instanceof ExecutableNotFound)) throw error;
    const execId = randomBytes(32).toString('hex');
    throw new RuntimeError(
      'Unknown',
      `failed to exec in container: failed to start exec "${execId}": OCI runtime exec failed: exec failed: unable to start container process: ${error.message}: unknown`,
    );
  }
}

function matchesCommand(pattern: CommandPattern, argv: readonly string[]): boolean {
  if (argv.length < pattern.args.length || (!pattern.restMatches && argv.length !== pattern.args.length)) return false;
  return pattern.args.every((match, i) => match(argv[i] as string));
}
