// The types of networking.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const networkingV1Types: readonly TypeDeclaration[] = [];
