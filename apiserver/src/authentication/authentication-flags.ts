// The API server's authentication flags, with kube-apiserver's names, read into AuthenticationOptions.

import type { AuthenticationOptions } from './request-authenticator.ts';

export const authenticationFlags = {
  'anonymous-auth': {
    type: 'bool',
    default: true,
    help: 'Requests without credentials are served as system:anonymous (group system:unauthenticated); false answers them 401',
  },
  'token-auth-file': { type: 'string', default: '', help: 'A CSV file of static bearer tokens: token,user,uid,"group1,group2"' },
  'enable-bootstrap-token-auth': {
    type: 'bool',
    default: false,
    help: "Enable to allow secrets of type 'bootstrap.kubernetes.io/token' in the 'kube-system' namespace to be used for TLS bootstrapping authentication.",
  },
} as const;

export interface AuthenticationFlagValues {
  readonly 'anonymous-auth': boolean;
  readonly 'token-auth-file': string;
  readonly 'enable-bootstrap-token-auth': boolean;
}

export function authenticationOptionsOf(flags: AuthenticationFlagValues): AuthenticationOptions {
  return {
    anonymous: flags['anonymous-auth'],
    ...(flags['token-auth-file'] === '' ? {} : { tokenAuthFile: flags['token-auth-file'] }),
    ...(flags['enable-bootstrap-token-auth'] ? { bootstrapTokens: true } : {}),
  };
}
