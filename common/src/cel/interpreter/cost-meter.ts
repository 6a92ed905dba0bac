// The running cost of one evaluation, as cel-go's cost tracker counts it, and the limit that stops
// the evaluation the moment the count passes it (cel-go panics out of the evaluation; here a
// throw unwinds it, caught by the program). Also the shape of a function's run-time charge.

import type { CelValue } from '../values/values.ts';

/** Thrown by CostMeter.charge past the limit; never escapes a program's evaluateWithCost. */
export class CostLimitExceeded {}

const exceeded = new CostLimitExceeded();

export class CostMeter {
  cost = 0;
  limit = Number.POSITIVE_INFINITY;

  reset(limit: number): void {
    this.cost = 0;
    this.limit = limit;
  }

  /** Adds one step's cost; past the limit the evaluation stops (cel-go checks after every step, with `>`). */
  charge(amount: number): void {
    this.cost += amount;
    if (this.cost > this.limit) throw exceeded;
  }
}

/** The run-time cost of one call, from its arguments (a member call's target first) and its result. */
export type CallCost = (args: readonly CelValue[], result: CelValue) => number;

export interface CallCostRule {
  readonly cost: CallCost;
  /**
   * The charge when the type checker could not pin the call to one overload (its arguments are
   * dynamic), for which cel-go passes no overload id: charges cel-go picks by overload (less_string,
   * in_list, list_slice, ...) fall back to 1; Kubernetes' charges go by function name and mostly
   * stay. Absent: the same as cost.
   */
  readonly unresolved?: CallCost;
}

/** A function's charge in each form it is called in; a function not listed costs 1 per call. */
export interface CallCostForms {
  readonly global?: CallCostRule;
  readonly member?: CallCostRule;
}

export type CallCostTable = ReadonlyMap<string, CallCostForms>;
