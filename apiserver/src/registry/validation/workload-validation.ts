// The workload kinds' own checks kube makes first: a selector that is there and picks the
// template's labels, replica counts that are not negative, and the template's pod spec.

import { fieldInvalid, fieldRequired, matchesLabels, parseLabelSelector, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject } from '../defaulting/json-fields.ts';
import { labelSelectorString } from '../../table/columns/label-selector.ts';
import { labelErrors } from './object-meta-validation.ts';
import { podSpecErrors } from './pod-validation.ts';
import { goStringMap } from './value-formats.ts';

/** Deployment, ReplicaSet, StatefulSet, DaemonSet: selector, template labels and spec, replicas. */
export function selectedWorkloadErrors(workload: JsonObject): FieldError[] {
  const spec = isObject(workload.spec) ? workload.spec : {};
  const errors: FieldError[] = [];
  const template = isObject(spec.template) ? spec.template : {};
  const labels = isObject(template.metadata) && isObject(template.metadata.labels) ? template.metadata.labels : {};
  if (!isObject(spec.selector)) errors.push(fieldRequired('spec.selector'));
  else {
    const text = labelSelectorString(spec.selector);
    const selector = text === undefined || text === '' ? undefined : safeSelector(text);
    if (selector !== undefined && !matchesLabels(selector, labels as Record<string, string>)) {
      errors.push(fieldInvalid('spec.template.metadata.labels', goStringMap(labels), '`selector` does not match template `labels`'));
    }
  }
  errors.push(...labelErrors(labels, 'spec.template.metadata.labels'));
  if (typeof spec.replicas === 'number' && spec.replicas < 0) errors.push(fieldInvalid('spec.replicas', spec.replicas, 'must be greater than or equal to 0'));
  errors.push(...podSpecErrors(template.spec, 'spec.template.spec'));
  return errors;
}

/** Job and ReplicationController: the template's pod spec. */
export function templatedWorkloadErrors(workload: JsonObject): FieldError[] {
  const spec = isObject(workload.spec) ? workload.spec : {};
  const template = isObject(spec.template) ? spec.template : {};
  return podSpecErrors(template.spec, 'spec.template.spec');
}

function safeSelector(text: string): ReturnType<typeof parseLabelSelector> | undefined {
  try {
    return parseLabelSelector(text);
  } catch {
    return undefined;
  }
}
