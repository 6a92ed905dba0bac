// The file system a simulated container's programs see: its writable layer (what its processes
// wrote or removed), the host files and directories the kubelet mounted (read and written for real,
// so /etc/hosts and volumes are the node's files), the files its lifecycle declares, /etc/hostname,
// the cgroup files of its resources and its /proc/1/oom_score_adj, and the directories every image has.

import { appendFileSync, chmodSync, mkdirSync, readdirSync, readFileSync, statfsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { errorCode, errorMessage } from '@capstan/common';
import { cgroupFiles } from './container-cgroup.ts';
import type { Mount } from './runtime-types.ts';
import type { FileStat, ShellContext } from './shell-context.ts';
import type { SimContainer } from './simulated-container.ts';

const defaultPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The directories of a busybox- or alpine-like image. */
const imageDirectories = new Set([
  '/',
  '/bin',
  '/dev',
  '/etc',
  '/home',
  '/lib',
  '/mnt',
  '/opt',
  '/proc',
  '/root',
  '/run',
  '/sbin',
  '/srv',
  '/sys',
  '/sys/fs',
  '/sys/fs/cgroup',
  '/tmp',
  '/usr',
  '/usr/bin',
  '/usr/local',
  '/usr/local/bin',
  '/usr/sbin',
  '/var',
  '/var/log',
  '/var/run',
  '/var/tmp',
]);

export type ProcessTiming = Pick<ShellContext, 'sleep' | 'untilStopped' | 'tick' | 'onEnd'>;

/** The container's environment as its process starts with it: PATH, HOSTNAME, then the kubelet's env. */
export function containerEnv(container: SimContainer): Map<string, string> {
  const env = new Map<string, string>([
    ['PATH', defaultPath],
    ['HOSTNAME', container.sandbox.hostname],
  ]);
  for (const { key, value } of container.config.envs ?? []) env.set(key, value);
  return env;
}

export function containerShellContext(container: SimContainer, timing: ProcessTiming): ShellContext {
  const security = container.config.linux?.securityContext;
  // readOnlyRootFilesystem: only mounts take writes.
  const readonlyRoot = security?.readonlyRootfs === true;
  const gid = Number(security?.runAsGroup?.value ?? 0);
  return {
    hostname: container.sandbox.hostname,
    podIps: container.sandbox.ips,
    user: { uid: Number(security?.runAsUser?.value ?? 0), gid, groups: [...new Set([gid, ...(security?.supplementalGroups ?? []).map(Number)])] },
    workingDir: container.config.workingDir || '/',
    env: containerEnv(container),
    sleep: (ms) => timing.sleep(ms),
    untilStopped: () => timing.untilStopped(),
    tick: () => timing.tick(),
    ...(timing.onEnd !== undefined && { onEnd: timing.onEnd }),
    readFile: (path) => readContainerFile(container, path),
    readBytes(path) {
      const mounted = mountedHostPath(container.config.mounts, path);
      if (mounted === undefined || container.writableLayer?.has(path)) {
        const text = readContainerFile(container, path);
        return text === undefined ? undefined : Buffer.from(text);
      }
      try {
        return statSync(mounted.hostPath).isFile() ? readFileSync(mounted.hostPath) : undefined;
      } catch {
        return undefined;
      }
    },
    writeFile(path, content, append) {
      const mounted = mountedHostPath(container.config.mounts, path);
      if (mounted !== undefined) {
        if (mounted.readonly) return 'Read-only file system';
        try {
          (append ? appendFileSync : writeFileSync)(mounted.hostPath, content);
          return undefined;
        } catch (error) {
          return errorCode(error) === 'ENOENT' ? 'nonexistent directory' : String(errorMessage(error));
        }
      }
      if (readonlyRoot || path.startsWith('/sys/') || path.startsWith('/proc/')) return 'Read-only file system';
      const layer = (container.writableLayer ??= new Map());
      layer.set(path, (append ? (readContainerFile(container, path) ?? '') : '') + content);
      return undefined;
    },
    removeFile(path) {
      const mounted = mountedHostPath(container.config.mounts, path);
      if (mounted !== undefined) {
        try {
          unlinkSync(mounted.hostPath);
          return true;
        } catch {
          return false;
        }
      }
      if (readContainerFile(container, path) === undefined) return false;
      (container.writableLayer ??= new Map()).set(path, null);
      return true;
    },
    listDirectory: (path) => listContainerDirectory(container, path),
    makeDirectory(path) {
      const mounted = mountedHostPath(container.config.mounts, path);
      if (mounted !== undefined) {
        if (mounted.readonly) return 'Read-only file system';
        try {
          mkdirSync(mounted.hostPath);
          return undefined;
        } catch (error) {
          return errorCode(error) === 'ENOENT' ? 'No such file or directory' : String(errorMessage(error));
        }
      }
      if (readonlyRoot) return 'Read-only file system';
      (container.writableDirectories ??= new Set()).add(path);
      return undefined;
    },
    stat(path) {
      const mounted = mountedHostPath(container.config.mounts, path);
      if (mounted !== undefined) {
        try {
          const stat = statSync(mounted.hostPath);
          return { mode: stat.mode, uid: stat.uid, gid: stat.gid, fsType: statfsSync(mounted.hostPath).type };
        } catch {
          return undefined;
        }
      }
      if (readContainerFile(container, path) !== undefined) return { mode: 0o100644, uid: 0, gid: 0 } satisfies FileStat;
      if (listContainerDirectory(container, path) !== undefined) return { mode: 0o40755, uid: 0, gid: 0 };
      return undefined;
    },
    changeMode(path, mode) {
      const mounted = mountedHostPath(container.config.mounts, path);
      if (mounted === undefined) return undefined;
      try {
        chmodSync(mounted.hostPath, mode);
        return undefined;
      } catch (error) {
        return String(errorMessage(error));
      }
    },
  };
}

export function readContainerFile(container: SimContainer, path: string): string | undefined {
  const written = container.writableLayer?.get(path);
  if (written !== undefined) return written ?? undefined;
  const mounted = mountedHostPath(container.config.mounts, path);
  if (mounted !== undefined) {
    try {
      return statSync(mounted.hostPath).isFile() ? readFileSync(mounted.hostPath, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  }
  const declared = container.lifecycle.files.get(path);
  if (declared !== undefined) return declared;
  if (path === '/etc/hostname') return `${container.sandbox.hostname}\n`;
  if (path.startsWith('/sys/fs/cgroup/')) return cgroupFiles(container.resources)[path.slice('/sys/fs/cgroup/'.length)];
  if (path === '/proc/self/status' || path === '/proc/1/status') return processStatus();
  if (path === '/proc/self/oom_score_adj' || path === '/proc/1/oom_score_adj') return `${container.resources?.oomScoreAdj ?? 0}\n`;
  return undefined;
}

/** /proc/<pid>/status as far as containers read it: the CPUs the node has (no cpuset is simulated). */
function processStatus(): string {
  const cpus = availableParallelism();
  return `Name:\tsh\nState:\tS (sleeping)\nPid:\t1\nPPid:\t0\nCpus_allowed_list:\t${cpus > 1 ? `0-${cpus - 1}` : '0'}\n`;
}

/** The names in a container directory, or undefined when it is no directory. */
function listContainerDirectory(container: SimContainer, path: string): string[] | undefined {
  const names = new Set<string>();
  let isDirectory = imageDirectories.has(path) || container.writableDirectories?.has(path) === true;
  const mounted = mountedHostPath(container.config.mounts, path);
  if (mounted !== undefined) {
    try {
      for (const name of readdirSync(mounted.hostPath)) names.add(name);
      isDirectory = true;
    } catch {
      // Not a directory on the host (a file, or nothing): only the layer can make it one.
    }
  }
  const prefix = path === '/' ? '/' : `${path}/`;
  const child = (other: string): string | undefined => (other.startsWith(prefix) && other !== path ? other.slice(prefix.length).split('/')[0] : undefined);
  const candidates = [
    ...imageDirectories,
    ...(container.writableDirectories ?? []),
    ...[...(container.writableLayer ?? [])].filter(([, content]) => content !== null).map(([p]) => p),
    ...container.lifecycle.files.keys(),
    ...(container.config.mounts ?? []).map((m) => m.containerPath.replace(/\/+$/, '')),
    ...(path === '/etc' ? ['/etc/hostname'] : []),
    ...(path === '/sys/fs/cgroup' ? Object.keys(cgroupFiles(container.resources)).map((name) => `/sys/fs/cgroup/${name}`) : []),
  ];
  for (const other of candidates) {
    const name = child(other);
    if (name === undefined || name === '') continue;
    names.add(name);
    isDirectory = true;
  }
  for (const [removed, content] of container.writableLayer ?? [])
    if (content === null && child(removed) !== undefined && removed.slice(prefix.length) !== '') names.delete(removed.slice(prefix.length));
  return isDirectory ? [...names] : undefined;
}

/** The host path behind a container path, through the deepest mount that holds it. */
function mountedHostPath(mounts: readonly Mount[] | undefined, path: string): { hostPath: string; readonly: boolean } | undefined {
  let best: Mount | undefined;
  for (const mount of mounts ?? []) {
    if (!mount.hostPath) continue;
    const root = mount.containerPath.replace(/\/+$/, '');
    if ((path === root || path.startsWith(`${root}/`)) && (best === undefined || root.length > best.containerPath.replace(/\/+$/, '').length)) best = mount;
  }
  if (best === undefined) return undefined;
  const rest = path.slice(best.containerPath.replace(/\/+$/, '').length);
  return { hostPath: `${(best.hostPath as string).replace(/\/+$/, '')}${rest}`, readonly: best.readonly ?? false };
}
