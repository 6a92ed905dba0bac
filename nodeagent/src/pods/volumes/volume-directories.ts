// Where the kubelet keeps a pod's volumes: <root-dir>/pods/<uid>/volumes/kubernetes.io~<plugin>/<name>,
// for the plugins whose files the agent writes itself (configmap, secret, projected, downward-api).

import { join } from 'node:path';
import type { Volume } from '@capstan/common/api-types/core-v1';

/** The plugin directory of a volume the agent projects files into, if it is one. */
export function atomicWriterPlugin(volume: Volume): 'configmap' | 'secret' | 'projected' | 'downward-api' | undefined {
  if (volume.configMap !== undefined) return 'configmap';
  if (volume.secret !== undefined) return 'secret';
  if (volume.projected !== undefined) return 'projected';
  if (volume.downwardAPI !== undefined) return 'downward-api';
  return undefined;
}

/** The host directory of a configMap, secret, projected or downwardAPI volume; undefined for other kinds. */
export function atomicWriterVolumeDirectory(podsDir: string, uid: string, volume: Volume): string | undefined {
  const plugin = atomicWriterPlugin(volume);
  return plugin === undefined ? undefined : join(podsDir, uid, 'volumes', `kubernetes.io~${plugin}`, volume.name);
}

/**
 * Where the agent links a pod's persistentVolumeClaim (or ephemeral) volume to the directory of the
 * volume behind it: <root-dir>/pods/<uid>/volumes/kubernetes.io~pvc/<name> (the agent's own layout:
 * the kubelet hands a host path volume's path to the runtime as it is, which the link resolves to).
 */
export function claimVolumeLink(podsDir: string, uid: string, volumeName: string): string {
  return join(podsDir, uid, 'volumes', 'kubernetes.io~pvc', volumeName);
}
