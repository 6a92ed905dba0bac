// The types of io.k8s.apimachinery.pkg.util.intstr, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

/** A value that is either an integer or a string, such as a port number or a port name. */
export type IntOrString = number | string;
