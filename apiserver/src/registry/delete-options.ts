// meta/v1 DeleteOptions: decoded from the DELETE body (what kubectl sends) or, without a body, from
// the query, as kube-apiserver decodes them (400 for a value it cannot read), then validated as it
// validates them (422 Invalid DeleteOptions).

import { queryBool } from './query-bool.ts';
import { fieldInvalid, fieldNotSupported, goJsonKind, isRawJSON, newBadRequest, newInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from './object-meta.ts';
import { parseGoInt64, queryInt64 } from './query-int64.ts';

export type PropagationPolicy = 'Foreground' | 'Background' | 'Orphan';

export interface DeleteOptions {
  readonly gracePeriodSeconds?: number;
  readonly preconditions?: { readonly uid?: string; readonly resourceVersion?: string };
  readonly propagationPolicy?: PropagationPolicy;
  /** Deprecated in favour of propagationPolicy; still honoured, as by kube. */
  readonly orphanDependents?: boolean;
  readonly dryRun: boolean;
  /**
   * The unsafe deletion of an object whose stored value cannot be decoded, without finalizers,
   * grace period or preconditions. Kept only with the AllowUnsafeMalformedObjectDeletion gate.
   */
  readonly ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

/** The gates that decide which options a request may use. */
export interface DeleteOptionsGates {
  readonly allowUnsafeMalformedObjectDeletion: boolean;
}

/** The options as decoded, before validation: each unset one undefined, as Go's nil pointers. */
interface DecodedDeleteOptions {
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  orphanDependents?: boolean;
  propagationPolicy?: string;
  dryRun?: string[];
  ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

const policies: readonly string[] = ['Foreground', 'Background', 'Orphan'];
const unsafeOption = 'ignoreStoreReadErrorWithClusterBreakingPotential';

export function parseDeleteOptions(body: JsonObject | undefined, query: URLSearchParams, gates: DeleteOptionsGates = { allowUnsafeMalformedObjectDeletion: false }): DeleteOptions {
  const decoded = body === undefined ? fromQuery(query) : fromBody(body);
  // kube forgets the option before it validates when the gate is off: the delete goes on as a normal one.
  if (!gates.allowUnsafeMalformedObjectDeletion) delete decoded.ignoreStoreReadErrorWithClusterBreakingPotential;
  const errors = deleteOptionsErrors(decoded);
  if (errors.length > 0) throw newInvalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', errors);
  const { dryRun, propagationPolicy, ...rest } = decoded;
  return {
    ...rest,
    ...(propagationPolicy === undefined ? {} : { propagationPolicy: propagationPolicy as PropagationPolicy }),
    dryRun: dryRun !== undefined && dryRun.length > 0,
  };
}

/** kube's ValidateDeleteOptions, in its order. */
function deleteOptionsErrors(options: DecodedDeleteOptions): FieldError[] {
  const errors: FieldError[] = [];
  const { propagationPolicy: policy, dryRun } = options;
  if (options.orphanDependents !== undefined && policy !== undefined) {
    errors.push(fieldInvalid('propagationPolicy', policy, 'orphanDependents and deletionPropagation cannot be both set'));
  }
  if (policy !== undefined && !policies.includes(policy)) errors.push(fieldNotSupported('propagationPolicy', policy, [...policies, 'nil']));
  if (dryRun !== undefined && !dryRun.every((value) => value === 'All')) errors.push(fieldNotSupported('dryRun', dryRun, ['All']));
  if (options.ignoreStoreReadErrorWithClusterBreakingPotential === true) {
    // An unsafe deletion is not to be mixed with anything that shapes a normal one.
    const others: readonly [string, boolean][] = [
      ['dryRun', dryRun !== undefined && dryRun.length > 0],
      ['propagationPolicy', policy !== undefined],
      ['orphanDependents', options.orphanDependents !== undefined],
      ['gracePeriodSeconds', options.gracePeriodSeconds !== undefined],
      ['preconditions', options.preconditions !== undefined],
    ];
    for (const [name, set] of others) if (set) errors.push(fieldInvalid(unsafeOption, true, `cannot be set together with .${name}`));
  }
  return errors;
}

/**
 * The query parameters as kube's parameter codec reads them: the first value of each, an empty one
 * included; booleans are false only for "0" and "false" (any case).
 */
function fromQuery(query: URLSearchParams): DecodedDeleteOptions {
  const options: DecodedDeleteOptions = {};
  const grace = query.get('gracePeriodSeconds');
  if (grace !== null) options.gracePeriodSeconds = Number(queryInt64(grace));
  const orphan = query.get('orphanDependents');
  if (orphan !== null) options.orphanDependents = queryBool(orphan);
  const policy = query.get('propagationPolicy');
  if (policy !== null) options.propagationPolicy = policy;
  if (query.has('dryRun')) options.dryRun = query.getAll('dryRun');
  const unsafe = query.get(unsafeOption);
  if (unsafe !== null) options.ignoreStoreReadErrorWithClusterBreakingPotential = queryBool(unsafe);
  return options;
}

/** The Go type of each field, which kube's JSON decoder names when a value has another type. */
const goTypes = {
  gracePeriodSeconds: 'int64',
  preconditions: 'v1.Preconditions',
  orphanDependents: 'bool',
  propagationPolicy: 'v1.DeletionPropagation',
  dryRun: '[]string',
  [unsafeOption]: 'bool',
} as const;

/**
 * The body as kube's JSON decoder reads it into a DeleteOptions: null leaves a field unset, unknown
 * fields are ignored, and the first value of the wrong type fails the request with Go's words.
 */
function fromBody(body: JsonObject): DecodedDeleteOptions {
  const options: DecodedDeleteOptions = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === null || !(field in goTypes)) continue;
    // Go names the innermost struct, then the path from the outermost one.
    const mismatch = (path = `DeleteOptions.${field}`, goType: string = goTypes[field as keyof typeof goTypes], shown = value): never => {
      throw newBadRequest(`json: cannot unmarshal ${jsonKind(shown, goType)} into Go struct field ${path} of type ${goType}`);
    };
    switch (field) {
      case 'gracePeriodSeconds':
        options.gracePeriodSeconds = int64Of(value) ?? mismatch();
        break;
      case 'orphanDependents':
      case unsafeOption:
        if (typeof value !== 'boolean') mismatch();
        options[field] = value as boolean;
        break;
      case 'propagationPolicy':
        options.propagationPolicy = typeof value === 'string' ? value : mismatch();
        break;
      case 'dryRun':
        if (!Array.isArray(value)) mismatch();
        // A null item reads as Go's zero value, "".
        options.dryRun = (value as unknown[]).map((item) => (item === null ? '' : typeof item === 'string' ? item : mismatch('DeleteOptions.dryRun', 'string', item)));
        break;
      case 'preconditions': {
        if (typeof value !== 'object' || Array.isArray(value)) mismatch();
        const preconditions: { uid?: string; resourceVersion?: string } = {};
        for (const [name, item] of Object.entries(value as JsonObject)) {
          if (item === null || (name !== 'uid' && name !== 'resourceVersion')) continue;
          if (typeof item !== 'string') mismatch(`Preconditions.preconditions.${name}`, name === 'uid' ? 'types.UID' : 'string', item);
          preconditions[name] = item as string;
        }
        options.preconditions = preconditions;
        break;
      }
    }
  }
  return options;
}

/** A JSON number that an int64 holds (long ones come as raw JSON, exact); undefined otherwise. */
function int64Of(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (isRawJSON(value)) {
    const digits = (value as { rawJSON: string }).rawJSON;
    const parsed = /^-?\d+$/.test(digits) ? parseGoInt64(digits) : undefined;
    return typeof parsed === 'bigint' ? Number(parsed) : undefined;
  }
  return undefined;
}

/** The JSON type Go's UnmarshalTypeError names; a number bound for an integer shows its digits. */
function jsonKind(value: unknown, goType: string): string {
  const kind = goJsonKind(value);
  // For an integer field Go also shows the number it could not take.
  if (kind !== 'number' || goType !== 'int64') return kind;
  return `number ${typeof value === 'number' ? String(value) : (value as { rawJSON: string }).rawJSON}`;
}
