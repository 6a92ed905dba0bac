// The types of apiextensions.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const apiextensionsV1Types: readonly TypeDeclaration[] = [];
