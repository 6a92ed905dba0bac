// Test support: a real systemd (the machine's /lib/systemd/systemd) as PID 1 of new PID, mount,
// UTS and IPC namespaces, managing a host whose /etc and /var are the machine's with what
// `capstan install --root=<upper>` wrote laid over them (overlayfs), as if installed for real.
//
// What keeps it from touching the machine:
// - its cgroup is a new one under the machine's (it manages that subtree only), and accounting
//   is off so that it creates no cgroup in the v1 controllers' hierarchies;
// - it loads units only from the installed /etc/systemd/system and stand-ins for the targets
//   every service depends on (sysinit.target, basic.target, ...): none of the machine's own units
//   (udev, journald, sysctl, mounts) is ever started;
// - /run is a tmpfs of its own; /etc and /var are overlays whose changes land in the test's directory;
// - its log goes to the console (no journald runs): a pseudo-terminal of `script`, which copies
//   it to a file. Not to kmsg: systemd writes at most 200 messages per 5 s there and drops the
//   rest, and at debug level a single `systemctl start` logs more than that, so the notifications
//   the tests wait for were lost. /dev/kmsg is a FIFO copied to another file by `cat`, for what
//   else writes there.
// Killing the PID 1 kills every process of the namespace, and the mounts go with it; so does the
// end of the test's process (unshare dies with its parent, and its child, the PID 1, with it),
// should the test be killed before its teardown.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '../../common/test/eventually.ts';

const run = promisify(execFile);

/** Why systemd cannot run here, or undefined when it can (root, unshare, overlayfs, a cgroup to delegate). */
export function systemdUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'not root: new PID and mount namespaces need CAP_SYS_ADMIN';
  for (const program of ['/lib/systemd/systemd', '/usr/bin/unshare', '/usr/bin/setpriv', '/usr/bin/nsenter', '/usr/bin/systemctl'])
    if (!existsSync(program)) return `${program} is missing`;
  if (!readFileSync('/proc/filesystems', 'utf8').includes('overlay')) return 'the kernel has no overlayfs';
  if (cgroupRoots().length === 0) return 'no cgroup hierarchy for systemd under /sys/fs/cgroup';
  return undefined;
}

/** The hierarchies systemd tracks processes in: the named v1 one and the unified one (hybrid), or cgroup2 alone. */
function cgroupRoots(): string[] {
  const mounts = readFileSync('/proc/self/mounts', 'utf8').split('\n');
  const at = (path: string, match: (line: string) => boolean) => mounts.some((line) => line.split(' ')[1] === path && match(line));
  if (at('/sys/fs/cgroup', (line) => line.split(' ')[2] === 'cgroup2')) return ['/sys/fs/cgroup'];
  return [
    ...(at('/sys/fs/cgroup/systemd', (line) => line.includes('name=systemd')) ? ['/sys/fs/cgroup/systemd'] : []),
    ...(at('/sys/fs/cgroup/unified', (line) => line.split(' ')[2] === 'cgroup2') ? ['/sys/fs/cgroup/unified'] : []),
  ];
}

const standInTargets = ['sysinit', 'basic', 'shutdown', 'multi-user', 'network', 'network-online', 'sockets', 'paths', 'timers', 'default'];

export class SystemdHost {
  readonly #dir: string;
  readonly #child: ChildProcess;
  readonly #cgroups: string[];
  readonly #exited: Promise<void>;
  /** The host PID of the namespace's PID 1, once known. */
  #pid = 0;

