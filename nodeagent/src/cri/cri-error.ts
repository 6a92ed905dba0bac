// The errors of CRI calls: a gRPC status from the runtime (or raised by an implementation served
// with serveCri), and a response the kubelet would refuse.

import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';

export { GrpcStatus };

/** The codes' names as Go's gRPC prints them, which is how the kubelet's errors and logs show them. */
const goCodeNames = [
  'OK',
  'Canceled',
  'Unknown',
  'InvalidArgument',
  'DeadlineExceeded',
  'NotFound',
  'AlreadyExists',
  'PermissionDenied',
  'ResourceExhausted',
  'FailedPrecondition',
  'Aborted',
  'OutOfRange',
  'Unimplemented',
  'Internal',
  'Unavailable',
  'DataLoss',
  'Unauthenticated',
] as const;

/**
 * A gRPC status other than OK. The message reads as Go's status errors do
 * ("rpc error: code = Unimplemented desc = method CheckpointContainer not implemented"), so that
 * what the kubelet would put in an event or a response body can be put there the same way.
 */
export class CriError extends Error {
  override name = 'CriError';
  readonly code: GrpcStatus;
  readonly details: string;
  /** The runtime.v1 method that failed, when known ("CheckpointContainer"). */
  readonly method: string | undefined;

  constructor(code: GrpcStatus, details: string, method?: string) {
    super(`rpc error: code = ${goCodeNames[code] ?? `Code(${code})`} desc = ${details}`);
    this.code = code;
    this.details = details;
    this.method = method;
  }

  /** Whether a thrown value is a CriError with this code. */
  static is(error: unknown, code: GrpcStatus): error is CriError {
    return error instanceof CriError && error.code === code;
  }
}

/** A response that is well-formed protobuf but lacks what the kubelet requires of it. */
export class CriResponseError extends Error {
  override name = 'CriResponseError';
  readonly method: string;

  constructor(method: string, message: string) {
    super(message);
    this.method = method;
  }
}

/** The CriError of a failed grpc-js call. */
export function criErrorOf(error: ServiceError, method: string): CriError {
  return new CriError(error.code, error.details, method);
}
