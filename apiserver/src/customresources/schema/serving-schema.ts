// The schema kube-apiserver serves a CRD version by: structural, with its defaults pruned.

import { pruneDefaults } from './default-values.ts';
import { type Structural, structuralOf } from './structural-schema.ts';

/** structuralOf, then pruneDefaults: what defaulting and validation of the version's objects read. */
export const servingSchemaOf = (openAPIV3Schema: unknown): Structural => pruneDefaults(structuralOf(openAPIV3Schema));
