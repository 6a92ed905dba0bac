// The API server's authentication flags, with kube-apiserver's names, read into AuthenticationOptions.

import type { AuthenticationOptions } from './request-authenticator.ts';
import { serviceAccountFlags, serviceAccountOptionsOf, type ServiceAccountFlagValues } from './service-account-flags.ts';

export const authenticationFlags = {
  'anonymous-auth': {
    type: 'bool',
    default: true,
    help: 'Requests without credentials are served as system:anonymous (group system:unauthenticated); false answers them 401',
  },
  'token-auth-file': { type: 'string', default: '', help: 'A CSV file of static bearer tokens: token,user,uid,"group1,group2"' },
  ...serviceAccountFlags,
} as const;

export interface AuthenticationFlagValues extends ServiceAccountFlagValues {
  readonly 'anonymous-auth': boolean;
  readonly 'token-auth-file': string;
}

/** `serviceAccountKeyDir`: where a service account signing key is made when none is given (none on etcd). */
export function authenticationOptionsOf(flags: AuthenticationFlagValues, place: { readonly serviceAccountKeyDir?: string } = {}): AuthenticationOptions {
  return {
    anonymous: flags['anonymous-auth'],
    ...(flags['token-auth-file'] === '' ? {} : { tokenAuthFile: flags['token-auth-file'] }),
    serviceAccounts: serviceAccountOptionsOf(flags, place.serviceAccountKeyDir),
  };
}
