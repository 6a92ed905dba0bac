// meta/v1 DeleteOptions: read from the DELETE body (what kubectl sends) or, without a body, from
// the query, and validated as kube-apiserver validates them (422 Invalid DeleteOptions).

import { fieldInvalid, fieldNotSupported, newBadRequest, newInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from './object-meta.ts';

export type PropagationPolicy = 'Foreground' | 'Background' | 'Orphan';

export interface DeleteOptions {
  readonly gracePeriodSeconds?: number;
  readonly preconditions?: { readonly uid?: string; readonly resourceVersion?: string };
  readonly propagationPolicy?: PropagationPolicy;
  /** Deprecated in favour of propagationPolicy; still honoured, as by kube. */
  readonly orphanDependents?: boolean;
  readonly dryRun: boolean;
}

const policies: readonly string[] = ['Foreground', 'Background', 'Orphan'];

export function parseDeleteOptions(body: JsonObject | undefined, query: URLSearchParams): DeleteOptions {
  const raw = body ?? fromQuery(query);
  const options: { -readonly [K in keyof DeleteOptions]: DeleteOptions[K] } = { dryRun: false };
  const errors: FieldError[] = [];
  if (raw.gracePeriodSeconds !== undefined && raw.gracePeriodSeconds !== null) {
    if (!Number.isSafeInteger(raw.gracePeriodSeconds)) throw newBadRequest(`gracePeriodSeconds: ${JSON.stringify(raw.gracePeriodSeconds)} is not an integer`);
    options.gracePeriodSeconds = raw.gracePeriodSeconds as number;
  }
  if (raw.preconditions !== undefined && raw.preconditions !== null) {
    const preconditions = raw.preconditions as { uid?: unknown; resourceVersion?: unknown };
    options.preconditions = {
      ...(typeof preconditions.uid === 'string' ? { uid: preconditions.uid } : {}),
      ...(typeof preconditions.resourceVersion === 'string' ? { resourceVersion: preconditions.resourceVersion } : {}),
    };
  }
  if (raw.orphanDependents !== undefined && raw.orphanDependents !== null) options.orphanDependents = raw.orphanDependents === true;
  if (raw.propagationPolicy !== undefined && raw.propagationPolicy !== null) {
    const policy = String(raw.propagationPolicy);
    if (options.orphanDependents !== undefined) {
      errors.push(fieldInvalid('propagationPolicy', policy, 'orphanDependents and deletionPropagation cannot be both set'));
    }
    if (policies.includes(policy)) options.propagationPolicy = policy as PropagationPolicy;
    else errors.push(fieldNotSupported('propagationPolicy', policy, [...policies, 'nil']));
  }
  const dryRun = raw.dryRun;
  if (Array.isArray(dryRun) && dryRun.length > 0) {
    if (dryRun.length === 1 && dryRun[0] === 'All') options.dryRun = true;
    else errors.push(fieldNotSupported('dryRun', String(dryRun), ['All']));
  }
  if (errors.length > 0) throw newInvalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', errors);
  return options;
}

function fromQuery(query: URLSearchParams): JsonObject {
  const raw: JsonObject = {};
  const grace = query.get('gracePeriodSeconds');
  if (grace !== null && grace !== '') {
    const value = Number(grace);
    if (!Number.isSafeInteger(value)) throw newBadRequest(`strconv.ParseInt: parsing ${JSON.stringify(grace)}: invalid syntax`);
    raw.gracePeriodSeconds = value;
  }
  const policy = query.get('propagationPolicy');
  if (policy !== null && policy !== '') raw.propagationPolicy = policy;
  const orphan = query.get('orphanDependents');
  if (orphan !== null && orphan !== '') raw.orphanDependents = orphan === 'true' || orphan === '1';
  const dryRun = query.getAll('dryRun').filter((value) => value !== '');
  if (dryRun.length > 0) raw.dryRun = dryRun;
  return raw;
}
