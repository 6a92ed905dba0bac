// A bundle of PEM certificate authorities (a webhook's caBundle) read as Go reads one: pem.Decode
// block after block, the CERTIFICATE blocks without headers that parse are the authorities
// (x509.CertPool.AppendCertsFromPEM), and a bundle without any fails with client-go's words
// (transport.rootCertPool), which kube's validation of a caBundle reports.

import { X509Certificate } from 'node:crypto';
import { pemBlock } from './self-signed-certificate.ts';

interface PemBlock {
  readonly type: string;
  readonly hasHeaders: boolean;
  readonly bytes: Buffer;
}

const blockPattern = /-----BEGIN ([^\r\n]*?)-----[ \t]*\r?\n([\s\S]*?)-----END \1-----[ \t]*(?:\r?\n|$)/;
const headersPattern = /^(?:[^\r\n:]+:[^\r\n]*\r?\n)+\r?\n/;

/** Go's pem.Decode: the first block of `text` and what follows it, or no block. */
function decodePem(text: string): { readonly block: PemBlock | undefined; readonly rest: string } {
  const match = blockPattern.exec(text);
  if (match === null) return { block: undefined, rest: text };
  const rest = text.slice(match.index + match[0].length);
  const body = match[2] as string;
  const headers = headersPattern.exec(body);
  const base64 = headers === null ? body : body.slice(headers[0].length);
  // A block whose body is not base64 is no block: Go looks on after its BEGIN line.
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) return decodePem(text.slice(match.index + 1));
  return { block: { type: match[1] as string, hasHeaders: headers !== null, bytes: Buffer.from(base64.replace(/\s/g, ''), 'base64') }, rest };
}

function parses(der: Buffer): boolean {
  try {
    new X509Certificate(der);
    return true;
  } catch {
    return false;
  }
}

/** The authorities of a bundle, each as one PEM certificate (what Node's `ca` option takes). */
export function caBundleCertificates(bundle: Uint8Array): string[] {
  const certificates: string[] = [];
  for (let text = Buffer.from(bundle).toString('latin1'); text.length > 0; ) {
    const { block, rest } = decodePem(text);
    if (block === undefined) break;
    if (block.type === 'CERTIFICATE' && !block.hasHeaders && parses(block.bytes)) certificates.push(pemBlock('CERTIFICATE', block.bytes));
    text = rest;
  }
  return certificates;
}

/**
 * Why a non-empty bundle holds no authority, as webhook.ValidateCABundle words it ("unable to load
 * root certificates: unable to parse bytes as PEM block"); undefined when it holds one.
 */
export function caBundleError(bundle: Uint8Array): string | undefined {
  if (caBundleCertificates(bundle).length > 0) return undefined;
  return `unable to load root certificates: ${parsingError(Buffer.from(bundle).toString('latin1'))}`;
}

/** client-go's createErrorParsingCAData: the first thing in the bundle that is wrong. */
function parsingError(text: string): string {
  while (text.length > 0) {
    const { block, rest } = decodePem(text);
    if (block === undefined) return 'unable to parse bytes as PEM block';
    text = rest;
    if (block.type !== 'CERTIFICATE' || block.hasHeaders) continue;
    // Go's parser names the part that is malformed; this is its most common answer.
    if (!parses(block.bytes)) return 'failed to parse certificate: x509: malformed certificate';
  }
  return 'no valid certificate authority data seen';
}
