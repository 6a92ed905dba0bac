// The signing keys of a JWT issuer, as kube's go-oidc provider finds them: its OpenID discovery
// document (issuer.discoveryURL, or <issuer url>/.well-known/openid-configuration), then the JWKS at its jwks_uri, both over HTTPS verified against
// the issuer's certificateAuthority (the system's CAs when none); the document must name the
// issuer's url as its issuer either way. Discovery is tried at start and
// every 10 s until it works, so an issuer that runs on the cluster itself can come up later; the key
// set is fetched again when a token names a key it does not hold.

import { request } from 'node:https';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

/** How often discovery is tried again until it works (kube polls every 10 s). */
const discoveryRetryMs = 10_000;

/** The least time between two fetches of the key set for unknown keys. */
const refetchIntervalMs = 1_000;

const maxDocumentBytes = 1 << 20;

export interface IssuerSettings {
  readonly url: string;
  readonly discoveryURL: string;
  readonly certificateAuthority: string;
}

export class OidcIssuer {
  readonly #settings: IssuerSettings;
  readonly #log: (message: string) => void;
  #jwksUri: string | undefined;
  #keys: JWTVerifyGetKey | undefined;
  #fetching: Promise<void> | undefined;
  #fetchedAt = 0;
  #retry: NodeJS.Timeout | undefined;
  #stopped = false;
  #discovered: () => void = () => {};
  /** Resolves once the issuer's keys were fetched the first time. */
  readonly discovered = new Promise<void>((resolve) => {
    this.#discovered = resolve;
  });

  constructor(settings: IssuerSettings, log: (message: string) => void) {
    this.#settings = settings;
    this.#log = log;
  }

  /** Starts discovery (in the background, again every 10 s until it works). */
  start(): void {
    void this.#discover();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
  }

  get initialized(): boolean {
    return this.#keys !== undefined;
  }

  /** The key set once discovered; fetched again (at most once a second) when `refresh`. */
  async keys(refresh: boolean): Promise<JWTVerifyGetKey | undefined> {
    if (refresh && this.#jwksUri !== undefined && Date.now() - this.#fetchedAt >= refetchIntervalMs) await this.#fetchKeys(this.#jwksUri).catch(() => {});
    return this.#keys;
  }

  async #discover(): Promise<void> {
    const { url, discoveryURL } = this.#settings;
    const documentUrl = discoveryURL !== '' ? discoveryURL : `${url.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    try {
      const document = (await this.#getJson(documentUrl)) as { issuer?: unknown; jwks_uri?: unknown };
      // Even from a discoveryURL, the document must name the issuer's url.
      if (document.issuer !== url) {
        throw new Error(`oidc: issuer did not match the issuer returned by provider, expected ${JSON.stringify(url)} got ${JSON.stringify(document.issuer)}`);
      }
      if (typeof document.jwks_uri !== 'string' || document.jwks_uri === '') throw new Error('provider did not return JWKS URL');
      this.#jwksUri = document.jwks_uri;
      await this.#fetchKeys(document.jwks_uri);
      this.#discovered();
    } catch (error) {
      this.#log(`oidc authenticator: initializing plugin: ${(error as Error).message}`);
      if (!this.#stopped) {
        this.#retry = setTimeout(() => void this.#discover(), discoveryRetryMs);
        this.#retry.unref();
      }
    }
  }

  #fetchKeys(uri: string): Promise<void> {
    this.#fetching ??= (async () => {
      try {
        const set = (await this.#getJson(uri)) as JSONWebKeySet;
        this.#keys = createLocalJWKSet(set);
        this.#fetchedAt = Date.now();
      } finally {
        this.#fetching = undefined;
      }
    })();
    return this.#fetching;
  }

  #getJson(url: string): Promise<unknown> {
    const ca = this.#settings.certificateAuthority;
    return new Promise((resolve, reject) => {
      const get = request(url, { method: 'GET', headers: { accept: 'application/json' }, ...(ca === '' ? {} : { ca }), timeout: 30_000 }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxDocumentBytes) response.destroy(new Error(`${url}: response too large`));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) return reject(new Error(`${response.statusCode} ${response.statusMessage}: ${body}`));
          try {
            resolve(JSON.parse(body));
          } catch (error) {
            reject(new Error(`oidc: failed to decode provider discovery object: ${(error as Error).message}`));
          }
        });
      });
      get.on('timeout', () => get.destroy(new Error(`${url}: timed out`)));
      get.on('error', reject);
      get.end();
    });
  }
}
