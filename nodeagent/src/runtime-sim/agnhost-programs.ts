// The programs of the images conformance tests run that are no busybox applet: agnhost's
// subcommands (`/agnhost` and its `/agnhost-2` link; ENTRYPOINT ["/agnhost"], CMD ["pause"]) and the
// servers of the usual images (pause, nginx, httpd), which print what they print when they start
// and then serve until they are stopped. What they print is what agnhost 2.x prints. netexec,
// serve-hostname, test-webserver and grpc-health-checking listen on the pod's IP when it is this
// host's (their own files, pod-listener.ts); the other servers are simulated only.

import type { FileStat, Output, Program, ShellContext } from './shell-context.ts';
import { resolvePath } from './shell-context.ts';
import { flagValue } from './program-flags.ts';
import { grpcHealthChecking } from './grpc-health-server.ts';
import { netexec } from './netexec-server.ts';
import { serveHostname } from './serve-hostname-server.ts';
import { testWebserver } from './test-webserver-server.ts';

type Subcommand = (argv0: string, args: readonly string[], context: ShellContext, io: Output) => number | Promise<number>;

/** Simulated subcommands that run until stopped, with the lines they print first. */
const servers: Readonly<Record<string, (args: readonly string[]) => string>> = {
  pause: () => 'Paused\nSignals registered\n',
  porter: () => '',
  liveness: () => '',
  'fake-gitserver': () => '',
  webhook: () => '',
  'crd-conversion-webhook': () => '',
  'resource-consumer-controller': () => '',
  nettest: () => '',
  'port-forward-tester': () => '',
  'tcp-reset': () => '',
  'no-snat-test': () => '',
  'no-snat-test-proxy': () => '',
  guestbook: () => '',
  'logs-generator': () => '',
};

const subcommands: Readonly<Record<string, Subcommand>> = {
  'entrypoint-tester'(argv0, args, _context, io) {
    // It prints os.Args with Go's %v: [/agnhost entrypoint-tester a b].
    io.stdout(`[${[argv0, 'entrypoint-tester', ...args].join(' ')}]\n`);
    return 0;
  },
  mounttest: (_argv0, args, context, io) => mounttest(args, context, io),
  // Servers that listen on the pod's IP when it is this host's (pod-listener.ts).
  'serve-hostname': (_argv0, args, context, io) => serveHostname(args, context, io),
  netexec: (_argv0, args, context, io) => netexec(args, context, io),
  'test-webserver': (_argv0, args, context, io) => testWebserver(args, context, io),
  'grpc-health-checking': (_argv0, args, context, io) => grpcHealthChecking(args, context, io),
};

export function agnhost(argv0: string): Program {
  return async (args, context, _stdin, io) => {
    const name = args[0] ?? '';
    const subcommand = subcommands[name];
    if (subcommand !== undefined) return subcommand(argv0, args.slice(1), context, io);
    const server = servers[name];
    if (server !== undefined) {
      io.stdout(server(args.slice(1)));
      return context.untilStopped();
    }
    io.stderr(`Error: unknown command "${name}" for "agnhost"\nRun 'agnhost --help' for usage.\n`);
    return 1;
  };
}

/** A server that prints `banner` and runs until stopped; the args it is given do not matter. */
export function server(banner: string): Program {
  return (_args, context, _stdin, io) => {
    if (banner !== '') io.stdout(banner);
    return context.untilStopped();
  };
}

// mounttest (agnhost/mounttest): each flag's step in agnhost's order, printing as it does.
const initialContent = 'mount-tester new file\n';

