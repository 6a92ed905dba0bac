// A simulated container's main process: its command and args (over its image's entrypoint and CMD)
// run by the shell imitation, printing to the container's log as it goes (a line as soon as it is
// complete), its exit code the container's. Ending it (the container stopped or killed) makes its
// sleeps and waits throw ProcessEnded, so nothing it would do later happens.

import { containerShellContext } from './container-filesystem.ts';
import type { LogStream } from './lifecycle.ts';
import { ProcessEnded, type Output } from './shell-context.ts';
import { runProgram } from './shell.ts';
import { isShell } from './shell-programs.ts';
import type { SimContainer } from './simulated-container.ts';
import type { TimerWheel } from './timer-wheel.ts';

export interface MainProcess {
  /** The exit code; never settles once the process was ended from outside. */
  readonly exited: Promise<number>;
  /** Ends it where it is (what it printed without a newline yet is printed first). */
  end(): void;
}

export function startMainProcess(container: SimContainer, argv: readonly string[], wheel: TimerWheel, print: (stream: LogStream, line: string) => void): MainProcess {
  let ended = false;
  const enders = new Set<() => void>();
  const output = new LineOutput(print);
  const context = containerShellContext(container, {
    async sleep(ms) {
      if (Number.isFinite(ms)) await wheel.sleep(ms);
      else await new Promise<void>((resolve) => enders.add(resolve));
      if (ended) throw new ProcessEnded();
    },
    untilStopped: () =>
      new Promise<never>((_resolve, reject) => {
        if (ended) reject(new ProcessEnded());
        else enders.add(() => reject(new ProcessEnded()));
      }),
    onEnd(callback) {
      if (ended) callback();
      else enders.add(callback);
    },
    async tick() {
      await new Promise((resolve) => setImmediate(resolve));
      if (ended) throw new ProcessEnded();
    },
  });
  const exited = (async () => {
    try {
      // An interactive shell (`kubectl run -it`, stdin or a terminal) waits for what is typed, which
      // comes through attach; otherwise the process's stdin is closed, and a bare `sh` exits at once.
      if ((container.config.stdin === true || container.config.tty === true) && argv.length === 1 && isShell(argv[0] as string)) return await context.untilStopped();
      return await runProgram(argv, context, '', output);
    } catch (error) {
      if (error instanceof ProcessEnded) return new Promise<number>(() => {});
      throw error;
    } finally {
      output.flush();
    }
  })();
  return {
    exited,
    end() {
      if (ended) return;
      ended = true;
      output.flush();
      for (const end of enders) end();
      enders.clear();
    },
  };
}

/** Prints whole lines as they complete, and a last partial line when flushed (as containerd's log at EOF). */
export class LineOutput implements Output {
  readonly #print: (stream: LogStream, line: string) => void;
  readonly #partial: Record<LogStream, string> = { stdout: '', stderr: '' };

  constructor(print: (stream: LogStream, line: string) => void) {
    this.#print = print;
  }

  stdout(text: string): void {
    this.#write('stdout', text);
  }

  stderr(text: string): void {
    this.#write('stderr', text);
  }

  #write(stream: LogStream, text: string): void {
    const joined = this.#partial[stream] + text;
    const end = joined.lastIndexOf('\n');
    if (end < 0) {
      this.#partial[stream] = joined;
      return;
    }
    this.#partial[stream] = joined.slice(end + 1);
    this.#print(stream, joined.slice(0, end));
  }

  flush(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.#partial[stream] === '') continue;
      this.#print(stream, this.#partial[stream]);
      this.#partial[stream] = '';
    }
  }
}
