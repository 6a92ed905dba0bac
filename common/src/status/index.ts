// The catalogue of API errors: the Status type, StatusError and one constructor per error.

export * from './api-errors.ts';
export * from './field-error.ts';
export { GoStruct, goJson, goJsonKind, goQuote, goStruct, goValue } from './go-format.ts';
export type * from './status.ts';
export { isNotFound, StatusError, statusOf, type GroupKind, type GroupResource } from './status-error.ts';
export * from './storage-errors.ts';
