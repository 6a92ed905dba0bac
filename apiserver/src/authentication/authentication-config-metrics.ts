// kube's authentication configuration controller metrics
// (apiserver/pkg/server/options/authenticationconfig/metrics): each automatic reload of
// --authentication-config by outcome and when it last happened, and the hash of the configuration in
// force, all labelled by the hash of the API server's identity.

import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { legacyRegistry } from '@capstan/common/metrics';

export type ReloadStatus = 'success' | 'failure';

/** kube's getHash: "sha256:<hex>", "" for nothing. */
const hashOf = (data: string): string => (data.length === 0 ? '' : `sha256:${createHash('sha256').update(data).digest('hex')}`);

const base32Alphabet = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32 in lower case, without padding. */
function base32(bytes: Uint8Array): string {
  let text = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += base32Alphabet[(value << (5 - bits)) & 31];
  return text;
}

/** A string with its length in front as two bytes (cryptobyte's AddUint16LengthPrefixed). */
const lengthPrefixed = (text: string): Buffer => {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
};

/** kube-apiserver's identity (APIServerIdentity): "apiserver-" and a hash of the host name and "kube-apiserver". */
export function apiServerId(host = hostname()): string {
  const hash = createHash('sha256')
    .update(Buffer.concat([lengthPrefixed(host), lengthPrefixed('kube-apiserver')]))
    .digest();
  return `apiserver-${base32(hash.subarray(0, 16))}`;
}

let metrics: ReturnType<typeof defineMetrics> | undefined;
let lastConfig: { readonly apiServerIdHash: string; readonly hash: string } | undefined;

function defineMetrics() {
  return {
    reloads: legacyRegistry.counter({
      name: 'apiserver_authentication_config_controller_automatic_reloads_total',
      help: 'Total number of automatic reloads of authentication configuration split by status and apiserver identity.',
      stabilityLevel: 'BETA',
      labelNames: ['status', 'apiserver_id_hash'],
    }),
    lastReload: legacyRegistry.gauge({
      name: 'apiserver_authentication_config_controller_automatic_reload_last_timestamp_seconds',
      help: 'Timestamp of the last automatic reload of authentication configuration split by status and apiserver identity.',
      stabilityLevel: 'BETA',
      labelNames: ['status', 'apiserver_id_hash'],
    }),
    lastConfigInfo: legacyRegistry.gauge({
      name: 'apiserver_authentication_config_controller_last_config_info',
      help: 'Information about the last applied authentication configuration with hash as label, split by apiserver identity.',
      labelNames: ['apiserver_id_hash', 'hash'],
      collect: (gauge) => {
        gauge.reset();
        if (lastConfig !== undefined) gauge.set({ apiserver_id_hash: lastConfig.apiServerIdHash, hash: lastConfig.hash }, 1);
      },
    }),
  };
}

/** Registered where --authentication-config is given (kube's RegisterMetrics), with the configuration read at start. */
export function recordAuthenticationConfig(text: string): void {
  metrics ??= defineMetrics();
  lastConfig = { apiServerIdHash: hashOf(apiServerId()), hash: hashOf(text) };
}

/** One automatic reload; a success makes `text` the configuration in force. */
export function recordAuthenticationConfigReload(status: ReloadStatus, text?: string): void {
  metrics ??= defineMetrics();
  const apiServerIdHash = hashOf(apiServerId());
  metrics.reloads.inc({ status, apiserver_id_hash: apiServerIdHash });
  metrics.lastReload.set({ status, apiserver_id_hash: apiServerIdHash }, Date.now() / 1000);
  if (status === 'success' && text !== undefined) lastConfig = { apiServerIdHash, hash: hashOf(text) };
}
