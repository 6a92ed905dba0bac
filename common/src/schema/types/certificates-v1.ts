// The types of certificates.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const certificatesV1Types: readonly TypeDeclaration[] = [];
