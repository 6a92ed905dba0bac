// The agent's root directory (--root-dir): the kubelet's layout of state files and sockets, with
// the device manager, pod resources and plugin registration that other programs of the node use.

export { RootDirectory, type RootDirectoryOptions } from './root-directory.ts';
export type { ExtendedResources } from './device-manager.ts';
