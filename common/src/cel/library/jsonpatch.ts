// Kubernetes' JSON Patch library for CEL (mutating admission policies): jsonpatch.escapeKey(s), a
// key made fit for one segment of a JSON Patch path (RFC 6901: `~` is written `~0`, `/` is `~1`).

import { noSuchOverload, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import type { CelValue } from '../values/values.ts';
import { stringTraversalCostFactor, traversalCost } from './call-cost.ts';

/** `~` first, so that the `~` of an escaped `/` is not escaped again. */
export const escapeJsonPointerKey = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

export const jsonPatchFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  [
    'jsonpatch.escapeKey',
    {
      global: (args) => {
        const [key] = args;
        return typeof key === 'string' && args.length === 1 ? escapeJsonPointerKey(key) : noSuchOverload('jsonpatch.escapeKey');
      },
    },
  ],
]);

/** Kubernetes' cost: the key's traversal (its size x 0.1, rounded up). */
export const jsonPatchCosts = {
  'jsonpatch.escapeKey': { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
} as const;
