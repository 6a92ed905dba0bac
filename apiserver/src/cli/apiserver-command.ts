// `capstan apiserver`: serves the Kubernetes API over HTTPS on the secure port, with
// kube-apiserver's flag names where the meaning is the same.

import { join } from 'node:path';
import { createLogger, formatFlagHelp, loggingFormats, parseFlags } from '@capstan/common';
import { featureGateFlags, featureGateSettingsOf, featureInfoOf, knownFeatureGates } from '../server/feature-gate-flags.ts';
import { disabledMetricsFlags, legacyRegistry, recordFeatureInfo, showHiddenMetricsFlags } from '@capstan/common/metrics';
import { openSystemdService } from '@capstan/common/systemd';
import { enabledAdmissionPlugins } from '../admission/admission-plugin-names.ts';
import { unimplementedAdmissionPlugins } from '../admission/admission-plugins.ts';
import { readAdmissionConfiguration } from '../admission/admission-configuration.ts';
import { defaultServiceClusterIpRange, defaultServiceNodePortRange, serviceRanges } from './service-ranges.ts';
import { runApiServer, shutdownOnSignal } from '../server/run-api-server.ts';
import { resourceConfigOf, runtimeConfigFlag } from '../server/runtime-config/runtime-config.ts';
import { storageConfigOf, storageFlags } from '../storage/open-storage.ts';
import { kubeletClientConfig, kubeletFlags } from '../kubelet/kubelet-client-config.ts';
import { authenticationFlags, authenticationOptionsOf } from '../authentication/authentication-flags.ts';
import { secureServingFlags, secureServingOf, servingNamesOf } from '../serving/secure-serving.ts';
import { authorizationFlags, authorizationModesOf } from '../authorization/authorization-flags.ts';
import { auditFlags, auditOptionsOf } from '../audit/audit-flags.ts';
import { encryptionFlags, encryptionProviderConfigOf } from '../storage/encryption/encryption-flags.ts';
import { flowControlFlags, flowControlOptionsOf } from '../flowcontrol/flow-control-flags.ts';

const flags = {
  'bind-address': { type: 'string', default: '127.0.0.1', help: 'The IP address to serve on' },
  ...secureServingFlags,
  ...storageFlags,
  ...encryptionFlags,
  'watch-history-duration': { type: 'duration', default: 300_000, help: 'How long the store keeps history for watches and continue tokens' },
  'livez-grace-period': { type: 'duration', default: 0, help: 'How long after start-up livez counts unfinished post-start hooks as healthy' },
  'shutdown-delay-duration': { type: 'duration', default: 0, help: 'How long to keep serving after a termination signal while readyz fails' },
  'min-request-timeout': {
    type: 'int',
    default: 1800,
    help: 'Seconds a watch without timeoutSeconds lasts at least; it ends at a random time up to twice this',
  },
  'request-timeout': {
    type: 'duration',
    default: 60_000,
    help: 'How long a request that is not a watch or a stream (log, exec, attach, port-forward) may take before it is answered 504 Timeout',
  },
  ...flowControlFlags,
  'service-cluster-ip-range': {
    type: 'string',
    default: defaultServiceClusterIpRange,
    help: 'The CIDR range Services get their cluster IPs from, or two of different IP families (dual-stack), the primary first',
  },
  'service-node-port-range': { type: 'string', default: defaultServiceNodePortRange, help: 'The port range NodePort Services get their node ports from' },
  ...kubeletFlags,
  ...authenticationFlags,
  ...authorizationFlags,
  ...auditFlags,
  'default-not-ready-toleration-seconds': { type: 'int', default: 300, help: 'The tolerationSeconds of the not-ready:NoExecute toleration added to every pod without one' },
  'default-unreachable-toleration-seconds': { type: 'int', default: 300, help: 'The tolerationSeconds of the unreachable:NoExecute toleration added to every pod without one' },
  'enable-admission-plugins': {
    type: 'strings',
    default: [] as readonly string[],
    help: "Admission plugins to run besides the default ones; they run in kube-apiserver's order, whatever the order here",
  },
  'disable-admission-plugins': { type: 'strings', default: [] as readonly string[], help: 'Admission plugins not to run, default ones included' },
  'admission-control-config-file': {
    type: 'string',
    default: '',
    help: "An AdmissionConfiguration file (apiserver.config.k8s.io/v1) with the plugins' configurations (PodSecurity's defaults and exemptions)",
  },
  ...featureGateFlags,
  ...runtimeConfigFlag,
  ...showHiddenMetricsFlags,
  ...disabledMetricsFlags,
  'logging-format': { type: 'string', default: '', help: 'json or text (default: text on a terminal, json otherwise)', choices: ['', ...loggingFormats] },
} as const;

