// The device selectors of DeviceClasses and device requests (resource.k8s.io): at most 32, each
// with a CEL expression (see device-selector-expression-validation.ts).

import { fieldRequired, type FieldError } from '@capstan/common';
import { isObject, stringOf } from '../defaulting/json-fields.ts';
import { boundedListErrors, listAt } from './bounded-list-validation.ts';
import { selectorExpressionErrors } from './device-selector-expression-validation.ts';

const maxSelectors = 32;

function selectorErrors(selector: unknown, path: string, stored: boolean): FieldError[] {
  const cel = isObject(selector) ? selector.cel : undefined;
  if (!isObject(cel)) return [fieldRequired(`${path}.cel`)];
  return selectorExpressionErrors(stringOf(cel.expression), `${path}.cel.expression`, stored);
}

/** `stored`: the selectors are as they were before an update, and their expressions compile as stored ones. */
export const deviceSelectorsErrors = (selectors: unknown, path: string, stored = false): FieldError[] =>
  boundedListErrors(listAt(selectors), maxSelectors, path, (selector, itemPath) => selectorErrors(selector, itemPath, stored));
