// The names one run of the multi-host harness gives what it makes in the machine's shared places
// (network namespaces, links of the root namespace, temporary directories): each carries the test
// process's id, so that parallel runs never collide and a later run can tell the leftovers of a
// run whose process is gone (killed, so its clean-up never ran) from those of one still running.

/** Links are named cs<pid><kind>... and must fit Linux's 15 characters: pid (7 digits at most) + 6. */
export interface RunNames {
  readonly pid: number;
  /** A network namespace of a host: capstan-<pid>-<host>. */
  namespace(host: string): string;
  /** The bridge all hosts are plugged into: cs<pid>br. */
  readonly bridge: string;
  /** The root namespace's end of host number `index`'s veth: cs<pid>h<index>. */
  hostLink(index: number): string;
  /** The prefix of the run's temporary directory. */
  readonly tempPrefix: string;
}

export function runNames(pid = process.pid): RunNames {
  return {
    pid,
    namespace: (host) => `capstan-${pid}-${host}`,
    bridge: `cs${pid}br`,
    hostLink: (index) => `cs${pid}h${index}`,
    tempPrefix: `capstan-netns-${pid}-`,
  };
}

/** The run (process id) a namespace, link or temporary directory name belongs to, if it is one of ours. */
export function runOf(name: string): number | undefined {
  const match = /^(?:capstan-(\d+)-|cs(\d+)(?:br|h\d+)$|capstan-netns-(\d+)-)/.exec(name);
  const pid = match?.[1] ?? match?.[2] ?? match?.[3];
  return pid === undefined ? undefined : Number(pid);
}

/** Whether the process is there (signal 0: EPERM means it is, someone else's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
