// kube's defaulting of the workload kinds (apps/v1, batch/v1 and core/v1 ReplicationController
// SetDefaults_*): replicas, update strategies, history limits, and their pod templates.

import type { JsonObject } from '../object-meta.ts';
import { defaultTo, isObject, objectAt } from './json-fields.ts';
import { defaultPodTemplateSpec } from '../../resources/core/pod-defaults.ts';
import { defaultCpuMetric } from '../../resources/autoscaling/horizontalpodautoscalers/hpa-conversion.ts';

const specOf = (object: JsonObject): JsonObject => objectAt(object, 'spec');

export function defaultDeployment(deployment: JsonObject): void {
  const spec = specOf(deployment);
  defaultTo(spec, 'replicas', 1);
  const strategy = objectAt(spec, 'strategy');
  defaultTo(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') {
    const rollingUpdate = objectAt(strategy, 'rollingUpdate');
    defaultTo(rollingUpdate, 'maxUnavailable', '25%');
    defaultTo(rollingUpdate, 'maxSurge', '25%');
  }
  defaultTo(spec, 'revisionHistoryLimit', 10);
  defaultTo(spec, 'progressDeadlineSeconds', 600);
  defaultPodTemplateSpec(objectAt(spec, 'template'));
}

export function defaultReplicaSet(replicaSet: JsonObject): void {
  const spec = specOf(replicaSet);
  defaultTo(spec, 'replicas', 1);
  defaultPodTemplateSpec(objectAt(spec, 'template'));
}

export function defaultStatefulSet(statefulSet: JsonObject): void {
  const spec = specOf(statefulSet);
  defaultTo(spec, 'replicas', 1);
  defaultTo(spec, 'podManagementPolicy', 'OrderedReady');
  const strategy = objectAt(spec, 'updateStrategy');
  defaultTo(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') defaultTo(objectAt(strategy, 'rollingUpdate'), 'partition', 0);
  defaultTo(spec, 'revisionHistoryLimit', 10);
  const retention = objectAt(spec, 'persistentVolumeClaimRetentionPolicy');
  defaultTo(retention, 'whenDeleted', 'Retain');
  defaultTo(retention, 'whenScaled', 'Retain');
  for (const claim of Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates.filter(isObject) : []) {
    defaultTo(objectAt(claim, 'spec'), 'volumeMode', 'Filesystem');
  }
  defaultPodTemplateSpec(objectAt(spec, 'template'));
}

export function defaultDaemonSet(daemonSet: JsonObject): void {
  const spec = specOf(daemonSet);
  const strategy = objectAt(spec, 'updateStrategy');
  defaultTo(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') {
    const rollingUpdate = objectAt(strategy, 'rollingUpdate');
    defaultTo(rollingUpdate, 'maxUnavailable', 1);
    defaultTo(rollingUpdate, 'maxSurge', 0);
  }
  defaultTo(spec, 'revisionHistoryLimit', 10);
  defaultPodTemplateSpec(objectAt(spec, 'template'));
}

export function defaultJob(job: JsonObject): void {
  const spec = specOf(job);
  // Neither set: one pod, once; only parallelism set: a work queue, completions stays unset.
  if ((spec.completions === undefined || spec.completions === null) && (spec.parallelism === undefined || spec.parallelism === null)) spec.completions = 1;
  defaultTo(spec, 'parallelism', 1);
  defaultTo(spec, 'backoffLimit', 6);
  defaultTo(spec, 'completionMode', 'NonIndexed');
  defaultTo(spec, 'suspend', false);
  if (spec.podFailurePolicy === undefined || spec.podFailurePolicy === null) defaultTo(spec, 'podReplacementPolicy', 'TerminatingOrFailed');
  defaultPodTemplateSpec(objectAt(spec, 'template'));
}

export function defaultCronJob(cronJob: JsonObject): void {
  const spec = specOf(cronJob);
  defaultTo(spec, 'concurrencyPolicy', 'Allow');
  defaultTo(spec, 'suspend', false);
  defaultTo(spec, 'successfulJobsHistoryLimit', 3);
  defaultTo(spec, 'failedJobsHistoryLimit', 1);
  defaultPodTemplateSpec(objectAt(specOf(objectAt(spec, 'jobTemplate')), 'template'));
}

/** The selector and labels of a ReplicationController default to its template's labels. */
export function defaultReplicationController(controller: JsonObject): void {
  const spec = specOf(controller);
  defaultTo(spec, 'replicas', 1);
  const template = spec.template;
  if (isObject(template)) {
    const labels = isObject(template.metadata) ? template.metadata.labels : undefined;
    if (isObject(labels)) {
      if (!isObject(spec.selector) || Object.keys(spec.selector).length === 0) spec.selector = { ...labels };
      const metadata = objectAt(controller, 'metadata');
      if (!isObject(metadata.labels) || Object.keys(metadata.labels).length === 0) metadata.labels = { ...labels };
    }
    defaultPodTemplateSpec(template);
  }
}

/** Both versions default minReplicas to 1; autoscaling/v2 also the metric, 80% cpu (v1 gets it converting). */
export function defaultHorizontalPodAutoscaler(autoscaler: JsonObject): void {
  const spec = specOf(autoscaler);
  defaultTo(spec, 'minReplicas', 1);
  if (autoscaler.apiVersion === 'autoscaling/v2' && (!Array.isArray(spec.metrics) || spec.metrics.length === 0)) spec.metrics = [defaultCpuMetric()];
  if (autoscaler.apiVersion === 'autoscaling/v2' && isObject(spec.behavior)) {
    spec.behavior.scaleUp = withScalingDefaults(spec.behavior.scaleUp, {
      stabilizationWindowSeconds: 0,
      selectPolicy: 'Max',
      policies: [
        { type: 'Pods', value: 4, periodSeconds: 15 },
        { type: 'Percent', value: 100, periodSeconds: 15 },
      ],
    });
    // The scale-down window stays unset: the controller's --horizontal-pod-autoscaler-downscale-stabilization decides it.
    spec.behavior.scaleDown = withScalingDefaults(spec.behavior.scaleDown, { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });
  }
}

/** A behavior's scaling rules with every field it leaves unset taken from kube's defaults. */
function withScalingDefaults(rules: unknown, defaults: JsonObject): JsonObject {
  const set = isObject(rules) ? Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== null && value !== undefined)) : {};
  return { ...defaults, ...set };
}
