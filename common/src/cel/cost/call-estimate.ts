// What a call estimator sees of one call (the function, the overload the checker resolved, the
// target and arguments as cost nodes) and what it answers: the call's own cost and, when the call
// builds a string, bytes, list or map, the size of its result.

import type { CostEstimate, SizeEstimate } from './cost-estimate.ts';
import type { CostNode } from './size-estimator.ts';

/** The sizes of the keys (list indices) and values of a list or map built in the expression. */
export interface EntrySize {
  readonly container: 'list' | 'map';
  readonly key: SizeEstimate;
  readonly value: SizeEstimate;
}

export interface CallContext {
  /** The function's name as the checker resolved it (`_==_`, `matches`, `strings.quote`). */
  readonly function: string;
  readonly overloadId: string;
  readonly target: CostNode | undefined;
  readonly args: readonly CostNode[];
  /** The cost of evaluating each argument. */
  readonly argCosts: readonly CostEstimate[];
  /** The node's size: what the expression tells, else the size estimator's, else unknown. */
  sizeOf(node: CostNode): SizeEstimate;
  /** The element sizes of a list or map the expression builds, when known. */
  entrySizeOf(node: CostNode): EntrySize | undefined;
  /** Records the element sizes of the call's result. */
  setResultEntrySize(entry: EntrySize | undefined): void;
}

export interface CallEstimate {
  /** The call's own cost, to which the arguments' costs are added unless `includesArguments`. */
  readonly cost: CostEstimate;
  readonly resultSize?: SizeEstimate;
  /** The cost already accounts for the arguments (&&, || and ?: evaluate some of them only). */
  readonly includesArguments?: boolean;
}

/** An estimator for some calls; undefined lets the next one answer. */
export type CallEstimator = (call: CallContext) => CallEstimate | undefined;
