// The errors the simulated runtime answers, each with the gRPC status code a CRI server sends it
// with: the kubelet tells NotFound apart (crierrors.IsNotFound) and DeadlineExceeded (probe timeouts).

export type RuntimeErrorCode = 'NotFound' | 'AlreadyExists' | 'InvalidArgument' | 'FailedPrecondition' | 'DeadlineExceeded' | 'Unimplemented' | 'Unknown';

/** The numeric gRPC status codes of google.golang.org/grpc/codes. */
export const grpcStatusCodes: Readonly<Record<RuntimeErrorCode, number>> = {
  Unknown: 2,
  InvalidArgument: 3,
  DeadlineExceeded: 4,
  NotFound: 5,
  AlreadyExists: 6,
  FailedPrecondition: 9,
  Unimplemented: 12,
};

export class RuntimeError extends Error {
  override name = 'RuntimeError';
  readonly code: RuntimeErrorCode;

  constructor(code: RuntimeErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export const containerNotFound = (id: string): RuntimeError => new RuntimeError('NotFound', `an error occurred when try to find container "${id}": not found`);

export const sandboxNotFound = (id: string): RuntimeError => new RuntimeError('NotFound', `an error occurred when try to find sandbox "${id}": not found`);
