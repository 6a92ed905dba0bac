// The transformer of each resource, built from a validated EncryptionConfiguration as kube builds
// them: per resource entry, its providers in order (the first writes); per provider, its keys
// (the first encrypts), each behind its prefix `k8s:enc:<provider>:v1:<key name>:`. A resource
// the configuration does not name is stored as it is (the identity provider), but never read
// from an encrypted value.

import type { EncryptionConfiguration, KeysConfiguration, ProviderConfiguration } from './encryption-configuration.ts';
import { anyGroupAnyResource, groupResourceKey, groupResourceText, parseGroupResource, type GroupResource } from './group-resources.ts';
import { decodeBase64 } from './encryption-config-validation.ts';
import { AesCbcTransformer } from './providers/aes-cbc.ts';
import { AesGcmTransformer } from './providers/aes-gcm.ts';
import { identityTransformer } from './providers/identity.ts';
import { SecretboxTransformer } from './providers/secretbox.ts';
import { PrefixTransformers, type PrefixedTransformer, type ValueTransformer } from './value-transformer.ts';

const encoder = new TextEncoder();

export class ResourceTransformers {
  /** By groupResourceKey, wildcards included ("*." is `*.`, "*.apps" `*.apps`, "*.*" `*.*`). */
  readonly #byResource: ReadonlyMap<string, ValueTransformer>;

  constructor(byResource: ReadonlyMap<string, ValueTransformer>) {
    this.#byResource = byResource;
  }

  /** The resource's transformer: its own entry, else its group's `*.<group>`, else `*.*`, else identity. */
  transformerFor(groupResource: GroupResource): ValueTransformer {
    return (
      this.#byResource.get(groupResourceKey(groupResource)) ??
      this.#byResource.get(groupResourceKey({ group: groupResource.group, resource: '*' })) ??
      this.#byResource.get(groupResourceKey(anyGroupAnyResource)) ??
      identityTransformer
    );
  }

  /** Whether the resource has a configured transformer (identity included). */
  configures(groupResource: GroupResource): boolean {
    return this.transformerFor(groupResource) !== identityTransformer;
  }
}

/**
 * The transformers of a validated configuration; throws kube's "error while building transformers"
 * for a resource masked by an earlier wildcard entry, and for a KMS provider, which Capstan has not.
 */
export function resourceTransformersOf(configuration: EncryptionConfiguration): ResourceTransformers {
  try {
    return new ResourceTransformers(transformersByResource(configuration));
  } catch (error) {
    throw new Error(`error while building transformers: ${(error as Error).message}`);
  }
}

function transformersByResource(configuration: EncryptionConfiguration): Map<string, ValueTransformer> {
  const lists = new Map<string, PrefixedTransformer[]>();
  configuration.resources.forEach((entry, i) => {
    const providers = entry.providers.map((provider, j) => providerTransformer(provider, `resources[${i}].providers[${j}]`));
    for (const text of entry.resources) {
      const groupResource = parseGroupResource(text);
      for (const masking of [{ group: groupResource.group, resource: '*' }, anyGroupAnyResource]) {
        if (lists.has(groupResourceKey(masking))) {
          throw new Error(`resource "${groupResourceText(groupResource)}" is masked by earlier rule "${groupResourceText(masking)}"`);
        }
      }
      const key = groupResourceKey(groupResource);
      lists.set(key, [...(lists.get(key) ?? []), ...providers]);
    }
  });
  return new Map([...lists].map(([key, list]) => [key, new PrefixTransformers(list, 'no matching prefix found')]));
}

function providerTransformer(provider: ProviderConfiguration, path: string): PrefixedTransformer {
  if (provider.aesgcm !== undefined) return keyedProvider('aesgcm', provider.aesgcm, (key) => new AesGcmTransformer(key), 'AES');
  if (provider.aescbc !== undefined) return keyedProvider('aescbc', provider.aescbc, (key) => new AesCbcTransformer(key), 'AES');
  if (provider.secretbox !== undefined) return keyedProvider('secretbox', provider.secretbox, (key) => new SecretboxTransformer(key), 'Secretbox');
  if (provider.identity !== undefined) return { prefix: new Uint8Array(0), transformer: identityTransformer };
  if (provider.kms?.apiVersion === 'v1') {
    throw new Error(
      'KMSv1 is deprecated and will only receive security updates going forward. Use KMSv2 instead.  Set --feature-gates=KMSv1=true to use the deprecated KMSv1 feature.',
    );
  }
  // Validation let through exactly one provider per element: this one is KMS v2.
  throw new Error(`${path}.kms: the kms provider (KMS v2 plugin ${JSON.stringify(provider.kms?.name)}) is not supported by Capstan yet: use aescbc, aesgcm or secretbox`);
}

function keyedProvider(name: string, config: KeysConfiguration, make: (key: Uint8Array) => ValueTransformer, kind: 'AES' | 'Secretbox'): PrefixedTransformer {
  const keys = config.keys.map((key) => ({ prefix: encoder.encode(`${key.name}:`), transformer: make(decodeBase64(key.secret) as Buffer) }));
  return {
    prefix: encoder.encode(`k8s:enc:${name}:v1:`),
    transformer: new PrefixTransformers(keys, `no matching key was found for the provided ${kind} transformer`),
  };
}
