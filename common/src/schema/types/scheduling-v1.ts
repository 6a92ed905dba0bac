// The types of scheduling.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const schedulingV1Types: readonly TypeDeclaration[] = [];
