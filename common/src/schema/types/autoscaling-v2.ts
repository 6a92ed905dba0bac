// The types of autoscaling/v2.

import type { TypeDeclaration } from '../schema.ts';

export const autoscalingV2Types: readonly TypeDeclaration[] = [];
