// Which validation each kind gets besides its name: the metadata checks every kind has, and the
// kind's own where Capstan knows them. A create or update with any error answers kube's 422.

import type { FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { configMapErrors, secretErrors } from './config-validation.ts';
import { coreEventErrors, eventsV1CreateErrors, eventsV1EventErrors } from './event-validation.ts';
import { objectMetaErrors } from './object-meta-validation.ts';
import { podSpecErrors } from './pod-validation.ts';
import { serviceErrors } from './service-validation.ts';
import { jobErrors, selectedWorkloadErrors, templatedWorkloadErrors } from './workload-validation.ts';

type KindValidator = (object: JsonObject) => FieldError[];

const kindValidators: Readonly<Record<string, KindValidator>> = {
  '/Pod': (pod) => podSpecErrors(pod.spec, 'spec'),
  '/ConfigMap': configMapErrors,
  '/Secret': secretErrors,
  '/Service': serviceErrors,
  '/ReplicationController': templatedWorkloadErrors,
  'apps/Deployment': selectedWorkloadErrors,
  'apps/ReplicaSet': selectedWorkloadErrors,
  'apps/StatefulSet': selectedWorkloadErrors,
  'apps/DaemonSet': selectedWorkloadErrors,
  'batch/Job': jobErrors,
  '/Event': coreEventErrors,
  'events.k8s.io/Event': eventsV1EventErrors,
};

/** What kube checks of a new object only, not of an updated one. */
const createValidators: Readonly<Record<string, KindValidator>> = {
  'events.k8s.io/Event': eventsV1CreateErrors,
};

export function validationErrors(definition: Pick<ResourceDefinition, 'group' | 'kind'>, object: JsonObject, creating = false): FieldError[] {
  const key = `${definition.group}/${definition.kind}`;
  const own = kindValidators[key];
  const onCreate = creating ? createValidators[key] : undefined;
  return [...objectMetaErrors(object), ...(own === undefined ? [] : own(object)), ...(onCreate === undefined ? [] : onCreate(object))];
}
