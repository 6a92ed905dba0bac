// The types of io.k8s.apimachinery.pkg.api.resource, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

/** An exact amount such as "500m", "1.5Gi" or "2", written as a string (a plain number is read too). */
export type Quantity = string | number;
