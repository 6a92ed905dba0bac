// Compiling a device selector of Dynamic Resource Allocation as k8s.io/dynamic-resource-allocation
// does when a DeviceClass or ResourceClaim is written: compile against `device`, require a bool
// (or google.protobuf.Any, what an attribute is) result, plan a program, and estimate the worst
// case with DRA's sizes. Failures carry Kubernetes' error type and detail; what the estimate may
// reach is the caller's limit.

import { compileExpression, type CompiledExpression } from './compile-expression.ts';
import { deviceSelectorDeclarations, type DeviceSelectorOptions } from './environment/dra-device-variables.ts';
import { undefinedTypeReference } from './environment/declared-type-identifiers.ts';
import { formatIssues } from './syntax/format-issues.ts';
import { celTypeName } from './types/type-names.ts';

/** Kubernetes' apiservercel.Error types: invalid shows the expression as the bad value, internal does not. */
export interface DeviceSelectorError {
  readonly type: 'invalid' | 'internal';
  readonly detail: string;
}

export type DeviceSelectorCompilation = { readonly ok: true; readonly compiled: CompiledExpression } | { readonly ok: false; readonly error: DeviceSelectorError };

export function compileDeviceSelector(expression: string, options: DeviceSelectorOptions = {}): DeviceSelectorCompilation {
  const { environment, variables, typeIdentifiers, sizes } = deviceSelectorDeclarations(options);
  const result = compileExpression(expression, { environment, variables, sizes });
  if (!result.ok) return failed('invalid', `compilation failed: ${formatIssues(expression, result.issues)}`);
  const { checked } = result.compiled;
  if (checked.type.kind !== 'bool' && checked.type.kind !== 'any') {
    return failed('invalid', `must evaluate to bool or the unknown type, not ${celTypeName(checked.type)}`);
  }
  const unplannable = undefinedTypeReference(checked, typeIdentifiers);
  if (unplannable !== undefined) return failed('internal', `program instantiation failed: ${unplannable}`);
  return result;
}

const failed = (type: DeviceSelectorError['type'], detail: string): DeviceSelectorCompilation => ({ ok: false, error: { type, detail } });
