// The types of resource.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const resourceV1Types: readonly TypeDeclaration[] = [];
