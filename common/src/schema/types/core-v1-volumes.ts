// The types of core/v1 volume sources, persistent volumes and claims.

import type { TypeDeclaration } from '../schema.ts';

export const coreV1VolumeTypes: readonly TypeDeclaration[] = [];
