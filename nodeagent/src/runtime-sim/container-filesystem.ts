// The file system an exec'd command sees in a simulated container: its writable layer (what exec
// wrote or removed), the host files and directories the kubelet mounted (read and written for real,
// so /etc/hosts and volumes are the node's files), the files its lifecycle declares, and
// /etc/hostname.

import { appendFileSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import type { ShellContext } from './shell.ts';
import type { SimContainer } from './simulated-container.ts';
import type { Mount } from './runtime-types.ts';
import { errorCode, errorMessage } from '@capstan/common';

const defaultPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export function containerShellContext(container: SimContainer, sleep: (ms: number) => Promise<void>): ShellContext {
  const env = new Map<string, string>([
    ['PATH', defaultPath],
    ['HOSTNAME', container.sandbox.hostname],
  ]);
  for (const { key, value } of container.config.envs ?? []) env.set(key, value);
  return {
    hostname: container.sandbox.hostname,
    workingDir: container.config.workingDir || '/',
    env,
    sleep,
    readFile: (path) => readContainerFile(container, path),
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
  return undefined;
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
