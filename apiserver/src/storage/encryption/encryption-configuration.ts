// The EncryptionConfiguration of --encryption-provider-config (apiserver.config.k8s.io/v1), read
// from YAML or JSON as kube-apiserver reads it: strictly (unknown fields refused), then validated
// (encryption-config-validation.ts); every failure in kube's words.

import { readFileSync } from 'node:fs';
import { errorMessage, goJsonKind, goQuote } from '@capstan/common';
import { parseDocument } from 'yaml';
import { validateEncryptionConfiguration } from './encryption-config-validation.ts';

export interface EncryptionConfiguration {
  readonly resources: readonly ResourceConfiguration[];
}

export interface ResourceConfiguration {
  /** `secrets`, `deployments.apps`, `widgets.example.com`, `*.` (the core group), `*.apps`, `*.*`. */
  readonly resources: readonly string[];
  /** In order: the first writes, all read. */
  readonly providers: readonly ProviderConfiguration[];
}

/** One provider per element; validation refuses none or several. */
export interface ProviderConfiguration {
  readonly aesgcm?: KeysConfiguration;
  readonly aescbc?: KeysConfiguration;
  readonly secretbox?: KeysConfiguration;
  readonly identity?: Record<string, never>;
  readonly kms?: KmsConfiguration;
}

export interface KeysConfiguration {
  /** The first key encrypts; every key decrypts. */
  readonly keys: readonly Key[];
}

export interface Key {
  readonly name: string;
  /** Base64 (standard encoding) of the key's bytes. */
  readonly secret: string;
}

export interface KmsConfiguration {
  /** v1 or v2; v1 when absent, as kube defaults it. */
  readonly apiVersion: string;
  readonly name: string;
  readonly cachesize?: number;
  readonly endpoint: string;
  /** A Go duration; 3s when absent. */
  readonly timeout: string;
}

const configurationGroupVersion = 'apiserver.config.k8s.io/v1';
const configurationKind = 'EncryptionConfiguration';

/** Reads and validates the file, or throws kube-apiserver's error for it ("error while parsing file: ..."). */
export function readEncryptionConfiguration(path: string): EncryptionConfiguration {
  try {
    return parsedConfiguration(path);
  } catch (error) {
    throw new Error(`error while parsing file: ${errorMessage(error)}`);
  }
}

function parsedConfiguration(path: string): EncryptionConfiguration {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : errorMessage(error);
    throw new Error(`error while loading file: error reading encryption provider configuration file ${goQuote(path)}: open ${path}: ${reason}`);
  }
  if (text.length === 0) throw new Error(`error while loading file: encryption provider configuration file ${goQuote(path)} is empty`);
  let configuration: EncryptionConfiguration;
  try {
    configuration = decodedConfiguration(text);
  } catch (error) {
    throw new Error(`error decoding encryption provider configuration file ${goQuote(path)}: ${errorMessage(error)}`);
  }
  const errors = validateEncryptionConfiguration(configuration);
  // An aggregate of field errors, as Go writes one: alone as it is, several in brackets.
  if (errors.length === 1) throw new Error(errors[0]);
  if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
  return configuration;
}

function decodedConfiguration(text: string): EncryptionConfiguration {
  // JSON is YAML. YAML 1.1, as Go's YAML reader reads it (yes and no are booleans, so no name).
  const parsed = parseDocument(text, { version: '1.1', logLevel: 'silent' });
  const [syntaxError] = parsed.errors;
  if (syntaxError !== undefined) throw new Error(`yaml: ${syntaxError.message}`);
  const document: unknown = parsed.toJS();
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new Error(
      `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonKind(document)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`,
    );
  }
  const { apiVersion, kind } = document as { apiVersion?: unknown; kind?: unknown };
  if (typeof kind !== 'string' || kind === '') throw new Error(`Object 'Kind' is missing in '${text}'`);
  if (typeof apiVersion !== 'string' || apiVersion === '') throw new Error(`Object 'apiVersion' is missing in '${text}'`);
  if (apiVersion !== configurationGroupVersion || kind !== configurationKind) {
    throw new Error(`no kind ${goQuote(kind)} is registered for version ${goQuote(apiVersion)} in scheme "pkg/runtime/scheme.go:111"`);
  }
  const unknown: string[] = [];
  const configuration = decodeStruct(document as Record<string, unknown>, configurationShape, [], unknown) as unknown as EncryptionConfiguration;
  if (unknown.length > 0) throw new Error(`strict decoding error: ${unknown.map((path) => `unknown field ${goQuote(path)}`).join(', ')}`);
  return withKmsDefaults(configuration);
}

