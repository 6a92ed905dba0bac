// The types of batch/v1.

import type { TypeDeclaration } from '../schema.ts';

export const batchV1Types: readonly TypeDeclaration[] = [];
