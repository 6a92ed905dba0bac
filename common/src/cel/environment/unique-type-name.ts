// Names for the object types Kubernetes builds from a schema when it compiles expressions: the
// root is named after something that changes with every compilation (`selfType<nanoseconds>` for
// custom resource rules, `<Kind><nanoseconds>` for the type checking of admission policies), so
// that no expression can come to depend on the name of a type.

/** `<prefix><0..999999999>`: the prefix and the nanoseconds of the current second, as Kubernetes writes it. */
export function uniqueTypeName(prefix: string): string {
  const milliseconds = performance.timeOrigin + performance.now();
  const nanoseconds = Math.floor((milliseconds % 1000) * 1e6);
  return `${prefix}${Math.min(Math.max(nanoseconds, 0), 999_999_999)}`;
}
