// The types of apiregistration.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const apiregistrationV1Types: readonly TypeDeclaration[] = [];
