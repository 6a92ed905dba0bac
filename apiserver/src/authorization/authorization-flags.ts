// The API server's authorization flags, with kube-apiserver's names.

import { authorizationModeNames, parseAuthorizationModes, type AuthorizationMode } from './authorization-modes.ts';

export const authorizationFlags = {
  'authorization-mode': {
    type: 'strings',
    default: ['Node', 'RBAC'] as readonly string[],
    help: `The authorizers a request is asked of, in order, comma-separated: ${authorizationModeNames.join(', ')}`,
  },
} as const;

export interface AuthorizationFlagValues {
  readonly 'authorization-mode': readonly string[];
}

export function authorizationModesOf(flags: AuthorizationFlagValues): AuthorizationMode[] {
  return parseAuthorizationModes(flags['authorization-mode']);
}
