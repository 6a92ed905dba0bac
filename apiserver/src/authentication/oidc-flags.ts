// kube-apiserver's legacy --oidc-* flags: one JWT authenticator described by flags instead of an
// --authentication-config file (which excludes them). kube turns them into the same configuration
// and checks it the same way; a username claim other than email is prefixed with the issuer url and
// `#` unless --oidc-username-prefix says otherwise ("-" for no prefix).

import { readFileSync } from 'node:fs';
import { FlagError } from '@capstan/common';
import type { JwtAuthenticatorConfig } from './authentication-config.ts';
import { authenticationConfigOf } from './authentication-config.ts';
import { signingAlgorithms } from './jwt-authenticator.ts';

export const oidcFlags = {
  'oidc-issuer-url': {
    type: 'string',
    default: '',
    help: 'The URL of the OpenID issuer, only HTTPS scheme will be accepted. If set, it will be used to verify the OIDC JSON Web Token (JWT).',
  },
  'oidc-client-id': { type: 'string', default: '', help: 'The client ID for the OpenID Connect client, must be set if oidc-issuer-url is set.' },
  'oidc-ca-file': {
    type: 'string',
    default: '',
    help: "If set, the OpenID server's certificate will be verified by one of the authorities in the oidc-ca-file, otherwise the host's root CA set will be used.",
  },
  'oidc-username-claim': { type: 'string', default: 'sub', help: "The OpenID claim to use as the user name (the default, 'sub', is unique and immutable)." },
  'oidc-username-prefix': {
    type: 'string',
    default: '',
    help: "If provided, all usernames will be prefixed with this value. If not provided, username claims other than 'email' are prefixed by the issuer URL to avoid clashes. To skip any prefixing, provide the value '-'.",
  },
  'oidc-groups-claim': {
    type: 'string',
    default: '',
    help: 'If provided, the name of a custom OpenID Connect claim for specifying user groups (a string or an array of strings).',
  },
  'oidc-groups-prefix': {
    type: 'string',
    default: '',
    help: 'If provided, all groups will be prefixed with this value to prevent conflicts with other authentication strategies.',
  },
  'oidc-signing-algs': {
    type: 'strings',
    default: ['RS256'] as readonly string[],
    help: 'Comma-separated list of allowed JOSE asymmetric signing algorithms: RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512.',
  },
  'oidc-required-claim': {
    type: 'strings',
    default: [] as readonly string[],
    help: 'A key=value pair that describes a required claim in the ID Token, verified to be present with a matching value. Repeat this flag to specify multiple claims.',
  },
} as const;

export interface OidcFlagValues {
  readonly 'oidc-issuer-url': string;
  readonly 'oidc-client-id': string;
  readonly 'oidc-ca-file': string;
  readonly 'oidc-username-claim': string;
  readonly 'oidc-username-prefix': string;
  readonly 'oidc-groups-claim': string;
  readonly 'oidc-groups-prefix': string;
  readonly 'oidc-signing-algs': readonly string[];
  readonly 'oidc-required-claim': readonly string[];
}

/** Whether any --oidc-* flag was given (kube tracks each as provided). */
export const oidcFlagsGiven = (argv: readonly string[]): boolean => argv.some((arg) => /^--?oidc-/.test(arg));

/** The JWT authenticator of the flags, or undefined when no issuer is set. */
export function oidcAuthenticatorOf(flags: OidcFlagValues, argv: readonly string[]): JwtAuthenticatorConfig | undefined {
  const issuer = flags['oidc-issuer-url'];
  const clientId = flags['oidc-client-id'];
  if (oidcFlagsGiven(argv) && (issuer === '' || clientId === ''))
    throw new FlagError('oidc-issuer-url and oidc-client-id must be specified together when any oidc-* flags are set');
  if (issuer === '' || clientId === '') return undefined;
  for (const algorithm of flags['oidc-signing-algs']) {
    if (!signingAlgorithms.includes(algorithm)) throw new FlagError(`oidc: unsupported signing alg: ${JSON.stringify(algorithm)}`);
  }
  const usernameClaim = flags['oidc-username-claim'];
  const prefixFlag = flags['oidc-username-prefix'];
  const usernamePrefix = prefixFlag === '-' ? '' : prefixFlag === '' && usernameClaim !== 'email' ? `${issuer}#` : prefixFlag;
  const groupsClaim = flags['oidc-groups-claim'];
  const claimValidationRules = flags['oidc-required-claim'].map((pair) => {
    const equals = pair.indexOf('=');
    if (equals < 0) throw new FlagError(`invalid argument "${pair}" for "--oidc-required-claim" flag: ${pair} must be formatted as key=value`);
    return { claim: pair.slice(0, equals), requiredValue: pair.slice(equals + 1) };
  });
  const jwt = {
    issuer: {
      url: issuer,
      audiences: [clientId],
      ...(flags['oidc-ca-file'] === '' ? {} : { certificateAuthority: readFileSync(flags['oidc-ca-file'], 'utf8') }),
    },
    claimMappings: {
      username: { claim: usernameClaim, prefix: usernamePrefix },
      ...(groupsClaim === '' ? {} : { groups: { claim: groupsClaim, prefix: flags['oidc-groups-prefix'] } }),
    },
    claimValidationRules,
  };
  return authenticationConfigOf({ jwt: [jwt] }, flags['oidc-signing-algs']).jwt[0];
}
