// Static pods from staticPodPath (a file, or a folder whose files are read; hidden files skipped),
// as the kubelet's file source makes them: YAML or JSON pods named <name>-<node name>, in the
// default namespace unless they say otherwise, bound to this node, with a uid hashed from the
// node, the file and its pod, the config.hash/source/seen annotations, a NoExecute toleration
// and the API server's defaults. The folder is read again every fileCheckFrequency.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { Container } from '@capstan/common/api-types/core-v1';
import type { JsonObject } from '@capstan/common';
import { configHashAnnotation, configSeenAnnotation, configSourceAnnotation, type Pod } from './pod-types.ts';
import { errorMessage } from '@capstan/common';

export interface StaticPodFile {
  readonly path: string;
  readonly pods: readonly Pod[];
  /** Why the file yields no pod (not a pod, does not parse). */
  readonly error?: string;
}

/** Lists the files of staticPodPath: the path itself when it is a file. */
function staticPodFiles(path: string): string[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(path, entry.name))
    .sort();
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The API server's defaults a pod from a file gets in the kubelet's decoding. */
function defaultContainer(container: Container): Container {
  const image = container.image ?? '';
  const tag = image.includes('@') ? 'digest' : image.slice(image.lastIndexOf('/') + 1).split(':')[1];
  return {
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    imagePullPolicy: tag === undefined || tag === 'latest' ? 'Always' : 'IfNotPresent',
    ...container,
  };
}

/** applyDefaults of the file source. */
export function staticPodFromObject(object: JsonObject, path: string, nodeName: string, seen: string): Pod {
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const spec = isObject(object.spec) ? object.spec : {};
  const hash = createHash('md5');
  hash.update(`host:${nodeName}`);
  hash.update(`file:${path}`);
  hash.update(JSON.stringify(object));
  const uid = typeof metadata.uid === 'string' && metadata.uid !== '' ? metadata.uid : hash.digest('hex');
  const containers = Array.isArray(spec.containers) ? (spec.containers as Container[]) : [];
  const initContainers = Array.isArray(spec.initContainers) ? (spec.initContainers as Container[]) : undefined;
  const tolerations = Array.isArray(spec.tolerations) ? [...spec.tolerations] : [];
  if (!tolerations.some((t) => isObject(t) && t.operator === 'Exists' && t.effect === 'NoExecute' && t.key === undefined))
    tolerations.push({ operator: 'Exists', effect: 'NoExecute' });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      ...metadata,
      name: `${String(metadata.name ?? '')}-${nodeName.toLowerCase()}`,
      namespace: typeof metadata.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : 'default',
      uid,
      annotations: {
        ...(isObject(metadata.annotations) ? (metadata.annotations as Record<string, string>) : {}),
        [configHashAnnotation]: uid,
        [configSeenAnnotation]: seen,
        [configSourceAnnotation]: 'file',
      },
    },
    spec: {
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      schedulerName: 'default-scheduler',
      securityContext: {},
      enableServiceLinks: true,
      ...spec,
      nodeName,
      containers: containers.map(defaultContainer),
      ...(initContainers === undefined ? {} : { initContainers: initContainers.map(defaultContainer) }),
      tolerations,
    },
    status: { phase: 'Pending' },
  };
}

/** Reads one file: a Pod, or a PodList / v1 List of pods. */
export function readStaticPodFile(path: string, nodeName: string, seen: string): StaticPodFile {
  let documents;
  try {
    documents = parseAllDocuments(readFileSync(path, 'utf8')).map((document) => document.toJSON() as unknown);
  } catch (error) {
    return { path, pods: [], error: errorMessage(error) };
  }
  const pods: Pod[] = [];
  for (const document of documents) {
    if (!isObject(document)) continue;
    const items = document.kind === 'PodList' || document.kind === 'List' ? (Array.isArray(document.items) ? document.items : []) : [document];
    for (const item of items) {
      if (!isObject(item) || (item.kind !== undefined && item.kind !== 'Pod')) return { path, pods: [], error: `invalid pod: kind ${JSON.stringify(item)}` };
      if (!isObject(item.metadata) || typeof item.metadata.name !== 'string' || item.metadata.name === '')
        return { path, pods: [], error: 'invalid pod: metadata.name: Required value: name or generateName is required' };
      pods.push(staticPodFromObject(item, path, nodeName, seen));
    }
  }
  return { path, pods };
}

/** Every static pod of staticPodPath; files that fail are reported and skipped. */
export function readStaticPods(staticPodPath: string, nodeName: string, seen: () => string, onError: (path: string, error: string) => void): Pod[] {
  const pods: Pod[] = [];
  for (const file of staticPodFiles(staticPodPath)) {
    const result = readStaticPodFile(file, nodeName, seen());
    if (result.error !== undefined) onError(file, result.error);
    pods.push(...result.pods);
  }
  return pods;
}
