// The API server's authentication flags, with kube-apiserver's names, read into AuthenticationOptions.

import { FlagError } from '@capstan/common';
import { loadAuthenticationConfig } from './authentication-config.ts';
import { oidcAuthenticatorOf, oidcFlags, oidcFlagsGiven, type OidcFlagValues } from './oidc-flags.ts';
import type { AuthenticationOptions } from './request-authenticator.ts';
import { serviceAccountFlags, serviceAccountOptionsOf, type ServiceAccountFlagValues } from './service-account-flags.ts';

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
  'authentication-config': {
    type: 'string',
    default: '',
    help: 'File with Authentication Configuration to configure the JWT Token authenticator or the anonymous authenticator. This flag is mutually exclusive with --anonymous-auth if the file configures the Anonymous authenticator.',
  },
  ...oidcFlags,
  ...serviceAccountFlags,
} as const;

export interface AuthenticationFlagValues extends OidcFlagValues, ServiceAccountFlagValues {
  readonly 'anonymous-auth': boolean;
  readonly 'token-auth-file': string;
  readonly 'enable-bootstrap-token-auth': boolean;
  readonly 'authentication-config': string;
}

/**
 * The options of the flags; `given.argv` tells which flags were given (kube's tracked flags): a
 * configured anonymous authenticator forbids --anonymous-auth, and the file forbids --oidc-*.
 * `given.serviceAccountKeyDir`: where a service account signing key is made when none is given
 * (none on etcd).
 */
export function authenticationOptionsOf(
  flags: AuthenticationFlagValues,
  given: { readonly argv?: readonly string[]; readonly serviceAccountKeyDir?: string } = {},
): AuthenticationOptions {
  const argv = given.argv ?? [];
  if (flags['authentication-config'] !== '' && oidcFlagsGiven(argv)) throw new FlagError('authentication-config file and oidc-* flags are mutually exclusive');
  const oidc = oidcAuthenticatorOf(flags, argv);
  const config =
    flags['authentication-config'] === '' ? (oidc === undefined ? undefined : { jwt: [oidc], anonymous: undefined }) : loadAuthenticationConfig(flags['authentication-config']);
  if (config?.anonymous !== undefined && argv.some((arg) => /^--?anonymous-auth(=|$)/.test(arg))) {
    throw new FlagError('anonymous: Forbidden: --anonymous-auth flag cannot be set when anonymous field is configured in authentication configuration file');
  }
  return {
    ...(config === undefined ? {} : { authenticationConfig: config }),
    anonymous: flags['anonymous-auth'],
    ...(flags['token-auth-file'] === '' ? {} : { tokenAuthFile: flags['token-auth-file'] }),
    serviceAccounts: serviceAccountOptionsOf(flags, given.serviceAccountKeyDir),
    ...(flags['enable-bootstrap-token-auth'] ? { bootstrapTokens: true } : {}),
  };
}
