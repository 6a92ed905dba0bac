// The API types are readonly; a sync works on deep copies it may change, as kube's DeepCopy does.

export type Mutable<T> = T extends (infer E)[] ? Mutable<E>[] : T extends readonly (infer E)[] ? Mutable<E>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

export function mutableCopy<T>(value: T): Mutable<T> {
  return structuredClone(value) as Mutable<T>;
}
