// The types of authentication.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const authenticationV1Types: readonly TypeDeclaration[] = [];
