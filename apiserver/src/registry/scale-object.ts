// The autoscaling/v1 Scale every scale subresource answers, built-in or custom: the parent's
// identity, spec.replicas (Go leaves out a zero), status.replicas (always written) and the
// selector string (left out when empty).

import type { JsonObject, ObjectMeta } from './object-meta.ts';

export interface ScaleValues {
  readonly replicas: number;
  readonly statusReplicas: number;
  readonly selector: string;
  /** The parent's owners of its replicas as the Scale's (built-in kinds show them; custom ones do not). */
  readonly managedFields?: readonly Record<string, unknown>[];
}

export function scaleObject(parent: ObjectMeta, { replicas, statusReplicas, selector, managedFields }: ScaleValues): JsonObject {
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: parent.name,
      ...(parent.namespace === undefined ? {} : { namespace: parent.namespace }),
      uid: parent.uid,
      resourceVersion: parent.resourceVersion,
      creationTimestamp: parent.creationTimestamp,
      ...(managedFields === undefined || managedFields.length === 0 ? {} : { managedFields }),
    },
    spec: replicas === 0 ? {} : { replicas },
    status: { replicas: statusReplicas, ...(selector === '' ? {} : { selector }) },
  };
}
