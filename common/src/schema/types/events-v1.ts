// The types of events.k8s.io/v1.

import type { TypeDeclaration } from '../schema.ts';

export const eventsV1Types: readonly TypeDeclaration[] = [];
