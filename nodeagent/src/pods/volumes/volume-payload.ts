// The files of configMap, secret and downwardAPI volumes and of projected volumes' sources, as the
// kubelet's plugins make them (MakePayload, CollectData): every key of the object (or only the listed
// items, at their paths), each with its item's mode or the volume's default mode (0644); a listed key
// the object lacks fails the volume unless it is optional; downward API files hold the pod's
// metadata fields or a container's resources.

import { containerResourceValue, podMetadataField, type NodeAllocatable } from '../downward-api.ts';
import type { DownwardAPIVolumeFile, KeyToPath } from '@capstan/common/api-types/core-v1';
import type { Pod } from '../pod-types.ts';
import type { ConfigMapData, SecretData } from '../pod-objects.ts';
import type { FileProjection } from './atomic-writer.ts';

export const defaultVolumeMode = 0o644;

export type MutablePayload = Map<string, FileProjection>;

/** configmap.MakePayload. */
export function configMapPayload(items: readonly KeyToPath[] | undefined, configMap: ConfigMapData, defaultMode: number, optional: boolean): MutablePayload {
  const payload: MutablePayload = new Map();
  if (items === undefined || items.length === 0) {
    for (const [key, value] of Object.entries(configMap.data)) payload.set(key, { data: Buffer.from(value, 'utf8'), mode: defaultMode });
    for (const [key, value] of Object.entries(configMap.binaryData)) payload.set(key, { data: value, mode: defaultMode });
    return payload;
  }
  for (const item of items) {
    const text = configMap.data[item.key];
    const data = text !== undefined ? Buffer.from(text, 'utf8') : configMap.binaryData[item.key];
    if (data === undefined) {
      if (optional) continue;
      throw new Error(`configmap references non-existent config key: ${item.key}`);
    }
    payload.set(item.path, { data, mode: item.mode ?? defaultMode });
  }
  return payload;
}

/** secret.MakePayload. */
export function secretPayload(items: readonly KeyToPath[] | undefined, secret: SecretData, defaultMode: number, optional: boolean): MutablePayload {
  const payload: MutablePayload = new Map();
  if (items === undefined || items.length === 0) {
    for (const [key, value] of Object.entries(secret.data)) payload.set(key, { data: value, mode: defaultMode });
    return payload;
  }
  for (const item of items) {
    const data = secret.data[item.key];
    if (data === undefined) {
      if (optional) continue;
      throw new Error(`references non-existent secret key: ${item.key}`);
    }
    payload.set(item.path, { data, mode: item.mode ?? defaultMode });
  }
  return payload;
}

/** utilerrors.NewAggregate's message: the one error's, or [a, b] for several. */
export function aggregateError(errors: readonly Error[]): Error | undefined {
  if (errors.length === 0) return undefined;
  if (errors.length === 1) return errors[0];
  return new Error(`[${errors.map((error) => error.message).join(', ')}]`);
}

/** downwardapi.CollectData: every file that can be made, and the errors of those that cannot. */
export function downwardAPIPayload(
  items: readonly DownwardAPIVolumeFile[] | undefined,
  pod: Pod,
  defaultMode: number,
  allocatable: NodeAllocatable,
): { payload: MutablePayload; errors: Error[] } {
  const payload: MutablePayload = new Map();
  const errors: Error[] = [];
  for (const item of items ?? []) {
    let text = '';
    if (item.fieldRef !== undefined) {
      const value = podMetadataField(pod, item.fieldRef.fieldPath);
      if (value === undefined) errors.push(new Error(`unsupported fieldPath: ${item.fieldRef.fieldPath}`));
      else text = value;
    } else if (item.resourceFieldRef !== undefined) {
      const container = pod.spec.containers[0];
      try {
        if (container === undefined) throw new Error('pod has no containers');
        text = containerResourceValue(item.resourceFieldRef, pod, container, allocatable);
      } catch (error) {
        errors.push(error as Error);
      }
    }
    payload.set(item.path, { data: Buffer.from(text, 'utf8'), mode: item.mode ?? defaultMode });
  }
  return { payload, errors };
}
