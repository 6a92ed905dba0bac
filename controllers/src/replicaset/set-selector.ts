// A set's selector as the controller uses it, computed once per version of the set (the informer
// replaces an object on every change, so the object itself keys the cache).

import { labelSelectorString } from '@capstan/common';
import { type LabelsMatcher, labelSelectorMatcher } from '../workload/label-selector-matcher.ts';
import type { ReplicatedKind, ReplicatedSet } from './replicated-kind.ts';

export interface SetSelector {
  /** What the set claims: an absent selector selects nothing, an empty one everything. */
  readonly matches: LabelsMatcher;
  /** False when kube could not turn it into a selector: the set is left alone. */
  readonly valid: boolean;
  /** Whether it may be asked to adopt an orphan: an empty selector adopts nothing (GetPodReplicaSets). */
  readonly adopts: boolean;
}

const cache = new WeakMap<ReplicatedSet, SetSelector>();

export function setSelector(kind: ReplicatedKind, set: ReplicatedSet): SetSelector {
  let found = cache.get(set);
  if (found === undefined) {
    const selector = kind.selectorOf(set);
    const text = selector === undefined ? undefined : labelSelectorString(selector);
    const valid = selector === undefined || text !== undefined;
    found = { matches: labelSelectorMatcher(selector), valid, adopts: valid && text !== undefined && text !== '' };
    cache.set(set, found);
  }
  return found;
}
