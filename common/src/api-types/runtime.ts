// The types of io.k8s.apimachinery.pkg.runtime, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

/** A whole embedded object of any kind, kept as it was sent. */
export type RawExtension = { readonly [key: string]: unknown };
