// StatusError: the error every failure of the API becomes, carrying the Status the client sees;
// failure() builds one as kube-apiserver's encoder writes it.

import { type FailureStatus, knownStatusReasons, type StatusDetails, type StatusMetadata, type StatusReason } from './status.ts';
import { errorMessage } from '../text/error-message.ts';

export class StatusError extends Error {
  override name = 'StatusError';
  readonly status: FailureStatus;

  constructor(status: FailureStatus) {
    super(status.message);
    this.status = status;
  }

  get code(): number {
    return this.status.code;
  }

  get reason(): StatusReason | undefined {
    return this.status.reason;
  }
}

const knownReasons: ReadonlySet<string> = new Set(knownStatusReasons);

/**
 * kube's IsNotFound: the NotFound reason, or a 404 whose reason kube does not know (a bare 404
 * answer, a webhook's own reason).
 */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof StatusError)) return false;
  return error.reason === 'NotFound' || (error.code === 404 && !knownReasons.has(error.reason ?? ''));
}

export interface GroupResource {
  readonly group: string;
  readonly resource: string;
}

export interface GroupKind {
  readonly group: string;
  readonly kind: string;
}

export function qualified(name: string, group: string): string {
  return group === '' ? name : `${name}.${group}`;
}

/** Details as Go's encoder writes them: empty strings, zero numbers and empty lists left out. */
function details(parts: StatusDetails): StatusDetails {
  const out: { -readonly [K in keyof StatusDetails]: StatusDetails[K] } = {};
  if (parts.name) out.name = parts.name;
  if (parts.group) out.group = parts.group;
  if (parts.kind) out.kind = parts.kind;
  if (parts.uid) out.uid = parts.uid;
  if (parts.causes !== undefined && parts.causes.length > 0) out.causes = parts.causes;
  if (parts.retryAfterSeconds) out.retryAfterSeconds = parts.retryAfterSeconds;
  return out;
}

export function failure(code: number, reason: StatusReason, message: string, detail?: StatusDetails, metadata: StatusMetadata = {}): StatusError {
  const status: FailureStatus = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata,
    status: 'Failure',
    message,
    reason,
    ...(detail === undefined ? {} : { details: details(detail) }),
    code,
  };
  return new StatusError(status);
}

/**
 * The body for any thrown value: a StatusError's own status, anything else a 500 with no reason
 * and the error's message (what kube-apiserver sends for an error that is not a Status).
 */
export function statusOf(error: unknown): FailureStatus {
  if (error instanceof StatusError) return error.status;
  const message = errorMessage(error);
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 };
}
