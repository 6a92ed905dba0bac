// The types of core/v1 Pod, its spec, containers, probes, scheduling and security settings.

import type { TypeDeclaration } from '../schema.ts';

export const coreV1PodTypes: readonly TypeDeclaration[] = [];
