// runtime.v1's wrapper messages: a number whose absence differs from zero (a runAsUser of 0 is
// root, an absent one is the image's user).

import { field, message, type Declarations } from './declare.ts';

export interface Int64Value {
  readonly value: number;
}

export interface UInt64Value {
  readonly value: number;
}

export const wrapperDeclarations: Declarations = {
  Int64Value: message({ value: field(1, 'int64') }),
  UInt64Value: message({ value: field(1, 'uint64') }),
};
