// The API server's encryption-at-rest flags, with kube-apiserver's names.

import { FlagError } from '@capstan/common';

export const encryptionFlags = {
  'encryption-provider-config': {
    type: 'string',
    default: '',
    help: 'An EncryptionConfiguration file (apiserver.config.k8s.io/v1): which resources are encrypted in the store, with which providers (identity, aescbc, aesgcm, secretbox) and keys',
  },
  'encryption-provider-config-automatic-reload': {
    type: 'bool',
    default: false,
    help: 'Reload --encryption-provider-config when the file changes (not supported yet: restart the server to change keys)',
  },
} as const;

export interface EncryptionFlagValues {
  readonly 'encryption-provider-config': string;
  readonly 'encryption-provider-config-automatic-reload': boolean;
}

/** The configuration file to read, or undefined when nothing is encrypted. */
export function encryptionProviderConfigOf(flags: EncryptionFlagValues): string | undefined {
  const path = flags['encryption-provider-config'];
  if (flags['encryption-provider-config-automatic-reload']) {
    if (path === '') throw new FlagError('--encryption-provider-config-automatic-reload must be set with --encryption-provider-config');
    throw new FlagError('--encryption-provider-config-automatic-reload is not supported yet: restart the API server to load a changed --encryption-provider-config');
  }
  return path === '' ? undefined : path;
}
