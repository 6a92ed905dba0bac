// Certificates made by common/src/tls: read back by node:crypto's X509Certificate, by OpenSSL's
// command line where the machine has it, and used for a real TLS handshake.

import test from 'ava';
import { execFileSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer } from 'node:tls';
import { generateSelfSignedCertKey, issueCertificate } from '../src/tls/self-signed-certificate.ts';

const now = new Date('2026-03-01T12:00:00.750Z');
const unix = Math.floor(now.getTime() / 1000);

const certificates = (pem: string): X509Certificate[] =>
  (pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n/g) ?? []).map((block) => new X509Certificate(block));

const openssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test("the self-signed serving certificate is certutil's: a leaf for the host signed by its own authority, an hour back for a year", async (t) => {
  const { certificate, privateKey } = await generateSelfSignedCertKey('node-a', { now });
  const [leaf, authority] = certificates(certificate) as [X509Certificate, X509Certificate];
  t.is(certificates(certificate).length, 2);
  t.is(leaf.subject, `CN=node-a@${unix}`);
  t.is(leaf.issuer, `CN=node-a-ca@${unix}`);
  t.is(authority.subject, `CN=node-a-ca@${unix}`);
  t.is(authority.issuer, authority.subject);
  t.is(leaf.serialNumber, '02');
  t.is(authority.serialNumber, '01');
  t.is(leaf.subjectAltName, 'DNS:node-a');
  t.false(leaf.ca);
  t.true(authority.ca);
  t.deepEqual(leaf.keyUsage, ['1.3.6.1.5.5.7.3.1']);
  t.is(new Date(leaf.validFrom).toISOString(), '2026-03-01T11:00:00.000Z');
  t.is(new Date(leaf.validTo).toISOString(), '2027-03-01T11:00:00.000Z');
  t.is(authority.validTo, leaf.validTo);
  t.true(leaf.checkIssued(authority));
  t.true(leaf.verify(authority.publicKey));
  t.true(authority.verify(authority.publicKey));
  t.false(leaf.verify(leaf.publicKey));
  t.true(privateKey.startsWith('-----BEGIN RSA PRIVATE KEY-----\n'));
  const key = createPrivateKey(privateKey);
  t.is(key.asymmetricKeyDetails?.modulusLength, 2048);
  t.true(leaf.checkPrivateKey(key));
  t.is(authority.publicKey.asymmetricKeyDetails?.modulusLength, 2048);
});

test('an IP host goes in the IP SANs; alternate IPs and names follow', async (t) => {
  const ip = certificates((await generateSelfSignedCertKey('192.0.2.7', { now })).certificate)[0] as X509Certificate;
  t.is(ip.subjectAltName, 'IP Address:192.0.2.7');
  t.is(ip.subject, `CN=192.0.2.7@${unix}`);
  const named = certificates(
    (await generateSelfSignedCertKey('node-b', { now, alternateIPs: ['127.0.0.1', '::1', '::ffff:10.1.2.3'], alternateDNS: ['localhost'] })).certificate,
  )[0] as X509Certificate;
  t.is(named.subjectAltName, 'DNS:node-b, DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:10.1.2.3');
  t.is(named.checkIP('127.0.0.1'), '127.0.0.1');
  t.is(named.checkHost('localhost'), 'localhost');
  t.is(named.checkHost('node-c'), undefined);
});

test('a client trusting the authority completes a TLS handshake with the server that presents the pair', async (t) => {
  const { certificate, privateKey } = await generateSelfSignedCertKey('node-a', { now: new Date() });
  const authority = (certificate.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n/g) ?? [])[1] as string;
  const server = createServer({ cert: certificate, key: privateKey }, (socket) => socket.end('hello over TLS\n'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => server.close());
  const { port } = server.address() as AddressInfo;
  const received = await new Promise<{ text: string; authorized: boolean; peer: string }>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'node-a', ca: authority }, () => {
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve({ text, authorized: socket.authorized, peer: socket.getPeerCertificate().subject.CN as string }));
    });
    socket.on('error', reject);
  });
  t.deepEqual(received, { text: 'hello over TLS\n', authorized: true, peer: received.peer });
  t.regex(received.peer, /^node-a@\d+$/);
  // The name the certificate is for is checked: the address alone is not in it.
  const mismatch = await new Promise<Error>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, ca: authority }, () => resolve(new Error('connected')));
    socket.on('error', resolve);
  });
  t.regex(mismatch.message, /IP: 127\.0\.0\.1 is not in the cert's list/);
});

