// The types of flowcontrol.apiserver.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const flowcontrolV1Types: readonly TypeDeclaration[] = [];
