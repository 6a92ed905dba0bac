// The labelSelector query parameter of a list or watch, parsed; a malformed one is a 400.

import { LabelSelectorError, newBadRequest, parseLabelSelector, type LabelSelector } from '@capstan/common';

export function labelSelectorOf(query: URLSearchParams): LabelSelector | undefined {
  const text = query.get('labelSelector');
  if (text === null || text.trim() === '') return undefined;
  try {
    return parseLabelSelector(text);
  } catch (error) {
    if (error instanceof LabelSelectorError) throw newBadRequest(`unable to parse requirement: ${error.message}`);
    throw error;
  }
}
