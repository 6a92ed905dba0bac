// The types of coordination.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const coordinationV1Types: readonly TypeDeclaration[] = [];
