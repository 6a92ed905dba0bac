// ValidateHorizontalPodAutoscaler's spec checks on the autoscaling/v2 shape: replica bounds, the
// scale target, each metric source and target, and the scaling behavior rules.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, decodeQuantity, quantitySign, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, numberOf, objectOf, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label, pathSegmentErrors } from '../../../registry/name-validation.ts';
import { invalidEach } from '../../../registry/validation/value-formats.ts';
import { kindAndNameErrors } from '../../../registry/validation/object-reference-validation.ts';
import { quantityBadValue } from '../../../registry/validation/quantity-values.ts';

/** Sorted, as kube lists them from a set. */
const metricSourceTypes = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'] as const;
const selectPolicies = ['Disabled', 'Max', 'Min'] as const;
const scalingPolicyTypes = ['Percent', 'Pods'] as const;
const targetTypes: readonly string[] = ['Utilization', 'Value', 'AverageValue'];
/** The JSON field of each source type, in the order kube looks for them. */
const sourceFields = { Object: 'object', External: 'external', Pods: 'pods', Resource: 'resource', ContainerResource: 'containerResource' } as const;
const maxStabilizationWindowSeconds = 3600;
const maxPeriodSeconds = 1800;

export function horizontalPodAutoscalerErrors(autoscaler: JsonObject): FieldError[] {
  const spec = objectOf(autoscaler.spec);
  const errors: FieldError[] = [];
  const minReplicas = typeof spec.minReplicas === 'number' ? spec.minReplicas : undefined;
  const maxReplicas = numberOf(spec.maxReplicas);
  // HPAScaleToZero is off by default, so the lower bound is 1.
  if (minReplicas !== undefined && minReplicas < 1) errors.push(fieldInvalid('spec.minReplicas', minReplicas, 'must be greater than or equal to 1'));
  if (maxReplicas < 1) errors.push(fieldInvalid('spec.maxReplicas', maxReplicas, 'must be greater than 0'));
  if (minReplicas !== undefined && maxReplicas < minReplicas) errors.push(fieldInvalid('spec.maxReplicas', maxReplicas, 'must be greater than or equal to `minReplicas`'));
  errors.push(...kindAndNameErrors(objectOf(spec.scaleTargetRef), 'spec.scaleTargetRef'));
  const metrics = objectsAt(spec, 'metrics');
  metrics.forEach((metric, index) => errors.push(...metricSpecErrors(metric, `spec.metrics[${index}]`)));
  if (minReplicas === 0 && !metrics.some((metric) => metric.type === 'Object' || metric.type === 'External')) {
    errors.push(fieldForbidden('spec.metrics', 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  if (isObject(spec.behavior)) {
    for (const direction of ['scaleUp', 'scaleDown']) {
      if (isObject(spec.behavior[direction])) errors.push(...scalingRulesErrors(spec.behavior[direction] as JsonObject, `spec.behavior.${direction}`));
    }
  }
  return errors;
}

function metricSpecErrors(metric: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const type = stringOf(metric.type);
  const typeUnsupported = fieldNotSupported(`${path}.type`, type, metricSourceTypes);
  if (type === '') errors.push(fieldRequired(`${path}.type`, 'must specify a metric source type'));
  if (!(metricSourceTypes as readonly string[]).includes(type)) errors.push(typeUnsupported);
  const present = Object.values(sourceFields).filter((key) => isObject(metric[key]));
  const [first] = present;
  if (first !== undefined) errors.push(...sourceErrors(first, metric[first] as JsonObject, `${path}.${first}`));
  const expected = sourceFields[type as keyof typeof sourceFields] as string | undefined;
  if (expected === undefined) errors.push(typeUnsupported);
  else if (!present.includes(expected as (typeof present)[number])) errors.push(fieldRequired(`${path}.${expected}`, 'must populate information for the given metric source'));
  if (present.length > 1) {
    for (const key of present) if (key !== expected) errors.push(fieldForbidden(`${path}.${key}`, 'must populate the given metric source only'));
  }
  return errors;
}

function sourceErrors(field: string, source: JsonObject, path: string): FieldError[] {
  const target = objectOf(source.target);
  const has = (key: string): boolean => target[key] !== undefined && target[key] !== null;
  const errors: FieldError[] = [];
  if (field === 'resource' || field === 'containerResource') {
    if (stringOf(source.name) === '') errors.push(fieldRequired(`${path}.name`, 'must specify a resource name'));
    if (field === 'containerResource') {
      const container = stringOf(source.container);
      if (container === '') errors.push(fieldRequired(`${path}.container`, 'must specify a container'));
      else for (const message of isDNS1123Label(container)) errors.push(fieldInvalid(`${path}.container`, container, message));
    }
    errors.push(...metricTargetErrors(target, `${path}.target`));
    if (!has('averageUtilization') && !has('averageValue'))
      errors.push(fieldRequired(`${path}.target.averageUtilization`, 'must set either a target raw value or a target utilization'));
    if (has('averageUtilization') && has('averageValue'))
      errors.push(fieldForbidden(`${path}.target.averageValue`, 'may not set both a target raw value and a target utilization'));
    return errors;
  }
  if (field === 'object') errors.push(...kindAndNameErrors(objectOf(source.describedObject), `${path}.describedObject`));
  errors.push(...metricIdentifierErrors(objectOf(source.metric), `${path}.metric`), ...metricTargetErrors(target, `${path}.target`));
  if (field === 'object' && !has('value') && !has('averageValue')) errors.push(fieldRequired(`${path}.target.averageValue`, 'must set either a target value or averageValue'));
  if (field === 'external') {
    if (!has('value') && !has('averageValue')) errors.push(fieldRequired(`${path}.target.averageValue`, 'must set either a target value for metric or a per-pod target'));
    if (has('value') && has('averageValue')) errors.push(fieldForbidden(`${path}.target.value`, 'may not set both a target value for metric and a per-pod target'));
  }
  if (field === 'pods' && !has('averageValue')) errors.push(fieldRequired(`${path}.target.averageValue`, 'must specify a positive target averageValue'));
  return errors;
}

function metricIdentifierErrors(identifier: JsonObject, path: string): FieldError[] {
  const name = stringOf(identifier.name);
  if (name === '') return [fieldRequired(`${path}.name`, 'must specify a metric name')];
  return invalidEach(`${path}.name`, name, pathSegmentErrors(name, false));
}

function metricTargetErrors(target: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const type = stringOf(target.type);
  if (type === '') errors.push(fieldRequired(`${path}.type`, 'must specify a metric target type'));
  if (!targetTypes.includes(type)) errors.push(fieldInvalid(`${path}.type`, type, 'must be either Utilization, Value, or AverageValue'));
  for (const key of ['value', 'averageValue']) {
    const quantity = target[key];
    const amount = decodeQuantity(quantity);
    // kube quotes the *resource.Quantity: its JSON, the canonical text.
    if (amount !== undefined && quantitySign(amount) <= 0) errors.push(fieldInvalid(`${path}.${key}`, quantityBadValue(quantity), 'must be positive'));
  }
  const utilization = target.averageUtilization;
  if (typeof utilization === 'number' && utilization < 1) errors.push(fieldInvalid(`${path}.averageUtilization`, utilization, 'must be greater than 0'));
  return errors;
}

function scalingRulesErrors(rules: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (typeof window === 'number' && window < 0) errors.push(fieldInvalid(`${path}.stabilizationWindowSeconds`, window, 'must be greater than or equal to zero'));
  if (typeof window === 'number' && window > maxStabilizationWindowSeconds) {
    errors.push(fieldInvalid(`${path}.stabilizationWindowSeconds`, window, `must be less than or equal to ${maxStabilizationWindowSeconds}`));
  }
  const select = rules.selectPolicy;
  if (typeof select === 'string' && !(selectPolicies as readonly string[]).includes(select)) errors.push(fieldNotSupported(`${path}.selectPolicy`, select, selectPolicies));
  const policies = objectsAt(rules, 'policies');
  if (policies.length === 0) errors.push(fieldRequired(`${path}.policies`, 'must specify at least one Policy'));
  policies.forEach((policy, index) => {
    const at = `${path}.policies[${index}]`;
    const type = stringOf(policy.type);
    if (!(scalingPolicyTypes as readonly string[]).includes(type)) errors.push(fieldNotSupported(`${at}.type`, type, scalingPolicyTypes));
    const value = numberOf(policy.value);
    if (value <= 0) errors.push(fieldInvalid(`${at}.value`, value, 'must be greater than zero'));
    const period = numberOf(policy.periodSeconds);
    if (period <= 0) errors.push(fieldInvalid(`${at}.periodSeconds`, period, 'must be greater than zero'));
    if (period > maxPeriodSeconds) errors.push(fieldInvalid(`${at}.periodSeconds`, period, `must be less than or equal to ${maxPeriodSeconds}`));
  });
  return errors;
}
