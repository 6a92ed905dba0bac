// The clients the controllers act through, as kube-controller-manager's client builders make them.
// With --use-service-account-credentials each controller is the service account kube-system/<name>
// (created when missing) and is authorized by its bootstrap role system:controller:<name>; its
// tokens come from TokenRequest, an hour each, renewed when 80% of that has passed or when the
// server refuses one (401). Without it every controller shares the process's own client, the
// kubeconfig's identity. The shared informers and leader election always use the process's own
// client, as kube's root client builder.

import type { Agent } from 'node:http';
import { Backoff, createAgent, isAlreadyExists, isNotFound, RestClient, sleep, type BearerTokenSource, type ClientConfig } from '@capstan/common/client';

export interface ControllerClientBuilder {
  /** The client of the controller kube names `name`; waits (retrying) until it can be made or the signal aborts. */
  client(name: string, signal: AbortSignal): Promise<RestClient>;
  close(): void;
}

/** Every controller is the process itself. */
export function sharedClientBuilder(root: RestClient): ControllerClientBuilder {
  return { client: async () => root, close: () => {} };
}

/** kube's defaultExpirationSeconds of the controllers' tokens. */
const tokenExpirationSeconds = 3600;
/** Renewed when this share of a token's life is left (kube's defaultLeewayPercent). */
const leewayShare = 0.2;
/** A token living less than this (a skewed clock) is taken to live this long, as kube does. */
const minimumLifetimeMs = 10 * 60_000;

const serviceAccounts = { group: '', version: 'v1', resource: 'serviceaccounts' } as const;
const namespaces = { group: '', version: 'v1', resource: 'namespaces' } as const;

export class ServiceAccountClientBuilder implements ControllerClientBuilder {
  readonly #root: RestClient;
  readonly #namespace: string;
  /** One connection pool for every service account's client, presenting no client certificate (kube's AnonymousClientConfig). */
  readonly #agent: Agent;
  readonly #clients = new Map<string, RestClient>();

  constructor(root: RestClient, namespace = 'kube-system') {
    this.#root = root;
    this.#namespace = namespace;
    this.#agent = createAgent(anonymousConfig(root.config));
  }

  async client(name: string, signal: AbortSignal): Promise<RestClient> {
    const known = this.#clients.get(name);
    if (known !== undefined) return known;
    const backoff = new Backoff({ initialMs: 500, maxMs: 10_000, jitter: 0.5 });
    for (;;) {
      try {
        await ensureServiceAccount(this.#root, this.#namespace, name);
        break;
      } catch (error) {
        if (signal.aborted) throw error;
        await sleep(backoff.next(), signal);
      }
    }
    const client = new RestClient({
      ...anonymousConfig(this.#root.config),
      agent: this.#agent,
      userAgent: `${this.#root.userAgent}/system:serviceaccount:${this.#namespace}:${name}`,
      bearerTokenSource: new TokenRequestSource(this.#root, this.#namespace, name),
    });
    this.#clients.set(name, client);
    return client;
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** The server and how to trust it, without the process's own credentials. */
function anonymousConfig(config: ClientConfig): ClientConfig {
  const { clientCertificate: _certificate, clientKey: _key, token: _token, tokenFile: _tokenFile, username: _username, password: _password, agent: _agent, ...rest } = config;
  return rest;
}

/** kube's getOrCreateServiceAccount: the account, made (with its namespace when missing) if it is not there. */
async function ensureServiceAccount(root: RestClient, namespace: string, name: string): Promise<void> {
  try {
    await root.get({ ...serviceAccounts, namespace, name });
    return;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  try {
    await root.get({ ...namespaces, name: namespace });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await root.create(namespaces, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }).catch((created: unknown) => {
      if (!isAlreadyExists(created)) throw created;
    });
  }
  await root.create({ ...serviceAccounts, namespace }, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } }).catch((created: unknown) => {
    if (!isAlreadyExists(created)) throw created;
  });
}

interface TokenRequestAnswer {
  readonly status?: { readonly token?: string; readonly expirationTimestamp?: string };
}

/** A service account's tokens from TokenRequest, the one in hand until its renewal is due. */
class TokenRequestSource implements BearerTokenSource {
  readonly #root: RestClient;
  readonly #namespace: string;
  readonly #name: string;
  #current: { readonly token: string; readonly renewAt: number } | undefined;
  #fetching: Promise<string> | undefined;

  constructor(root: RestClient, namespace: string, name: string) {
    this.#root = root;
    this.#namespace = namespace;
    this.#name = name;
  }

  token(): Promise<string> {
    const current = this.#current;
    if (current !== undefined && Date.now() < current.renewAt) return Promise.resolve(current.token);
    // Requests that need a token at the same time share one TokenRequest.
    this.#fetching ??= this.#request().finally(() => (this.#fetching = undefined));
    return this.#fetching;
  }

  invalidate(): void {
    this.#current = undefined;
  }

  /** kube's token source: the account made again if it went, four tries 0.5, 1 and 2 s apart. */
  async #request(): Promise<string> {
    let delayMs = 500;
    for (let attempt = 1; ; attempt++) {
      try {
        await ensureServiceAccount(this.#root, this.#namespace, this.#name);
        const answer = await this.#root.create<TokenRequestAnswer & { metadata?: object }>(
          { ...serviceAccounts, namespace: this.#namespace, name: this.#name, subresource: 'token' },
          { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: tokenExpirationSeconds } },
        );
        const token = answer.status?.token;
        if (token === undefined || token === '') throw new Error('the TokenRequest was answered without a token');
        const expires = Date.parse(answer.status?.expirationTimestamp ?? '');
        const lifetimeMs = Math.max(Number.isNaN(expires) ? 0 : expires - Date.now(), minimumLifetimeMs);
        this.#current = { token, renewAt: Date.now() + lifetimeMs * (1 - leewayShare) };
        return token;
      } catch (error) {
        if (attempt === 4) throw new Error(`failed to get token for ${this.#namespace}/${this.#name}: ${(error as Error).message}`);
        await sleep(delayMs);
        delayMs *= 2;
      }
    }
  }
}
