// Lease (coordination.k8s.io/v1): a positive duration and a non-negative count of transitions.
// kube 1.35 drops spec.strategy and spec.preferredHolder before validating (CoordinatedLeaderElection
// is off by default), so their checks never speak.

import { fieldInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf } from '../../../registry/defaulting/json-fields.ts';

export function leaseErrors(lease: JsonObject): FieldError[] {
  const spec = objectOf(lease.spec);
  const errors: FieldError[] = [];
  const duration = spec.leaseDurationSeconds;
  if (typeof duration === 'number' && duration <= 0) errors.push(fieldInvalid('spec.leaseDurationSeconds', duration, 'must be greater than 0'));
  const transitions = spec.leaseTransitions;
  if (typeof transitions === 'number' && transitions < 0) errors.push(fieldInvalid('spec.leaseTransitions', transitions, 'must be greater than or equal to 0'));
  return errors;
}