/** kube's defaults of a KMS provider: apiVersion v1, timeout 3s (and a cache size of 1000 for v1). */
function withKmsDefaults(configuration: EncryptionConfiguration): EncryptionConfiguration {
  return {
    resources: configuration.resources.map((resource) => ({
      ...resource,
      providers: resource.providers.map((provider) => {
        if (provider.kms === undefined) return provider;
        const { apiVersion = 'v1', timeout = '3s', ...kms } = provider.kms as Partial<KmsConfiguration>;
        const cachesize = kms.cachesize ?? (apiVersion === 'v1' ? 1000 : undefined);
        return { ...provider, kms: { name: '', endpoint: '', ...kms, apiVersion, timeout, ...(cachesize === undefined ? {} : { cachesize }) } };
      }),
    })),
  };
}

// The Go types of the configuration, for strict decoding: field names, and what Go's JSON decoder
// says of a value of the wrong type.

type FieldShape = { readonly scalar: 'string' | 'int32' | 'duration' } | { readonly list: StructShape | 'string'; readonly goType: string } | StructShape;

interface StructShape {
  readonly struct: string;
  readonly goType: string;
  readonly fields: Readonly<Record<string, FieldShape>>;
}

const keyShape: StructShape = { struct: 'Key', goType: 'v1.Key', fields: { name: { scalar: 'string' }, secret: { scalar: 'string' } } };
const keysShape = (struct: string): StructShape => ({
  struct,
  goType: `v1.${struct}`,
  fields: { keys: { list: keyShape, goType: '[]v1.Key' } },
});
const providerShape: StructShape = {
  struct: 'ProviderConfiguration',
  goType: 'v1.ProviderConfiguration',
  fields: {
    aesgcm: keysShape('AESConfiguration'),
    aescbc: keysShape('AESConfiguration'),
    secretbox: keysShape('SecretboxConfiguration'),
    identity: { struct: 'IdentityConfiguration', goType: 'v1.IdentityConfiguration', fields: {} },
    kms: {
      struct: 'KMSConfiguration',
      goType: 'v1.KMSConfiguration',
      fields: { apiVersion: { scalar: 'string' }, name: { scalar: 'string' }, cachesize: { scalar: 'int32' }, endpoint: { scalar: 'string' }, timeout: { scalar: 'duration' } },
    },
  },
};
const configurationShape: StructShape = {
  struct: 'EncryptionConfiguration',
  goType: 'v1.EncryptionConfiguration',
  fields: {
    kind: { scalar: 'string' },
    apiVersion: { scalar: 'string' },
    resources: {
      list: {
        struct: 'ResourceConfiguration',
        goType: 'v1.ResourceConfiguration',
        fields: { resources: { list: 'string', goType: '[]string' }, providers: { list: providerShape, goType: '[]v1.ProviderConfiguration' } },
      },
      goType: '[]v1.ResourceConfiguration',
    },
  },
};

/** `path` is the JSON field names from the top (Go names the struct and the dotted path in its errors); unknown fields are collected with their indices. */
function decodeStruct(value: Record<string, unknown>, shape: StructShape, path: readonly string[], unknown: string[], indexedPath = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const fieldShape = Object.hasOwn(shape.fields, name) ? shape.fields[name] : undefined;
    const indexed = indexedPath === '' ? name : `${indexedPath}.${name}`;
    if (fieldShape === undefined) {
      unknown.push(indexed);
      continue;
    }
    // A null is Go's zero value: the field is left out.
    if (field === null) continue;
    out[name] = decodeField(field, fieldShape, [...path, name], shape.struct, unknown, indexed);
  }
  return out;
}

function decodeField(value: unknown, shape: FieldShape, path: readonly string[], struct: string, unknown: string[], indexedPath: string): unknown {
  const wrongType = (goType: string, got: unknown = value): Error =>
    new Error(`json: cannot unmarshal ${goJsonKind(got)} into Go struct field ${struct}.${path.join('.')} of type ${goType}`);
  if ('scalar' in shape) {
    if (shape.scalar === 'int32') {
      if (typeof value !== 'number') throw wrongType('int32');
      return value;
    }
    if (typeof value !== 'string') throw wrongType(shape.scalar === 'duration' ? 'v1.Duration' : 'string');
    return value;
  }
  if ('list' in shape) {
    if (!Array.isArray(value)) throw wrongType(shape.goType);
    return value.map((item, i) => {
      const itemPath = `${indexedPath}[${i}]`;
      if (shape.list === 'string') {
        if (typeof item !== 'string') throw wrongType('string', item);
        return item;
      }
      if (item === null) return {};
      if (typeof item !== 'object' || Array.isArray(item)) throw wrongType(shape.list.goType, item);
      return decodeStruct(item as Record<string, unknown>, shape.list, path, unknown, itemPath);
    });
  }
  if (typeof value !== 'object' || Array.isArray(value) || value === null) throw wrongType(shape.goType);
  return decodeStruct(value as Record<string, unknown>, shape, path, unknown, indexedPath);
}