test('an ECDSA P-256 certificate with organizations and client authentication reads back the same', async (t) => {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = { commonName: 'system:node:node-a', organizations: ['system:nodes'] };
  const issued = await issueCertificate(
    {
      serialNumber: 0xdeadbeefn,
      subject: name,
      notBefore: now,
      notAfter: new Date('2060-01-01T00:00:00Z'),
      publicKey: keys.publicKey,
      keyUsage: ['digitalSignature'],
      extendedKeyUsage: ['clientAuth'],
    },
    { name, privateKey: keys.privateKey },
  );
  const read = new X509Certificate(issued.der);
  t.is(read.subject, 'O=system:nodes\nCN=system:node:node-a');
  t.is(read.serialNumber, 'DEADBEEF');
  // A positive serial with its high bit set needs a leading zero byte in DER.
  t.true(issued.der.includes(Buffer.from('020500deadbeef', 'hex')));
  t.deepEqual(read.keyUsage, ['1.3.6.1.5.5.7.3.2']);
  t.is(new Date(read.validTo).toISOString(), '2060-01-01T00:00:00.000Z');
  t.true(read.verify(keys.publicKey));
  t.is(read.subjectAltName, undefined);
  t.is(issued.pem, read.toString());
});

test('OpenSSL reads the extensions as Go writes them', async (t) => {
  if (!openssl) return void t.pass('openssl is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'capstan-cert-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const { certificate } = await generateSelfSignedCertKey('node-a', { now });
  const [leaf, authority] = certificate.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n/g) as [string, string];
  writeFileSync(join(dir, 'leaf.crt'), leaf);
  writeFileSync(join(dir, 'ca.crt'), authority);
  const text = (file: string) => execFileSync('openssl', ['x509', '-noout', '-text', '-in', join(dir, file)], { encoding: 'utf8' }).replace(/ +/g, ' ');
  const leafText = text('leaf.crt');
  t.regex(leafText, /Version: 3 \(0x2\)/);
  t.regex(leafText, /Signature Algorithm: sha256WithRSAEncryption/);
  t.regex(leafText, /X509v3 Key Usage: critical\n Digital Signature, Key Encipherment\n/);
  t.regex(leafText, /X509v3 Extended Key Usage: \n TLS Web Server Authentication\n/);
  t.regex(leafText, /X509v3 Basic Constraints: critical\n CA:FALSE\n/);
  t.regex(leafText, /X509v3 Authority Key Identifier: \n [0-9A-F:]{59}\n/);
  t.regex(leafText, /X509v3 Subject Alternative Name: \n DNS:node-a\n/);
  const authorityText = text('ca.crt');
  t.regex(authorityText, /X509v3 Key Usage: critical\n Digital Signature, Key Encipherment, Certificate Sign\n/);
  t.regex(authorityText, /X509v3 Basic Constraints: critical\n CA:TRUE\n/);
  t.regex(authorityText, /X509v3 Subject Key Identifier: \n [0-9A-F:]{59}\n/);
  t.notRegex(authorityText, /Authority Key Identifier/);
  const verified = execFileSync('openssl', ['verify', '-purpose', 'sslserver', '-attime', String(unix), '-CAfile', join(dir, 'ca.crt'), join(dir, 'leaf.crt')], {
    encoding: 'utf8',
  });
  t.is(verified, `${join(dir, 'leaf.crt')}: OK\n`);
});
