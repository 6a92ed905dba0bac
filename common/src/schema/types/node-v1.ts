// The types of node.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const nodeV1Types: readonly TypeDeclaration[] = [];
