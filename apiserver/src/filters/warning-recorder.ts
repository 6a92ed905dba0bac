// kube's WithWarningRecorder: the request's warnings go out as Warning headers (299, one per
// distinct text), however many endpoints and admission plugins add them.

import { addWarning } from '../endpoints/warning-header.ts';
import type { Filter } from './filter-chain.ts';

export const warningRecorder: Filter = (context, next) => {
  const { response } = context;
  context.warnings = { add: (text) => addWarning(response, text) };
  return next();
};
