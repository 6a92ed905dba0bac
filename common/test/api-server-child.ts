// Test support for every package: a real `capstan apiserver` process on 127.0.0.1 with a free port
// and a data directory of its own, ready (its post-start hooks done) when this resolves; stop()
// ends it (SIGKILL if it takes longer than 10 s) and removes the directory, once. Start-up waits on
// the process's own signals (its serving line, then its ready log line or /readyz), never on a
// clock: a loaded machine is slow, not broken; a process that exits fails the start at once, and
// the test's own timeout bounds the rest. The process ends by itself when the test process is gone.
// It serves HTTPS with the self-signed certificate it writes in its data directory, whose
// authority this process then trusts (fetch, node:https and ws need no options for it). It knows
// one bearer token, `token`, of a user in system:masters (kubectl asks for a password when a
// kubeconfig for an https server has no credentials), and authorizes everything
// (--authorization-mode=AlwaysAllow) unless the test's flags say otherwise, so requests without
// credentials (anonymous) are served too.

import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childStopper } from './stop-child.ts';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

export interface ApiServerChild {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  /** The PEM authority of the server's self-signed certificate (for kubeconfigs of other processes). */
  readonly certificateAuthority: string;
  /** A bearer token of a user in system:masters. */
  readonly token: string;
  readonly child: ChildProcess;
  /** The process's own directory (its data directory is data/ in it); removed by stop(). */
  readonly dir: string;
  /** What the process wrote on standard error lately (the last 4,000 characters). */
  output(): string;
  /** What it wrote on standard error first (the first 4,000 characters: the start's warnings). */
  startOutput(): string;
  /** Ends the process with the signal; answers its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ApiServerChildOptions {
  /** Flags after `--secure-port=0 --data-dir=... --logging-format=json`. */
  readonly args?: readonly string[];
  /** The temporary directory's name prefix. */
  readonly prefix?: string;
  /**
   * Keep kube's ServiceAccount admission on. Off by default, as kube's own integration test
   * servers turn it off (--disable-admission-plugins=ServiceAccount): no serviceaccount
   * controller runs beside a lone API server to make the `default` accounts pods need.
   */
  readonly serviceAccountAdmission?: boolean;
}

/** The bearer token of the test servers' system:masters user. */
export const adminToken = 'capstan-test-admin-token';

/** The environment variable of deploy/src/exit-with-parent.ts (a test does not import deploy). */
const exitWithParentVariable = 'CAPSTAN_EXIT_WITH_PARENT';

export async function startApiServerChild(options: ApiServerChildOptions = {}): Promise<ApiServerChild> {
  const dir = mkdtempSync(join(tmpdir(), options.prefix ?? 'capstan-api-'));
  const args = options.args ?? [];
  const given = (flag: string) => args.some((arg) => arg === flag || arg.startsWith(`${flag}=`));
  // The last of a flag given as --flag=value wins, as the server reads its flags.
  const value = (flag: string) => args.findLast((arg) => arg.startsWith(`${flag}=`))?.slice(flag.length + 1);
  const tokenFile = join(dir, 'tokens.csv');
  writeFileSync(tokenFile, `${adminToken},capstan-test-admin,capstan-test-admin,system:masters\n`);
  const security = [...(given('--token-auth-file') ? [] : [`--token-auth-file=${tokenFile}`]), ...(given('--authorization-mode') ? [] : ['--authorization-mode=AlwaysAllow'])];
  const admission = options.serviceAccountAdmission === true ? [] : ['--disable-admission-plugins=ServiceAccount'];
  // On etcd a server makes no service account key of its own (kube's rule: the flags are required).
  const serviceAccountKeys: string[] = [];
  if (given('--storage-backend') && args.includes('--storage-backend=etcd3') && !given('--service-account-signing-key-file')) {
    serviceAccountKeys.push(...serviceAccountKeyFlags(join(dir, 'service-account.key')));
  }
  const child = spawn(
    process.execPath,
    [capstan, 'apiserver', '--secure-port=0', `--data-dir=${join(dir, 'data')}`, '--logging-format=json', ...security, ...admission, ...serviceAccountKeys, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, [exitWithParentVariable]: String(process.pid) },
    },
  );
  let output = '';
  let startOutput = '';
  let readyLogged = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output = (output + chunk).slice(-4000);
    if (startOutput.length < 4000) startOutput = (startOutput + chunk).slice(0, 4000);
    if (output.includes('"msg":"all post-start hooks finished: ready"')) readyLogged = true;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = childStopper(child, exited, dir);
  try {
    let gone = false;
    void exited.then(() => (gone = true));
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /serving on (https:\/\/[\d.]+:\d+)/.exec(stdout);
        if (match !== null) resolve(match[1] as string);
      });
      void exited.then((code) => reject(new Error(`the API server exited with ${code}:\n${output}`)));
    });
    const certDir = value('--cert-dir') ?? join(value('--data-dir') ?? join(dir, 'data'), 'pki');
    const certificateAuthority = trustServingAuthority(join(certDir, 'apiserver.crt'));
    // Serving is not ready: the post-start hooks (system namespaces, watch cache) finish after. The
    // server logs when they have; /readyz says so too (for a test whose flags change the logging).
    while (!readyLogged && (await fetch(`${url}/readyz`).catch(() => undefined))?.status !== 200) {
      if (gone) throw new Error(`the API server exited before it was ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { url, certificateAuthority, token: adminToken, child, dir, output: () => output, startOutput: () => startOutput, stop };
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
}

/**
 * The flags of a service account signing key kept at `keyFile` (made there, ECDSA P-256, when
 * missing): a server on etcd makes none of its own, as kube requires them there.
 */
export function serviceAccountKeyFlags(keyFile: string): string[] {
  if (!existsSync(keyFile)) writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return [`--service-account-signing-key-file=${keyFile}`, `--service-account-key-file=${keyFile}`, '--service-account-issuer=https://kubernetes.default.svc.cluster.local'];
}

/** The authority of a self-signed serving certificate (the second block of the file), trusted by this process from now on. */
export function trustServingAuthority(certFile: string): string {
  const authority = servingAuthorityOf(certFile);
  setDefaultCACertificates([...getCACertificates('default'), authority]);
  return authority;
}

/** The authority of a self-signed serving certificate file: its last block (the leaf comes first). */
export function servingAuthorityOf(certFile: string): string {
  const blocks = readFileSync(certFile, 'utf8').match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n?/g) ?? [];
  const authority = blocks[blocks.length - 1];
  if (authority === undefined) throw new Error(`${certFile} holds no certificate`);
  return authority;
}
