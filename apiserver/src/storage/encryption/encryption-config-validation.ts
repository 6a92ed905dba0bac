// kube's validation of an EncryptionConfiguration (apiserver validation_encryption.go), each
// error as field.Error writes it; what it checks and in which order follows kube.

import { fieldErrorMessage, fieldInvalid, fieldRequired, parseGoDuration, type FieldError } from '@capstan/common';
import type { EncryptionConfiguration, Key, KmsConfiguration, ProviderConfiguration } from './encryption-configuration.ts';
import { anyGroupAnyResource, parseGroupResource, sameGroupResource } from './group-resources.ts';

const aesKeySizes = [16, 24, 32] as const;
const secretboxKeySizes = [32] as const;
/** The key secrets are never quoted in errors. */
const redacted = 'REDACTED';

/** The messages of the configuration's errors, in kube's order; none for a valid one. */
export function validateEncryptionConfiguration(configuration: EncryptionConfiguration): string[] {
  const errors: FieldError[] = [];
  if (configuration.resources === undefined || configuration.resources.length === 0) {
    return [fieldErrorMessage(fieldRequired('resources', 'at least one resources is required'))];
  }
  const kmsNames = new Set<string>();
  configuration.resources.forEach((resource, i) => {
    const resourcesPath = `resources[${i}].resources`;
    const providersPath = `resources[${i}].providers`;
    const resources = resource.resources ?? [];
    const providers = resource.providers ?? [];
    if (resources.length === 0) errors.push(fieldRequired(resourcesPath, `at least one ${resourcesPath} is required`));
    errors.push(...resourceOverlapErrors(resources, resourcesPath), ...resourceNameErrors(resources, resourcesPath));
    if (providers.length === 0) errors.push(fieldRequired(providersPath, `at least one ${providersPath} is required`));
    providers.forEach((provider, j) => {
      const path = `${providersPath}[${j}]`;
      errors.push(...singleProviderErrors(provider, path));
      if (provider.kms !== undefined) {
        errors.push(...kmsErrors(provider.kms, `${path}.kms`, kmsNames));
        kmsNames.add(provider.kms.name);
      } else if (provider.aesgcm !== undefined) errors.push(...keyErrors(provider.aesgcm.keys, `${path}.aesgcm.keys`, aesKeySizes));
      else if (provider.aescbc !== undefined) errors.push(...keyErrors(provider.aescbc.keys, `${path}.aescbc.keys`, aesKeySizes));
      else if (provider.secretbox !== undefined) errors.push(...keyErrors(provider.secretbox.keys, `${path}.secretbox.keys`, secretboxKeySizes));
    });
  });
  return errors.map(fieldErrorMessage);
}

/** kube 1.35 writes a list or struct it refuses as JSON. */
const asJson = (value: unknown): { goSyntax: string } => ({ goSyntax: JSON.stringify(value) });

function resourceOverlapErrors(resources: readonly string[], path: string): FieldError[] {
  if (resources.length < 2) return [];
  const parsed = resources.map(parseGroupResource);
  let overlap = false;
  let duplicate = false;
  parsed.forEach((first, i) =>
    parsed.forEach((second, j) => {
      if (i === j) return;
      if (sameGroupResource(first, second) && !duplicate) {
        duplicate = true;
        return;
      }
      if (overlap) return;
      if (sameGroupResource(first, anyGroupAnyResource)) overlap = true;
      else if (first.group === second.group && (first.resource === '*' || second.resource === '*')) overlap = true;
    }),
  );
  const errors: FieldError[] = [];
  if (duplicate) errors.push(fieldInvalid(path, asJson(resources), 'the same resource cannot be specified multiple times'));
  if (overlap) {
    errors.push(fieldInvalid(path, asJson(resources), "using overlapping resources such as 'secrets' and '*.' in the same resource list is not allowed as they will be masked"));
  }
  return errors;
}

/** Resources kube stores without a REST API of their own. */
const nonRestResources = new Set(['apiserveripinfo', 'serviceipallocations', 'servicenodeportallocations']);

