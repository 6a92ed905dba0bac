// The device selectors of DeviceClasses and device requests (resource.k8s.io): at most 32, each a
// CEL expression of at most 10 Ki. Capstan does not compile CEL yet; only the empty expression,
// which kube's CEL parser refuses with a fixed message, is refused here.

import { fieldInvalid, fieldRequired, fieldTooLong, type FieldError } from '@capstan/common';
import { isObject, stringOf } from '../defaulting/json-fields.ts';
import { boundedListErrors, listAt } from './bounded-list-validation.ts';

const maxSelectors = 32;
const maxExpressionLength = 10 * 1024;

const emptyExpressionMessage =
  "compilation failed: ERROR: <input>:1:1: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

function selectorErrors(selector: unknown, path: string): FieldError[] {
  const cel = isObject(selector) ? selector.cel : undefined;
  if (!isObject(cel)) return [fieldRequired(`${path}.cel`)];
  const expression = stringOf(cel.expression);
  if (expression.length > maxExpressionLength) return [fieldTooLong(`${path}.cel.expression`, maxExpressionLength)];
  return expression === '' ? [fieldInvalid(`${path}.cel.expression`, '', emptyExpressionMessage)] : [];
}

export const deviceSelectorsErrors = (selectors: unknown, path: string): FieldError[] => boundedListErrors(listAt(selectors), maxSelectors, path, selectorErrors);
