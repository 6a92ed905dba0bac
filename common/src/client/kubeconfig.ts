// Reads a kubeconfig file (kind: Config, YAML or JSON) into a ClientConfig, as kubectl does: the
// current context (or a chosen one), its cluster and user, file paths relative to the kubeconfig.

import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ClientConfig } from './client-config.ts';
import { errorMessage } from '../text/error-message.ts';

export interface KubeconfigOptions {
  /** Use this context instead of current-context. */
  readonly context?: string;
  /** Where relative file paths in the kubeconfig start from; the file's folder when loaded from a file. */
  readonly baseDir?: string;
}

export class KubeconfigError extends Error {
  override name = 'KubeconfigError';
}

export function loadKubeconfig(path: string, options: Omit<KubeconfigOptions, 'baseDir'> = {}): ClientConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new KubeconfigError(`cannot read kubeconfig ${path}: ${errorMessage(error)}`, { cause: error });
  }
  return parseKubeconfig(text, { ...options, baseDir: dirname(resolve(path)) });
}

type Fields = Record<string, unknown>;

export function parseKubeconfig(text: string, options: KubeconfigOptions = {}): ClientConfig {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new KubeconfigError(`kubeconfig is not YAML: ${errorMessage(error)}`, { cause: error });
  }
  if (!isFields(document)) throw new KubeconfigError('invalid configuration: no configuration has been provided');
  const contextName = options.context ?? stringField(document, 'current-context', 'kubeconfig');
  if (!contextName) throw new KubeconfigError('invalid configuration: no current context is set');
  const context = named(document, 'contexts', 'context', contextName);
  if (context === undefined) throw new KubeconfigError(`context was not found for specified context: ${contextName}`);
  const clusterName = stringField(context, 'cluster', `context ${contextName}`);
  const cluster = clusterName === undefined ? undefined : named(document, 'clusters', 'cluster', clusterName);
  if (cluster === undefined) throw new KubeconfigError(`cluster ${JSON.stringify(clusterName ?? '')} of context ${contextName} was not found`);
  const userName = stringField(context, 'user', `context ${contextName}`);
  const user = userName === undefined || userName === '' ? {} : named(document, 'users', 'user', userName);
  if (user === undefined) throw new KubeconfigError(`user ${JSON.stringify(userName)} of context ${contextName} was not found`);
  for (const plugin of ['exec', 'auth-provider']) {
    if (user[plugin] !== undefined) throw new KubeconfigError(`user ${userName}: ${plugin} credential plugins are not supported`);
  }

  const server = stringField(cluster, 'server', `cluster ${clusterName}`);
  if (!server) throw new KubeconfigError(`invalid configuration: no server found for cluster ${JSON.stringify(clusterName)}`);
  const file = (path: string): string => (isAbsolute(path) ? path : resolve(options.baseDir ?? process.cwd(), path));
  const pem = (fields: Fields, key: string, where: string): string | undefined => {
    const data = stringField(fields, `${key}-data`, where);
    if (data) return Buffer.from(data, 'base64').toString('utf8');
    const path = stringField(fields, key, where);
    if (!path) return undefined;
    try {
      return readFileSync(file(path), 'utf8');
    } catch (error) {
      throw new KubeconfigError(`unable to read ${key} ${path} for ${where}: ${errorMessage(error)}`, { cause: error });
    }
  };
  const clusterWhere = `cluster ${clusterName}`;
  const userWhere = `user ${userName}`;
  const insecure = cluster['insecure-skip-tls-verify'] === true;
  const certificateAuthority = pem(cluster, 'certificate-authority', clusterWhere);
  // Trusting no one and a given CA at once is a contradiction kubectl refuses too; on plain http
  // (what `capstan up` writes) the flag only keeps client libraries from refusing the URL.
  if (insecure && certificateAuthority !== undefined && server.startsWith('https:')) {
    throw new KubeconfigError(`${clusterWhere}: specifying a root certificates file with the insecure flag is not allowed`);
  }
  const namespace = stringField(context, 'namespace', `context ${contextName}`);
  const tokenFile = stringField(user, 'tokenFile', userWhere);
  const config: Record<string, unknown> = {
    server,
    namespace: namespace || 'default',
    certificateAuthority,
    clientCertificate: pem(user, 'client-certificate', userWhere),
    clientKey: pem(user, 'client-key', userWhere),
    token: stringField(user, 'token', userWhere) || undefined,
    tokenFile: tokenFile ? file(tokenFile) : undefined,
    username: stringField(user, 'username', userWhere) || undefined,
    password: stringField(user, 'password', userWhere) || undefined,
    insecureSkipTLSVerify: insecure || undefined,
    tlsServerName: stringField(cluster, 'tls-server-name', clusterWhere) || undefined,
  };
  for (const key of Object.keys(config)) if (config[key] === undefined) delete config[key];
  return config as unknown as ClientConfig;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(fields: Fields, key: string, where: string): string | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new KubeconfigError(`${where}: ${key} must be a string`);
  return value;
}

/** The `inner` fields of the entry of list `list` called `name` (clusters[].cluster, users[].user, ...). */
function named(document: Fields, list: string, inner: string, name: string): Fields | undefined {
  const entries = document[list];
  if (!Array.isArray(entries)) return undefined;
  const entry = entries.find((item): item is Fields => isFields(item) && item.name === name);
  if (entry === undefined) return undefined;
  const fields = entry[inner];
  return isFields(fields) ? fields : {};
}