export const apiserverUsage = `Serve the Kubernetes API.

Usage:
  capstan apiserver [flags]

Flags:
${formatFlagHelp(flags)}

Feature gates (alpha and beta; GA and deprecated ones are known too):
${knownFeatureGates()
  .map((line) => `  ${line}`)
  .join('\n')}`;

export async function apiserverCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f } = parseFlags(flags, argv);
  const featureGateSettings = featureGateSettingsOf(f);
  const { featureGates, emulationVersion, warnings } = featureGateSettings;
  const runtimeConfig = resourceConfigOf(f['runtime-config']);
  const { serviceClusterIpRange, serviceNodePortRange } = serviceRanges(f['service-cluster-ip-range'], f['service-node-port-range']);
  const admissionPlugins = enabledAdmissionPlugins(f['enable-admission-plugins'], f['disable-admission-plugins']);
  const format = f['logging-format'] === '' ? undefined : f['logging-format'];
  const logger = createLogger({ name: 'apiserver', ...(format === undefined ? {} : { format }) });
  for (const warning of warnings) logger.warn(warning);
  legacyRegistry.configure({
    showHiddenMetricsForVersion: f['show-hidden-metrics-for-version'],
    disabledMetrics: f['disabled-metrics'],
    warn: (message) => logger.warn(message),
  });
  recordFeatureInfo(featureInfoOf(f, featureGateSettings));
  // Before anything starts: a WatchdogSec= too short to keep is refused at once.
  const systemd = await openSystemdService({
    onUnhealthy: (failures) => logger.warn({ checks: failures }, 'livez fails: the systemd watchdog is not pinged'),
    onError: (error) => logger.warn({ err: error }, 'pinging the systemd watchdog failed'),
  });
  const backend = f['storage-backend'];
  const tls = await secureServingOf(f, join(f['data-dir'], 'pki'), servingNamesOf(f['bind-address'], serviceClusterIpRange));
  const encryptionProviderConfig = encryptionProviderConfigOf(f);
  const running = await runApiServer({
    bindAddress: f['bind-address'],
    port: f['secure-port'],
    tls,
    storage: storageConfigOf(f),
    watchHistoryMs: f['watch-history-duration'],
    shutdownDelayMs: f['shutdown-delay-duration'],
    livezGracePeriodMs: f['livez-grace-period'],
    minRequestTimeoutMs: f['min-request-timeout'] * 1000,
    requestTimeoutMs: f['request-timeout'],
    featureGates,
    emulationVersion,
    runtimeConfig,
    serviceClusterIpRange,
    serviceNodePortRange,
    kubelet: kubeletClientConfig(f),
    defaultTolerationSeconds: { notReady: f['default-not-ready-toleration-seconds'], unreachable: f['default-unreachable-toleration-seconds'] },
    admissionPlugins,
    ...(f['admission-control-config-file'] === '' ? {} : { admissionConfiguration: readAdmissionConfiguration(f['admission-control-config-file']) }),
    // The embedded store's data directory keeps the generated service account key; etcd has none.
    authentication: {
      ...authenticationOptionsOf(f, { argv, ...(backend === 'sqlite' ? { serviceAccountKeyDir: f['data-dir'] } : {}) }),
      clientCertificates: tls.clientCA !== undefined,
    },
    authorizationModes: authorizationModesOf(f),
    flowControl: flowControlOptionsOf(f),
    audit: auditOptionsOf(f),
    ...(encryptionProviderConfig === undefined ? {} : { encryptionProviderConfig }),
    logger,
  });
  out(`Capstan API server serving on ${running.url} (storage: ${backend})`);
  // Once serving (a start that fails says only why it failed).
  const unimplemented = unimplementedAdmissionPlugins(admissionPlugins);
  if (unimplemented.length > 0) logger.info({ plugins: unimplemented }, 'these enabled admission plugins are not implemented yet and admit every request');
  running.ready().then(
    () => {
      logger.info('all post-start hooks finished: ready');
      // READY=1 once readyz passes, then watchdog pings while livez does (a stalled event loop pings nothing either).
      systemd
        .ready(`serving on ${running.url}`, () => running.livenessFailures())
        .catch((error: unknown) => logger.warn({ err: error }, 'telling systemd the API server is ready failed'));
    },
    () => {},
  );
  await shutdownOnSignal(running, logger, () => systemd.stopping('shutting down'));
  return 0;
}
