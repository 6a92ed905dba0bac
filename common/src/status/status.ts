// The meta/v1 Status object: the body of every failed API request (and of a few successful ones),
// with its fields declared in the order kube-apiserver serializes them.

import type { FieldErrorType } from './field-error.ts';

/** The reasons kube-apiserver sets; other components (admission webhooks) may send their own. */
export const knownStatusReasons = [
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'AlreadyExists',
  'Conflict',
  'Gone',
  'Invalid',
  'ServerTimeout',
  'StoreReadError',
  'Timeout',
  'TooManyRequests',
  'BadRequest',
  'MethodNotAllowed',
  'NotAcceptable',
  'RequestEntityTooLarge',
  'UnsupportedMediaType',
  'InternalError',
  'Expired',
  'ServiceUnavailable',
] as const;

export type KnownStatusReason = (typeof knownStatusReasons)[number];

export type StatusReason = KnownStatusReason | (string & {});

/** Field error types (the `reason` of a cause) plus the causes kube-apiserver adds itself. */
export type StatusCauseType = FieldErrorType | 'UnexpectedServerResponse' | 'DisruptionBudget' | 'FieldManagerConflict' | 'ResourceVersionTooLarge' | (string & {});

export interface StatusCause {
  readonly reason?: StatusCauseType;
  readonly message?: string;
  readonly field?: string;
}

export interface StatusDetails {
  readonly name?: string;
  readonly group?: string;
  /** For NotFound, AlreadyExists, Conflict and Forbidden this is the resource plural, as kube sends it. */
  readonly kind?: string;
  readonly uid?: string;
  readonly causes?: readonly StatusCause[];
  readonly retryAfterSeconds?: number;
}

/** A Status carries list metadata; it is `{}` except on an expired continue token. */
export interface StatusMetadata {
  readonly selfLink?: string;
  readonly resourceVersion?: string;
  readonly continue?: string;
  readonly remainingItemCount?: number;
}

export interface Status {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: StatusMetadata;
  readonly status: 'Success' | 'Failure';
  readonly message?: string;
  readonly reason?: StatusReason;
  readonly details?: StatusDetails;
  readonly code?: number;
}

/** What every error this project sends looks like: a failure with a message and a code. */
export interface FailureStatus extends Status {
  readonly status: 'Failure';
  readonly message: string;
  readonly code: number;
}
