// Encryption at rest from --encryption-provider-config: the configuration read and its
// transformers built at start (a bad file stops the start, in kube-apiserver's words), then the
// layer that encrypts the store's values.

import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import type { Storage } from '../storage.ts';
import { EncryptingStorage } from './encrypting-storage.ts';
import { readEncryptionConfiguration } from './encryption-configuration.ts';
import { keyGroupResources } from './key-group-resources.ts';
import { resourceTransformersOf } from './resource-transformers.ts';

/** What puts a store behind the configured encryption; throws the start error of a bad configuration. */
export function encryptionAtRest(configPath: string, definitions: readonly ResourceDefinition[]): (store: Storage) => Storage {
  const transformers = resourceTransformersOf(readEncryptionConfiguration(configPath));
  const groupResourceOf = keyGroupResources(definitions);
  return (store) => new EncryptingStorage(store, transformers, groupResourceOf);
}