async function mounttest(args: readonly string[], context: ShellContext, io: Output): Promise<number> {
  const path = (flag: string): string | undefined => {
    const value = flagValue(args, flag);
    return value === undefined || value === '' ? undefined : value;
  };
  let failed = false;
  const stat = (p: string, what: string): FileStat | undefined => {
    const found = context.stat(resolvePath(p, context.workingDir));
    if (found === undefined) {
      io.stdout(`error from ${what}("${p}"): ${what} ${p}: no such file or directory\n`);
      failed = true;
    }
    return found;
  };
  const readContent = (p: string): void => {
    const content = context.readFile(resolvePath(p, context.workingDir));
    if (content === undefined) {
      io.stdout(`error reading file content for "${p}": open ${p}: no such file or directory\n`);
      failed = true;
    } else io.stdout(`content of file "${p}": ${content}\n`);
  };
  const fsTypePath = path('fs_type');
  if (fsTypePath !== undefined) {
    const found = stat(fsTypePath, 'statfs');
    if (found !== undefined) io.stdout(`mount type of "${fsTypePath}": ${found.fsType === 0x01021994 ? 'tmpfs' : (found.fsType ?? 61267)}\n`);
  }
  for (const mode of ['0644', '0666', '0660', '0777']) {
    const file = path(`new_file_${mode}`);
    if (file === undefined) continue;
    const resolved = resolvePath(file, context.workingDir);
    const error = context.writeFile(resolved, initialContent, false) ?? context.changeMode(resolved, Number.parseInt(mode, 8));
    if (error !== undefined) {
      io.stdout(`error writing new file "${file}": open ${file}: ${error.toLowerCase()}\n`);
      failed = true;
    } else readContent(file);
  }
  const modePath = path('file_mode');
  if (modePath !== undefined) {
    const found = stat(modePath, 'Stat');
    if (found !== undefined) io.stdout(`mode of file "${modePath}": ${goFileMode(found.mode, false)}\n`);
  }
  const permPath = path('file_perm');
  if (permPath !== undefined) {
    const found = stat(permPath, 'Stat');
    if (found !== undefined) io.stdout(`perms of file "${permPath}": ${goFileMode(found.mode, true)}\n`);
  }
  const ownerPath = path('file_owner');
  if (ownerPath !== undefined) {
    const found = stat(ownerPath, 'stat');
    if (found !== undefined) io.stdout(`owner UID of "${ownerPath}": ${found.uid}\nowner GID of "${ownerPath}": ${found.gid}\n`);
  }
  const contentPath = path('file_content');
  if (contentPath !== undefined) readContent(contentPath);
  const loopPath = path('file_content_in_loop');
  if (loopPath !== undefined) {
    const retryMs = Number(flagValue(args, 'retry_time') ?? 180) * 1000;
    const breakOnExpected = flagValue(args, 'break_on_expected_content') !== 'false';
    for (let waited = 0; waited < retryMs; waited += 2000) {
      const content = context.readFile(resolvePath(loopPath, context.workingDir));
      if (content === undefined) io.stdout(`Error reading file ${loopPath}: open ${loopPath}: no such file or directory, retrying\n`);
      else {
        io.stdout(`content of file "${loopPath}": ${content}\n`);
        if (breakOnExpected) {
          if (content === initialContent) break;
          io.stdout(`Unexpected content. Expected: ${initialContent}. Retrying\n`);
        }
      }
      await context.sleep(2000);
    }
  }
  return failed ? 1 : 0;
}

/** Go's os.FileMode String(): `drwxr-xr-x`, `-rw-r--r--`; Perm() keeps the permission bits only. */
function goFileMode(mode: number, permOnly: boolean): string {
  let type = '-';
  if (!permOnly) {
    const kind = mode & 0o170000;
    if (kind === 0o040000) type = 'd';
    else if (kind === 0o120000) type = 'L';
    const special = (mode & 0o4000 ? 'u' : '') + (mode & 0o2000 ? 'g' : '') + (mode & 0o1000 ? 't' : '');
    type = type === '-' ? special || '-' : type + special;
  }
  const rwx = 'rwxrwxrwx';
  let perm = '';
  for (let bit = 0; bit < 9; bit++) perm += mode & (1 << (8 - bit)) ? rwx[bit] : '-';
  return type + perm;
}
