// The types of admissionregistration.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const admissionregistrationV1Types: readonly TypeDeclaration[] = [];
