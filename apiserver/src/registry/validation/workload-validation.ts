// The workload kinds' own checks kube makes first: a selector that is there and picks the
// template's labels, replica counts that are not negative, and the template's pod spec.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, matchesLabels, parseLabelSelector, type FieldError, labelSelectorString } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject, objectOf, stringOf } from '../defaulting/json-fields.ts';
import { labelErrors } from './object-meta-validation.ts';
import { podSpecErrors } from '../../resources/core/pods/pod-validation.ts';
import { generatedJobLabels } from '../../resources/batch/jobs/job-strategy.ts';
import { jobRestartPolicyErrors } from '../../resources/batch/cronjobs/cron-job-validation.ts';
import { stringMapValue, labelSelectorValue } from './value-formats.ts';

/** Deployment, ReplicaSet, StatefulSet, DaemonSet, Job: selector, template labels and spec, replicas. */
export function selectedWorkloadErrors(workload: JsonObject): FieldError[] {
  const spec = objectOf(workload.spec);
  const errors: FieldError[] = [];
  const template = objectOf(spec.template);
  const labels = objectOf(objectOf(template.metadata).labels);
  if (!isObject(spec.selector)) errors.push(fieldRequired('spec.selector'));
  else {
    const text = labelSelectorString(spec.selector);
    const selector = text === undefined || text === '' ? undefined : safeSelector(text);
    if (selector !== undefined && !matchesLabels(selector, labels as Record<string, string>)) {
      errors.push(fieldInvalid('spec.template.metadata.labels', stringMapValue(labels), '`selector` does not match template `labels`'));
    }
  }
  // ValidatePodTemplateSpec reports the template's own label errors at template.labels.
  errors.push(...labelErrors(labels, 'spec.template.labels'));
  if (typeof spec.replicas === 'number' && spec.replicas < 0) errors.push(fieldInvalid('spec.replicas', spec.replicas, 'must be greater than or equal to 0'));
  errors.push(...podSpecErrors(template.spec, 'spec.template.spec'));
  return errors;
}

/**
 * Job: unless spec.manualSelector says the user chose the selector, the pod template carries the
 * generated labels and the selector picks nothing else (kube's ValidateGeneratedSelector); then
 * the workload checks.
 */
export function jobErrors(job: JsonObject): FieldError[] {
  const spec = objectOf(job.spec);
  const errors: FieldError[] = [];
  if (spec.manualSelector !== true) {
    const meta = objectOf(job.metadata);
    const expected = generatedJobLabels(stringOf(meta.name), stringOf(meta.uid));
    const template = objectOf(spec.template);
    const labels = objectOf(objectOf(template.metadata).labels);
    for (const [key, value] of Object.entries(expected)) {
      const path = `spec.template.metadata.labels[${key}]`;
      if (!(key in labels)) errors.push(fieldRequired(path, value));
      else if (labels[key] !== value) errors.push(fieldInvalid(path, stringMapValue(labels), `must be '${value}'`));
    }
    const text = isObject(spec.selector) ? labelSelectorString(spec.selector) : '';
    const selector = text === undefined ? undefined : safeSelector(text);
    if (isObject(spec.selector) && selector !== undefined && !matchesLabels(selector, expected)) {
      errors.push(fieldInvalid('spec.selector', labelSelectorValue(spec.selector), '`selector` not auto-generated'));
    }
  }
  return [...errors, ...selectedWorkloadErrors(job), ...jobRestartPolicyErrors(spec, 'spec')];
}

/** ReplicationController: the template's labels and pod spec. */
export function templatedWorkloadErrors(workload: JsonObject): FieldError[] {
  const template = objectOf(objectOf(workload.spec).template);
  return [...labelErrors(objectOf(template.metadata).labels, 'spec.template.labels'), ...podSpecErrors(template.spec, 'spec.template.spec')];
}

/**
 * The pods of the long-running workloads (Deployment and ReplicaSet, whose rules kube words for a
 * ReplicaSet; StatefulSet, DaemonSet, ReplicationController) always restart and have no deadline.
 */
export function longRunningTemplateErrors(workload: JsonObject, wordedAs: 'ReplicaSet' | 'StatefulSet' | 'DaemonSet' | 'ReplicationController'): FieldError[] {
  const podSpec = objectOf(objectOf(objectOf(workload.spec).template).spec);
  const errors: FieldError[] = [];
  // Defaulted to Always before validation: anything else was asked for.
  const restartPolicy = stringOf(podSpec.restartPolicy);
  if (restartPolicy !== 'Always') errors.push(fieldNotSupported('spec.template.spec.restartPolicy', restartPolicy, ['Always']));
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errors.push(fieldForbidden('spec.template.spec.activeDeadlineSeconds', `activeDeadlineSeconds in ${wordedAs} is not Supported`));
  }
  return errors;
}

/** A selector that selects everything: refused for the workloads kube names in the message ("deployment" for a ReplicaSet too, as kube words it). */
export function emptySelectorErrors(workload: JsonObject, wordedAs: 'deployment' | 'statefulset' | 'daemonset'): FieldError[] {
  const selector = objectOf(workload.spec).selector;
  if (!isObject(selector)) return [];
  const labels = Object.keys(objectOf(selector.matchLabels)).length;
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions.length : 0;
  return labels + expressions === 0 ? [fieldInvalid('spec.selector', labelSelectorValue(selector), `empty selector is invalid for ${wordedAs}`)] : [];
}

/** ValidateDeploymentSpec's counts: minReadySeconds and revisionHistoryLimit not negative, a progress deadline past minReadySeconds. */
export function deploymentCountErrors(deployment: JsonObject): FieldError[] {
  const spec = objectOf(deployment.spec);
  const errors: FieldError[] = [];
  const minReadySeconds = typeof spec.minReadySeconds === 'number' ? spec.minReadySeconds : 0;
  if (minReadySeconds < 0) errors.push(fieldInvalid('spec.minReadySeconds', minReadySeconds, 'must be greater than or equal to 0'));
  if (typeof spec.revisionHistoryLimit === 'number' && spec.revisionHistoryLimit < 0) {
    errors.push(fieldInvalid('spec.revisionHistoryLimit', spec.revisionHistoryLimit, 'must be greater than or equal to 0'));
  }
  if (typeof spec.progressDeadlineSeconds === 'number') {
    if (spec.progressDeadlineSeconds < 0) errors.push(fieldInvalid('spec.progressDeadlineSeconds', spec.progressDeadlineSeconds, 'must be greater than or equal to 0'));
    if (spec.progressDeadlineSeconds <= minReadySeconds)
      errors.push(fieldInvalid('spec.progressDeadlineSeconds', spec.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
  }
  return errors;
}

function safeSelector(text: string): ReturnType<typeof parseLabelSelector> | undefined {
  try {
    return parseLabelSelector(text);
  } catch {
    return undefined;
  }
}