function resourceNameErrors(resources: readonly string[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  resources.forEach((resource, j) => {
    const invalid = (detail: string) => errors.push(fieldInvalid(`${path}[${j}]`, resource, detail));
    const { group, resource: name } = parseGroupResource(resource);
    if (resource.toLowerCase() !== resource) invalid('resource name should not contain capital letters');
    else if (resource === '*') invalid("use '*.' to encrypt all the resources from core API group or *.* to encrypt all resources");
    else if (nonRestResources.has(resource)) invalid('resources which do not have REST API/s cannot be encrypted');
    else if (group === 'events.k8s.io') invalid("'*.events.k8s.io' objects are stored using the 'events' API group in etcd. Use 'events' instead in the config file");
    else if (group === 'extensions') invalid("'extensions' group has been removed and cannot be used for encryption");
    else if (group === '*' && name !== '*') invalid('encrypting the same resource across groups is not supported');
  });
  return errors;
}

function singleProviderErrors(provider: ProviderConfiguration, path: string): FieldError[] {
  const found = [provider.kms, provider.aesgcm, provider.aescbc, provider.secretbox, provider.identity].filter((set) => set !== undefined).length;
  if (found === 1) return [];
  // kube writes the provider as its Go struct marshals: capitalised field names, null where unset.
  const shown = asJson({
    AESGCM: provider.aesgcm === undefined ? null : { Keys: provider.aesgcm.keys.map(goKey) },
    AESCBC: provider.aescbc === undefined ? null : { Keys: provider.aescbc.keys.map(goKey) },
    Secretbox: provider.secretbox === undefined ? null : { Keys: provider.secretbox.keys.map(goKey) },
    Identity: provider.identity === undefined ? null : {},
    KMS: provider.kms === undefined ? null : goKms(provider.kms),
  });
  const detail =
    found === 0
      ? 'provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity'
      : 'more than one provider specified in a single element, should split into different list elements';
  return [fieldInvalid(path, shown, detail)];
}

const goKey = (key: Key) => ({ Name: key.name ?? '', Secret: key.secret ?? '' });
const goKms = (kms: KmsConfiguration) => ({
  APIVersion: kms.apiVersion,
  Name: kms.name,
  CacheSize: kms.cachesize ?? null,
  Endpoint: kms.endpoint,
  Timeout: kms.timeout,
});

function keyErrors(keys: readonly Key[] | undefined, path: string, sizes: readonly number[]): FieldError[] {
  if (keys === undefined || keys.length === 0) return [fieldRequired(path, 'at least one keys is required')];
  const errors: FieldError[] = [];
  keys.forEach((key, i) => {
    const keyPath = `${path}[${i}]`;
    if (!key.name) errors.push(fieldRequired(`${keyPath}.name`, 'name is a mandatory field for a key'));
    if (!key.secret) {
      errors.push(fieldRequired(`${keyPath}.secret`, 'secret is a mandatory field for a key'));
      return;
    }
    const secret = decodeBase64(key.secret);
    if (secret === undefined) errors.push(fieldInvalid(`${keyPath}.secret`, redacted, 'secrets must be base64 encoded'));
    else if (!sizes.includes(secret.length)) {
      errors.push(fieldInvalid(`${keyPath}.secret`, redacted, `secret is not of the expected length, got ${secret.length}, expected one of [${sizes.join(' ')}]`));
    }
  });
  return errors;
}

/** Go's base64.StdEncoding: padded, the standard alphabet, nothing else; undefined for anything else. */
export function decodeBase64(text: string): Buffer | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  return Buffer.from(text, 'base64');
}

function kmsErrors(kms: KmsConfiguration, path: string, names: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  if (kms.name === '') errors.push(fieldRequired(`${path}.name`, 'name is a mandatory field for a provider'));
  if (kms.apiVersion !== 'v1' && kms.name.includes(':')) errors.push(fieldInvalid(`${path}.name`, kms.name, `invalid KMS provider name ${kms.name}, must not contain ':'`));
  if (kms.apiVersion !== 'v1' && names.has(kms.name)) errors.push(fieldInvalid(`${path}.name`, kms.name, `duplicate KMS provider name ${kms.name}, names must be unique`));
  const timeout = parseGoDuration(kms.timeout);
  if (typeof timeout !== 'number' || timeout <= 0) errors.push(fieldInvalid(`${path}.timeout`, kms.timeout, 'timeout should be a positive value'));
  if (kms.endpoint === '') errors.push(fieldInvalid(`${path}.endpoint`, '', 'endpoint is a mandatory field for a kms'));
  else {
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(kms.endpoint)?.[1] ?? '';
    if (scheme !== 'unix') errors.push(fieldInvalid(`${path}.endpoint`, kms.endpoint, `unsupported scheme "${scheme}" for KMS provider, only unix is supported`));
  }
  if (kms.apiVersion !== 'v1' && kms.cachesize !== undefined) errors.push(fieldInvalid(`${path}.cachesize`, kms.cachesize, 'cachesize is not supported in v2'));
  if (kms.apiVersion === 'v1' && kms.cachesize === 0) errors.push(fieldInvalid(`${path}.cachesize`, 0, 'cachesize should be a positive value, or negative to disable'));
  if (kms.apiVersion !== 'v1' && kms.apiVersion !== 'v2') {
    errors.push(fieldInvalid(`${path}.apiVersion`, kms.apiVersion, 'unsupported apiVersion apiVersion for KMS provider, only v1 and v2 are supported'));
  }
  return errors;
}
