// What the estimator knows of the values an expression reads: a node of the checked tree with the
// path by which it reaches a declared variable, and the size estimators that turn such a path into
// a size. Kubernetes' custom resource rules use the schema's estimator: the path walked through
// the type of `self` to maxLength, maxItems or maxProperties (DeclType.MaxElements).

import type { Expr } from '../syntax/ast.ts';
import type { CelType } from '../types/cel-types.ts';
import { maxElements } from '../types/schema-types.ts';
import type { SizeEstimate } from './cost-estimate.ts';

/**
 * A node as the estimator hands it to size and call estimators (cel-go's checker.AstNode). `path`
 * starts with a variable, then field names, '@items' and '@values' (list items, map values),
 * '@keys' and '@indices'; undefined when the value does not come from a variable.
 */
export interface CostNode {
  readonly path: readonly string[] | undefined;
  readonly type: CelType;
  /** Undefined for the element of a list, which has no node of its own. */
  readonly expr: Expr | undefined;
  /** The size the estimator derived from the expression itself (literals, concatenations, ...). */
  readonly computedSize: SizeEstimate | undefined;
}

/** Sizes of values that the expression does not tell (cel-go's CostEstimator.EstimateSize). */
export interface SizeEstimator {
  estimateSize(node: CostNode): SizeEstimate | undefined;
}

/**
 * Kubernetes' size estimator for the rules of a schema (apiextensions-apiserver's): the path, less
 * its first element (whatever variable it starts from), is walked from `root`, the type of the
 * schema the rules are declared on; the size is 0 to the MaxElements of the type reached.
 */
export function schemaSizeEstimator(root: CelType): SizeEstimator {
  return {
    estimateSize(node) {
      const path = node.path;
      if (path === undefined || path.length === 0) return undefined;
      let type: CelType = root;
      for (const step of path.slice(1)) {
        const next = pathStep(type, step);
        if (next === undefined) return undefined;
        type = next;
      }
      // A type without schema facts counts as a DeclType with MaxElements left at 0.
      return { min: 0n, max: BigInt(maxElements(type) ?? 0) };
    },
  };
}

/** One step of an estimator's path through a type: list items, map values or keys, an object's field. */
export function pathStep(type: CelType, step: string): CelType | undefined {
  switch (step) {
    case '@items':
    case '@values':
      if (type.kind === 'list') return type.elem;
      return type.kind === 'map' ? type.value : undefined;
    case '@keys':
      return type.kind === 'map' ? type.key : undefined;
    default:
      return type.kind === 'object' ? type.fields.get(step)?.type : undefined;
  }
}
