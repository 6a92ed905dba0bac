// The types of autoscaling/v1.

import type { TypeDeclaration } from '../schema.ts';

export const autoscalingV1Types: readonly TypeDeclaration[] = [];
