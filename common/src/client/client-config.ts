// What a RestClient needs to reach an API server: where it is, how to trust it, who to be there,
// and how to behave (user agent, timeout, connection reuse). Read from a kubeconfig or given as is.

import type { Agent } from 'node:http';

export interface ClientConfig {
  /** The API server's base URL, http:// or https://, optionally with a path prefix. */
  readonly server: string;
  /** The namespace of the kubeconfig's context ("default" when it names none). */
  readonly namespace?: string;
  /** PEM certificates the server's certificate must chain to (https only). */
  readonly certificateAuthority?: string;
  /** PEM client certificate and key for TLS client authentication. */
  readonly clientCertificate?: string;
  readonly clientKey?: string;
  /** A bearer token; a readable tokenFile wins over it (client-go's rule). */
  readonly token?: string;
  /** A file holding a bearer token, read again once a minute so rotated tokens are picked up. */
  readonly tokenFile?: string;
  /** Bearer tokens that expire and are renewed (a service account's TokenRequest); wins over token and tokenFile. */
  readonly bearerTokenSource?: BearerTokenSource;
  readonly username?: string;
  readonly password?: string;
  readonly insecureSkipTLSVerify?: boolean;
  /** The name the server's certificate is checked against instead of the URL's host. */
  readonly tlsServerName?: string;
  /** Sent on every request; defaultUserAgent() when left out. */
  readonly userAgent?: string;
  /** Time limit of each request but watches, in ms; 30 s by default, 0 for none. */
  readonly timeoutMs?: number;
  /** Keep connections open between requests (default true). */
  readonly keepAlive?: boolean;
  /** An agent to share between clients of the same server; the client then leaves it open on close(). */
  readonly agent?: Agent;
  /** Receives the text of each Warning header the server sends (deprecations, unknown fields, ...). */
  readonly onWarning?: (warning: string) => void;
}

/** client-go's resettable token source: a token until it is due for renewal, and a fresh one after the server refused it (401). */
export interface BearerTokenSource {
  token(): Promise<string>;
  /** The server answered 401: the next token() fetches a new one. */
  invalidate(): void;
}

export const defaultTimeoutMs = 30_000;
