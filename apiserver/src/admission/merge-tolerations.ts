// kube's pkg/util/tolerations: merging two lists of tolerations without the ones another in the
// merged list already covers (a superset tolerates every taint it does), as the RuntimeClass
// admission merges a class's tolerations into a pod's.

import { isDeepStrictEqual } from 'node:util';
import { isObject, stringOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';

/** A toleration with its omitted fields at their zero values (how Go compares them). */
function normalized(toleration: JsonObject) {
  return {
    key: stringOf(toleration.key),
    operator: stringOf(toleration.operator),
    value: stringOf(toleration.value),
    effect: stringOf(toleration.effect),
    tolerationSeconds: typeof toleration.tolerationSeconds === 'number' ? toleration.tolerationSeconds : undefined,
  };
}

/** kube's isSuperset: whether every taint `t` tolerates, `ss` tolerates too. */
export function isSuperset(superset: JsonObject, toleration: JsonObject): boolean {
  const ss = normalized(superset);
  const t = normalized(toleration);
  if (isDeepStrictEqual(ss, t)) return true;
  if (t.key !== ss.key && (ss.key !== '' || ss.operator !== 'Exists')) return false;
  if (t.effect !== ss.effect && ss.effect !== '') return false;
  // A NoExecute toleration for a while does not cover one for longer (or for ever).
  if (ss.effect === 'NoExecute' && ss.tolerationSeconds !== undefined && (t.tolerationSeconds === undefined || t.tolerationSeconds > ss.tolerationSeconds)) return false;
  switch (ss.operator) {
    case 'Equal':
    case '':
      return t.operator === 'Equal' && t.value === ss.value;
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** kube's MergeTolerations: `first` then `second`, each toleration left out when another in the result covers it. */
export function mergeTolerations(first: readonly unknown[], second: readonly unknown[]): JsonObject[] {
  const all = [...first, ...second].filter(isObject);
  const merged: JsonObject[] = [];
  all.forEach((toleration, i) => {
    if (merged.some((kept) => isSuperset(kept, toleration))) return;
    const coveredLater = all.slice(i + 1).some((later) => !isDeepStrictEqual(normalized(later), normalized(toleration)) && isSuperset(later, toleration));
    if (!coveredLater) merged.push(toleration);
  });
  return merged;
}