  private constructor(dir: string, child: ChildProcess, cgroups: string[]) {
    this.#dir = dir;
    this.#child = child;
    this.#cgroups = cgroups;
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Boots systemd on the machine's /etc and /var with `upper`'s etc/ and var/ laid over them. */
  static async boot(dir: string, upper: string): Promise<SystemdHost> {
    const targets = join(dir, 'targets');
    mkdirSync(targets, { recursive: true });
    for (const target of standInTargets) writeFileSync(join(targets, `${target}.target`), `[Unit]\nDescription=${target}.target (a test stand-in)\n`);
    for (const part of ['etc', 'var']) {
      mkdirSync(join(upper, part), { recursive: true });
      mkdirSync(join(dir, 'work', part), { recursive: true });
    }
    // No cgroup of the machine's controllers: the processes stay where the test runner's are.
    writeFileSync(
      join(dir, 'system.conf'),
      '[Manager]\nDefaultCPUAccounting=no\nDefaultIOAccounting=no\nDefaultIPAccounting=no\nDefaultBlockIOAccounting=no\nDefaultMemoryAccounting=no\nDefaultTasksAccounting=no\n',
    );
    const name = `capstan-test-${process.pid}-${Date.now()}`;
    const cgroups = cgroupRoots().map((root) => join(root, name));
    for (const cgroup of cgroups) mkdirSync(cgroup);
    // The namespace's script; its standard input is the terminal `script` made, which becomes the
    // namespace's /dev/console (as systemd-nspawn gives a container a pseudo-terminal for one).
    writeFileSync(
      join(dir, 'namespace.sh'),
      `set -e
console=$(tty)
mount --make-rprivate /
mount -t tmpfs -o mode=0755 tmpfs /run
for part in etc var; do mount -t overlay overlay -o lowerdir=/$part,upperdir=${upper}/$part,workdir=${dir}/work/$part /$part; done
mount --bind ${dir}/system.conf /etc/systemd/system.conf
mount --bind "$console" /dev/console
mkfifo ${dir}/kmsg
(exec cat <>${dir}/kmsg >>${dir}/kmsg.log) &
mount --bind ${dir}/kmsg /dev/kmsg
exec env -i container=capstan-test SYSTEMD_COLORS=0 SYSTEMD_UNIT_PATH=/etc/systemd/system:${targets} PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \\
  /lib/systemd/systemd --system --log-target=console --log-level=debug --show-status=no
`,
    );
    const boot = `set -e
for cgroup in ${cgroups.join(' ')}; do echo $$ > $cgroup/cgroup.procs; done
exec setpriv --pdeathsig KILL script --quiet --flush --return --command 'exec setpriv --pdeathsig KILL unshare --kill-child=SIGKILL --pid --mount --uts --ipc --fork --mount-proc /bin/sh ${dir}/namespace.sh' ${dir}/systemd.log`;
    const child = spawn('/bin/sh', ['-c', boot], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const host = new SystemdHost(dir, child, cgroups);
    try {
      // The namespace's PID 1 (sh, then systemd in its place) is a child of unshare, under script.
      host.#pid = await eventually(`systemd as PID 1 (${stderr})`, async () => {
        if (child.pid === undefined || child.exitCode !== null) throw new Error(`the namespace did not start: ${stderr}`);
        return descendants(child.pid).find((pid) => commandNameOf(pid) === 'systemd');
      });
      await eventually('systemd to finish starting', async () => {
        const state = await host.systemctl('is-system-running', '--wait').catch((error: { stdout?: string }) => error.stdout ?? '');
        return state.trim() === 'running' || state.trim() === 'degraded' ? true : undefined;
      });
    } catch (error) {
      await host.stop();
      throw error;
    }
    return host;
  }

  /** Runs a command in the namespaces (systemctl, kill), answering its standard output. */
  async exec(...command: string[]): Promise<string> {
    return (await run('nsenter', ['-t', String(this.#pid), '-m', '-p', ...command], { encoding: 'utf8', timeout: 120_000 })).stdout;
  }

  systemctl(...args: string[]): Promise<string> {
    return this.exec('systemctl', ...args);
  }

  /** Properties of a unit, read at once (systemctl show -p NAME...). */
  async properties(unit: string, ...names: string[]): Promise<Record<string, string>> {
    const output = await this.systemctl('show', unit, ...names.flatMap((name) => ['-p', name]));
    return Object.fromEntries(
      output
        .trimEnd()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  }

  /** What systemd has logged so far. */
  log(): string {
    const path = join(this.#dir, 'systemd.log');
    // A terminal's lines end in CR LF.
    return existsSync(path) ? readFileSync(path, 'utf8').replaceAll('\r', '') : '';
  }

  /** Kills the namespace's PID 1, and with it every process in the namespace; removes its cgroups. */
  async stop(): Promise<void> {
    if (this.#child.exitCode === null && this.#child.signalCode === null) {
      if (this.#pid !== 0) process.kill(this.#pid, 'SIGKILL');
      else this.#child.kill('SIGKILL');
      await this.#exited;
    }
    for (const cgroup of this.#cgroups) await removeCgroup(cgroup);
  }
}

/** The processes under `pid`, its children first; those that exit meanwhile are left out. */
function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return [...children, ...children.flatMap(descendants)];
}

/** A process's command name, or undefined once it has exited (sh and setpriv exec and come and go). */
function commandNameOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** rmdir depth first, once the processes are gone (the kernel empties a cgroup a moment after they exit). */
async function removeCgroup(path: string): Promise<void> {
  if (!existsSync(path)) return;
  for (const entry of readdirSync(path)) {
    const child = join(path, entry);
    if (statSync(child).isDirectory()) await removeCgroup(child);
  }
  await eventually(`cgroup ${path} to empty`, async () => {
    try {
      rmdirSync(path);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EBUSY') return undefined;
      throw error;
    }
  });
}
