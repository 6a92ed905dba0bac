// The CEL expression of a device selector (resource.k8s.io), as kube-apiserver checks it on write:
// at most 10 Ki bytes (longer ones are not compiled), compiled against DRA's `device` in the new
// expressions environment, or the stored one when the selectors are unchanged, and refused when its
// estimated worst case exceeds the cost limit the scheduler also enforces at run time.

import { fieldForbidden, fieldInternalError, fieldInvalid, fieldTooLong, type FieldError } from '@capstan/common';
import { compileDeviceSelector } from '@capstan/common/cel';

const maxExpressionLength = 10 * 1024;
/** resource.k8s.io's CELSelectorExpressionMaxCost: about 0.1 s of evaluation. */
const maxExpressionCost = 1_000_000n;

/** `path` is the expression's: `<selector>.cel.expression`. */
export function selectorExpressionErrors(expression: string, path: string, stored: boolean): FieldError[] {
  if (Buffer.byteLength(expression) > maxExpressionLength) return [fieldTooLong(path, maxExpressionLength)];
  const result = compileDeviceSelector(expression, { stored });
  if (!result.ok) {
    const { type, detail } = result.error;
    return [type === 'invalid' ? fieldInvalid(path, expression, detail) : fieldInternalError(path, detail)];
  }
  return result.compiled.estimatedCost.max > maxExpressionCost ? [fieldForbidden(path, 'too complex, exceeds cost limit')] : [];
}
