// The kubelet's layout of its root directory (--root-dir, /var/lib/kubelet by default): the names
// of the directories and files it keeps there, and the directories it creates at start with their
// modes (setupDataDirs: the root, pods/, plugins/, plugins_registry/ and pod-resources/ 0750;
// checkpoints/ 0700 while ContainerCheckpoint is on).

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export const rootDirectoryNames = {
  pods: 'pods',
  plugins: 'plugins',
  pluginsRegistry: 'plugins_registry',
  podResources: 'pod-resources',
  devicePlugins: 'device-plugins',
  checkpoints: 'checkpoints',
  seccomp: 'seccomp',
  pki: 'pki',
  imageManager: 'image_manager',
} as const;

export type RootDirectoryPaths = { readonly [K in keyof typeof rootDirectoryNames | 'root']: string };

export function rootDirectoryPaths(rootDir: string): RootDirectoryPaths {
  const paths = Object.fromEntries(Object.entries(rootDirectoryNames).map(([key, name]) => [key, join(rootDir, name)]));
  return { root: rootDir, ...paths } as RootDirectoryPaths;
}

/** setupDataDirs: creates what is missing (existing directories keep their modes, as os.MkdirAll leaves them). */
export async function setupDataDirs(paths: RootDirectoryPaths, options: { readonly containerCheckpoint: boolean }): Promise<void> {
  for (const dir of [paths.root, paths.pods, paths.plugins, paths.pluginsRegistry, paths.podResources]) await mkdir(dir, { recursive: true, mode: 0o750 });
  if (options.containerCheckpoint) await mkdir(paths.checkpoints, { recursive: true, mode: 0o700 });
}
