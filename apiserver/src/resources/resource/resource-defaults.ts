// kube's defaulting of resource.k8s.io/v1 claims and claim templates: a device request or
// alternative without a mode takes ExactCount, and an ExactCount request without a count takes one;
// a device toleration without an operator takes Equal.

import type { JsonObject } from '../../registry/object-meta.ts';
import { defaultTo, defaultZeroTo, isObject, objectsAt } from '../../registry/defaulting/json-fields.ts';

function defaultClassRequest(request: JsonObject): void {
  defaultZeroTo(request, 'allocationMode', 'ExactCount');
  if (request.allocationMode === 'ExactCount') defaultZeroTo(request, 'count', 1);
  for (const toleration of objectsAt(request, 'tolerations')) defaultTo(toleration, 'operator', 'Equal');
}

/** A ResourceClaimSpec's requests, whether exact or lists of alternatives. */
function defaultClaimSpec(spec: unknown): void {
  const devices = isObject(spec) && isObject(spec.devices) ? spec.devices : undefined;
  if (devices === undefined) return;
  for (const request of objectsAt(devices, 'requests')) {
    if (isObject(request.exactly)) defaultClassRequest(request.exactly);
    for (const alternative of objectsAt(request, 'firstAvailable')) defaultClassRequest(alternative);
  }
}

export const defaultResourceClaim = (claim: JsonObject): void => defaultClaimSpec(claim.spec);

export const defaultResourceClaimTemplate = (template: JsonObject): void => defaultClaimSpec(isObject(template.spec) ? template.spec.spec : undefined);
