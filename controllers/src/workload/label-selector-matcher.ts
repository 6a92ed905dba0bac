// A workload's metav1.LabelSelector as a predicate over labels, as metav1.LabelSelectorAsSelector
// makes it: an absent selector selects nothing, an empty one everything, and one kube cannot
// turn into a selector (an unknown operator) selects nothing.

import type { LabelSelector as MetaLabelSelector } from '@capstan/common/api-types/meta-v1';
import { labelSelectorString, matchesLabels, parseLabelSelector } from '@capstan/common';

export type LabelsMatcher = (labels: Readonly<Record<string, string>> | undefined) => boolean;

const nothing: LabelsMatcher = () => false;

export function labelSelectorMatcher(selector: MetaLabelSelector | undefined): LabelsMatcher {
  if (selector === undefined || selector === null) return nothing;
  const text = labelSelectorString(selector);
  if (text === undefined) return nothing;
  if (text === '') return () => true;
  try {
    const parsed = parseLabelSelector(text);
    return (labels) => matchesLabels(parsed, labels);
  } catch {
    return nothing;
  }
}
