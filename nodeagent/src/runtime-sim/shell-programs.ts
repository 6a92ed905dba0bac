// The programs a simulated container can run, by the path it runs them by: busybox's applets
// (installed under /bin, /usr/bin, /sbin, /usr/sbin and /usr/local/bin), agnhost, and the servers of
// the usual images. Every image is taken to hold all of them.

import { agnhost, server } from './agnhost-programs.ts';
import { expr } from './busybox-expr.ts';
import { busyboxPrograms } from './busybox-programs.ts';
import { textPrograms } from './busybox-text-programs.ts';
import type { Program } from './shell-context.ts';
import { httpdServer, nginxServer } from './web-server-page.ts';

const shells = new Set(['sh', 'ash', 'bash']);

const nginxBanner = '/docker-entrypoint.sh: Configuration complete; ready for start up\n';

/** By full path: programs that live at one place (agnhost at /, pause at /pause). */
const byPath: Readonly<Record<string, Program>> = {
  '/agnhost': agnhost('/agnhost'),
  '/agnhost-2': agnhost('/agnhost-2'),
  '/pause': server(''),
  '/docker-entrypoint.sh': nginxServer(nginxBanner),
};

/** By name, wherever on the PATH. */
const byName: Readonly<Record<string, Program>> = {
  ...busyboxPrograms,
  ...textPrograms,
  expr,
  nginx: nginxServer(''),
  httpd: httpdServer(),
  'httpd-foreground': httpdServer(),
  'redis-server': server(''),
};

/** `/bin/echo` is echo: busybox installs its applets under several directories. */
export function programName(path: string): string {
  const match = /^(?:\/usr)?(?:\/local)?\/s?bin\/([^/]+)$/.exec(path);
  return match?.[1] ?? path;
}

export function isShell(path: string): boolean {
  return shells.has(programName(path));
}

export function findProgram(path: string): Program | undefined {
  return byPath[path] ?? byName[programName(path)];
}
