// A Capstan API server run inside the test process (runApiServer, as `capstan up` runs it): HTTPS on
// a free 127.0.0.1 port with a serving certificate shared by every server of the process (it names
// 127.0.0.1 and localhost, whatever the port), a bearer token of its own in system:masters, and
// RBAC as envtest's kube-apiserver has it.

import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, generateSelfSignedCertKey, type SelfSignedCertKey } from '@capstan/common';
import {
  defaultServiceAccountOptions,
  defaultServiceClusterIpRange,
  defaultServiceNodePortRange,
  enabledAdmissionPlugins,
  featureGateSettingsOf,
  resourceConfigOf,
  runApiServer,
  serviceRanges,
} from '@capstan/apiserver';
import { servingAuthorityOf, trustServingAuthority } from '../../common/test/api-server-child.ts';
import type { ServerSettings, StartedServer } from './started-server.ts';

let servingCertificate: Promise<SelfSignedCertKey> | undefined;
let trusted = false;

export async function startInProcessServer(dir: string, settings: ServerSettings): Promise<StartedServer> {
  servingCertificate ??= generateSelfSignedCertKey('127.0.0.1', { alternateDNS: ['localhost'] });
  const { certificate, privateKey } = await servingCertificate;
  const certFile = join(dir, 'pki', 'apiserver.crt');
  mkdirSync(join(dir, 'pki'), { recursive: true });
  writeFileSync(certFile, certificate);
  const token = randomBytes(24).toString('hex');
  const tokenAuthFile = join(dir, 'tokens.csv');
  writeFileSync(tokenAuthFile, `${token},testenv-admin,testenv-admin,system:masters\n`, { mode: 0o600 });
  const dataDir = join(dir, 'data');
  const { featureGates, emulationVersion } = featureGateSettingsOf({ 'feature-gates': settings.featureGates, 'emulated-version': [] });
  const running = await runApiServer({
    bindAddress: '127.0.0.1',
    port: 0,
    tls: { cert: Buffer.from(certificate), key: Buffer.from(privateKey), minVersion: 'TLSv1.2' },
    storage: { backend: 'sqlite', dataDir, etcdServers: [] },
    watchHistoryMs: 300_000,
    shutdownDelayMs: 0,
    livezGracePeriodMs: 0,
    minRequestTimeoutMs: 1_800_000,
    featureGates,
    emulationVersion,
    runtimeConfig: resourceConfigOf(settings.runtimeConfig),
    ...serviceRanges(defaultServiceClusterIpRange, defaultServiceNodePortRange),
    authentication: { anonymous: true, tokenAuthFile, serviceAccounts: defaultServiceAccountOptions(dataDir) },
    authorizationModes: ['RBAC'],
    // No serviceaccount controller makes the `default` accounts pods need unless controllers run.
    admissionPlugins: enabledAdmissionPlugins([], settings.serviceAccountAdmission ? [] : ['ServiceAccount']),
    logger: createLogger({ name: 'testenv-apiserver', format: 'json', level: settings.logLevel }),
  });
  try {
    await running.ready();
  } catch (error) {
    await running.shutdown();
    throw error;
  }
  // As for a child server: this process trusts the authority from now on (fetch needs no options).
  const authority = trusted ? servingAuthorityOf(certFile) : trustServingAuthority(certFile);
  trusted = true;
  return {
    url: running.url,
    certificateAuthority: authority,
    token,
    pid: process.pid,
    dataDir,
    stop: () => running.shutdown(),
  };
}
