// The types of apps/v1.

import type { TypeDeclaration } from '../schema.ts';

export const appsV1Types: readonly TypeDeclaration[] = [];
