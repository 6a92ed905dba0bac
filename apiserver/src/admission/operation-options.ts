// The options of the request's operation as kube's admission hands them to webhooks (the
// AdmissionReview's request.options) and to policies' CEL (request.options): CreateOptions,
// UpdateOptions or DeleteOptions of meta.k8s.io/v1, with their kind set; none for CONNECT.

import type { JsonObject } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';

const optionsKinds = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions', CONNECT: undefined } as const;

export function operationOptionsOf(attributes: AdmissionAttributes): JsonObject | null {
  const kind = optionsKinds[attributes.operation];
  if (kind === undefined) return null;
  return { kind, apiVersion: 'meta.k8s.io/v1', ...(attributes.dryRun ? { dryRun: ['All'] } : {}), ...attributes.operationOptions };
}
