// Test support: a real OpenID issuer on 127.0.0.1 over HTTPS (node:https with a CA and serving
// certificate made by openssl in a temporary directory), serving its discovery document and JWKS,
// and signing tokens with jose. Each path under its url is an issuer too (same keys). `rotate()` adds a key the served set gains at once.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export interface JwtIssuer {
  /** https://127.0.0.1:<port>: the issuer's url. */
  readonly url: string;
  /** The CA of its serving certificate (PEM), for issuer.certificateAuthority. */
  readonly ca: string;
  /** How many times the discovery document and the key set were fetched. */
  readonly fetches: { discovery: number; jwks: number };
  /** A token signed with the current key (iss, iat and a 10 minute exp unless the claims say). */
  sign(claims: JWTPayload, options?: { alg?: string; key?: CryptoKey; kid?: string }): Promise<string>;
  /** A new current key, served from now on beside the old ones. */
  rotate(): Promise<void>;
  close(): Promise<void>;
}

/** A CA and a certificate for 127.0.0.1 signed by it, made by openssl. */
export function makeServingCertificate(dir: string): { ca: string; cert: string; key: string } {
  const run = (...args: string[]): void => void execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=test-issuer-ca');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  run('x509', '-req', '-in', 'tls.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'tls.crt', '-days', '1', '-extfile', 'san.ext');
  const read = (name: string): string => readFileSync(join(dir, name), 'utf8');
  return { ca: read('ca.crt'), cert: read('tls.crt'), key: read('tls.key') };
}

export async function startJwtIssuer(): Promise<JwtIssuer> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-issuer-'));
  const { ca, cert, key } = makeServingCertificate(dir);
  const keys: { kid: string; privateKey: CryptoKey; jwk: JWK }[] = [];
  const addKey = async (): Promise<void> => {
    const pair = await generateKeyPair('RS256');
    const kid = `key-${keys.length + 1}`;
    keys.push({ kid, privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' } });
  };
  await addKey();
  const fetches = { discovery: 0, jwks: 0 };
  let url = '';
  const server: Server = createServer({ cert, key }, (request, response) => {
    const json = (body: unknown): void => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    // Any path is an issuer of its own (<url><path>), with its document at the well-known place
    // under it, or at /discovery<path> (for a discoveryURL elsewhere); all share the keys.
    const discovery = /^(?:\/discovery(\/[^?]*)|(\/[^?]*?)?\/\.well-known\/openid-configuration)$/.exec(request.url ?? '');
    if (discovery !== null) {
      fetches.discovery++;
      const path = discovery[1] ?? discovery[2] ?? '';
      return json({ issuer: `${url}${path}`, jwks_uri: `${url}/keys`, id_token_signing_alg_values_supported: ['RS256'] });
    }
    if (request.url === '/keys') {
      fetches.jwks++;
      return json({ keys: keys.map((one) => one.jwk) });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    ca,
    fetches,
    sign: (claims, options = {}) => {
      const current = keys[keys.length - 1] as (typeof keys)[number];
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: url, iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? current.kid, typ: 'JWT' })
        .sign(options.key ?? current.privateKey);
    },
    rotate: addKey,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
