// Where the pod of a pod or a pod controller is (kube's DefaultPodSpecExtractor): a pod's own
// metadata and spec, or the pod template of the built-in controllers. Controllers are only
// warned and audited about; their pods are checked when they are created.

import type { PodSpec } from '@capstan/common/api-types/core-v1';
import type { ObjectMeta } from '@capstan/common/api-types/meta-v1';
import { isPlainObject } from '../../patch/merge-patch.ts';
import type { JsonObject } from '../../registry/object-meta.ts';

export interface PodTemplate {
  readonly metadata: ObjectMeta;
  readonly spec: PodSpec;
}

/** The path to the pod template of each controller, by group/resource. */
const templatePaths: ReadonlyMap<string, readonly string[]> = new Map([
  ['/replicationcontrollers', ['spec', 'template']],
  ['/podtemplates', ['template']],
  ['apps/replicasets', ['spec', 'template']],
  ['apps/deployments', ['spec', 'template']],
  ['apps/statefulsets', ['spec', 'template']],
  ['apps/daemonsets', ['spec', 'template']],
  ['batch/jobs', ['spec', 'template']],
  ['batch/cronjobs', ['spec', 'jobTemplate', 'spec', 'template']],
]);

export const isPodController = (group: string, resource: string): boolean => templatePaths.has(`${group}/${resource}`);

/** The pod template of a controller; undefined when it has none (a ReplicationController's is optional). */
export function podTemplateOf(group: string, resource: string, object: JsonObject): PodTemplate | undefined {
  let at: unknown = object;
  for (const key of templatePaths.get(`${group}/${resource}`) ?? []) at = isPlainObject(at) ? at[key] : undefined;
  if (!isPlainObject(at)) return undefined;
  return podOf(at);
}

/** A pod's (or a template's) metadata and spec; absent parts are empty. */
export const podOf = (object: JsonObject): PodTemplate => ({
  metadata: (isPlainObject(object.metadata) ? object.metadata : {}) as ObjectMeta,
  spec: (isPlainObject(object.spec) ? object.spec : {}) as unknown as PodSpec,
});
