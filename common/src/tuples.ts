// Length checks that narrow an array to a tuple, so that its items read without `undefined`.

export const isSingle = <T>(items: readonly T[]): items is readonly [T] => items.length === 1;

export const isPair = <T>(items: readonly T[]): items is readonly [T, T] => items.length === 2;

export const isTriple = <T>(items: readonly T[]): items is readonly [T, T, T] => items.length === 3;
