// The types of discovery.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const discoveryV1Types: readonly TypeDeclaration[] = [];
