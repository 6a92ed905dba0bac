// The isLessThan, isGreaterThan and compareTo members Kubernetes gives its ordered library types
// (quantity, semver): each takes another value of the receiver's type; compareTo answers -1, 0 or 1.

import { noSuchOverload, type FunctionImpl, type FunctionOverloads } from '../interpreter/functions.ts';
import type { CelValue } from '../values/values.ts';

export function orderingFunctions<T extends CelValue>(
  accepts: (value: CelValue | undefined) => value is T,
  compare: (a: T, b: T) => -1 | 0 | 1,
): Array<[string, FunctionOverloads]> {
  const member =
    (name: string, answer: (order: -1 | 0 | 1) => CelValue): FunctionImpl =>
    (args) => {
      const [target, other] = args;
      return accepts(target) && accepts(other) && args.length === 2 ? answer(compare(target, other)) : noSuchOverload(name);
    };
  return [
    ['isLessThan', { member: member('isLessThan', (order) => order === -1) }],
    ['isGreaterThan', { member: member('isGreaterThan', (order) => order === 1) }],
    ['compareTo', { member: member('compareTo', (order) => order) }],
  ];
}
