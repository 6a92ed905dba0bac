// kube-apiserver's flow control flags, with its defaults, help and checks.

import { FlagError } from '@capstan/common';
import type { FlowControlOptions } from './flow-control-setup.ts';

export const flowControlFlags = {
  'enable-priority-and-fairness': {
    type: 'bool',
    default: true,
    help: 'If true, replace the max-in-flight handler with an enhanced one that queues and dispatches with priority and fairness',
  },
  'max-requests-inflight': {
    type: 'int',
    default: 400,
    help: "This and --max-mutating-requests-inflight are summed to determine the server's total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of non-mutating requests in flight, or a zero value disables the limit completely.",
  },
  'max-mutating-requests-inflight': {
    type: 'int',
    default: 200,
    help: "This and --max-requests-inflight are summed to determine the server's total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of mutating requests in flight, or a zero value disables the limit completely.",
  },
} as const;

export function flowControlOptionsOf(flags: {
  readonly 'enable-priority-and-fairness': boolean;
  readonly 'max-requests-inflight': number;
  readonly 'max-mutating-requests-inflight': number;
}): FlowControlOptions {
  const options = {
    enablePriorityAndFairness: flags['enable-priority-and-fairness'],
    maxRequestsInFlight: flags['max-requests-inflight'],
    maxMutatingRequestsInFlight: flags['max-mutating-requests-inflight'],
  };
  if (options.maxRequestsInFlight < 0) throw new FlagError('--max-requests-inflight can not be negative value');
  if (options.maxMutatingRequestsInFlight < 0) throw new FlagError('--max-mutating-requests-inflight can not be negative value');
  if (options.enablePriorityAndFairness && options.maxRequestsInFlight + options.maxMutatingRequestsInFlight <= 0) {
    throw new FlagError(
      `invalid configuration: MaxRequestsInFlight=${options.maxRequestsInFlight} and MaxMutatingRequestsInFlight=${options.maxMutatingRequestsInFlight}; they must add up to something positive`,
    );
  }
  return options;
}
