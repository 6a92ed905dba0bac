// Field errors (apimachinery util/validation/field): the causes of a 422 Invalid, worded as kube words them.

import { goJson, goNumber, goQuote } from './go-format.ts';

export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

/**
 * The values a field error can quote, as apimachinery's ErrorBody prints them: an int, float or bool
 * with %v, a string with %q, and anything else as its json.Marshal text. null is JSON's null (a nil
 * value); a list is a Go slice, in JSON; `json` is any other value kube marshals (a map as a plain
 * object, a struct as a GoStruct, see goJson). `goSyntax` is text kube prints as it is: a Go value
 * json.Marshal refuses (an internal type with a MarshalJSON that panics), written as %#v writes it.
 */
export type FieldBadValue = string | number | boolean | null | readonly unknown[] | { readonly json: unknown } | { readonly goSyntax: string };

export interface FieldError {
  readonly type: FieldErrorType;
  /** The field path as kube writes it, e.g. `spec.containers[0].image`. */
  readonly field: string;
  /** Left out, the message names the error type alone (Go's omitValue). */
  readonly badValue?: FieldBadValue;
  readonly detail?: string;
  /**
   * What kind of check found it (apimachinery's origin, e.g. "minimum"): never sent, it is how the
   * declarative and the hand-written validation's errors are matched.
   */
  readonly origin?: string;
  /** A hand-written check that declarative validation also makes (MarkCoveredByDeclarative); never sent. */
  readonly coveredByDeclarative?: boolean;
}

/** How kube names each type of error in its messages (ErrorType.String). */
export const fieldErrorTitles: Readonly<Record<FieldErrorType, string>> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

const valuelessFieldErrors: ReadonlySet<FieldErrorType> = new Set(['FieldValueRequired', 'FieldValueForbidden', 'FieldValueTooLong', 'InternalError']);

/** The message without the field path: the cause message of an Invalid status. */
export function fieldErrorBody(error: FieldError): string {
  let body = fieldErrorTitles[error.type];
  const value = error.badValue;
  if (!valuelessFieldErrors.has(error.type) && value !== undefined) {
    const shown =
      typeof value === 'string'
        ? goQuote(value)
        : typeof value === 'number'
          ? goNumber(value)
          : typeof value === 'boolean'
            ? String(value)
            : value === null || Array.isArray(value)
              ? goJson(value)
              : 'goSyntax' in value
                ? value.goSyntax
                : goJson((value as { readonly json: unknown }).json);
    body += `: ${shown}`;
  }
  if (error.detail) body += `: ${error.detail}`;
  return body;
}

/** The message with the field path, as it appears in an Invalid status' message. */
export function fieldErrorMessage(error: FieldError): string {
  return `${error.field}: ${fieldErrorBody(error)}`;
}

export function fieldRequired(field: string, detail = ''): FieldError {
  return { type: 'FieldValueRequired', field, detail };
}

export function fieldForbidden(field: string, detail: string): FieldError {
  return { type: 'FieldValueForbidden', field, detail };
}

export function fieldInvalid(field: string, badValue: FieldBadValue, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field, badValue, detail };
}

export function fieldTypeInvalid(field: string, badValue: FieldBadValue, detail: string): FieldError {
  return { type: 'FieldValueTypeInvalid', field, badValue, detail };
}

export function fieldNotFound(field: string, badValue: FieldBadValue): FieldError {
  return { type: 'FieldValueNotFound', field, badValue };
}

export function fieldDuplicate(field: string, badValue: FieldBadValue): FieldError {
  return { type: 'FieldValueDuplicate', field, badValue };
}

export function fieldNotSupported(field: string, badValue: FieldBadValue, supported: readonly string[]): FieldError {
  const detail = supported.length === 0 ? '' : `supported values: ${supported.map(goQuote).join(', ')}`;
  return { type: 'FieldValueNotSupported', field, badValue, detail };
}

/** A negative maxLength leaves the limit out of the message. */
export function fieldTooLong(field: string, maxLength: number): FieldError {
  const detail = maxLength < 0 ? 'value is too long' : `may not be more than ${maxLength} ${maxLength === 1 ? 'byte' : 'bytes'}`;
  return { type: 'FieldValueTooLong', field, detail };
}

/** A negative actual or maximum quantity leaves that number out of the message. */
export function fieldTooMany(field: string, actual: number, maximum: number): FieldError {
  const detail = maximum < 0 ? 'has too many items' : `must have at most ${maximum} ${maximum === 1 ? 'item' : 'items'}`;
  return actual < 0 ? { type: 'FieldValueTooMany', field, detail } : { type: 'FieldValueTooMany', field, badValue: actual, detail };
}

export function fieldInternalError(field: string, error: Error | string): FieldError {
  return { type: 'InternalError', field, detail: typeof error === 'string' ? error : error.message };
}
