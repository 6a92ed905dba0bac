// The types of rbac.authorization.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const rbacV1Types: readonly TypeDeclaration[] = [];
