// The types of policy/v1.

import type { TypeDeclaration } from '../schema.ts';

export const policyV1Types: readonly TypeDeclaration[] = [];
