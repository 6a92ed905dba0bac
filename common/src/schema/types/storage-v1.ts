// The types of storage.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const storageV1Types: readonly TypeDeclaration[] = [];
