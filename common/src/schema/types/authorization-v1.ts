// The types of authorization.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const authorizationV1Types: readonly TypeDeclaration[] = [];
