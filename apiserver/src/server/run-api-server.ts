// Opens the store, starts the compactor and the listener, and gives back one handle that shuts
// them all down: what `capstan apiserver` and the all-in-one `capstan up` both run.

import type { DefaultTolerationSeconds } from '../admission/default-toleration-seconds.ts';
import type { AdmissionPluginName } from '../admission/admission-plugin-names.ts';
import type { AdmissionConfiguration } from '../admission/admission-configuration.ts';
import type { AddressInfo } from 'node:net';
import type { KubeVersion, Logger } from '@capstan/common';
import { builtinResources } from '../resources/builtin-resources.ts';
import { optionalResources, type OptionalResource } from '../resources/optional-resources.ts';
import { enabledResources } from './runtime-config/enabled-resources.ts';
import { ResourceConfig } from './runtime-config/resource-config.ts';
import { Cacher } from '../storage/cacher/cacher.ts';
import { Compactor } from '../storage/compactor.ts';
import { InstrumentedStorage } from '../storage/instrumented-storage.ts';
import { registerApiServerMetrics } from '../metrics/metrics-endpoint.ts';
import { registerFlowControlMetrics } from '../metrics/flowcontrol-metrics.ts';
import { groupResourceResolver, registerStoredObjectCounts } from '../metrics/storage-metrics.ts';
import { monitorStorageSize } from '../storage/storage-size-metric.ts';
import { openStorage, type StorageConfig } from '../storage/open-storage.ts';
import { encryptionAtRest } from '../storage/encryption/encryption-at-rest.ts';
import { SqliteStore } from '../storage/sqlite/sqlite-store.ts';
import type { HealthCheck } from '../health/health-endpoint.ts';
import { ApiServer } from './api-server.ts';
import { configureDeclarativeValidation } from '../registry/validation/declarative/migration-checks.ts';
import { cachedPrefixesOf, watchIndexesOf } from './cached-prefixes.ts';
import type { ApiServerFeatureGates } from './feature-gates.ts';
import type { ServiceCidr } from '../resources/core/services/addresses/service-cidr.ts';
import type { PortRange } from '../resources/core/services/addresses/node-port-allocator.ts';
import type { KubeletClientConfig } from '../kubelet/kubelet-client-config.ts';
import type { SecureServing } from '../serving/secure-serving.ts';
import type { AuthenticationOptions } from '../authentication/request-authenticator.ts';
import type { AuthorizationMode } from '../authorization/authorization-modes.ts';
import type { AuditOptions } from '../audit/audit-flags.ts';
import { auditOf } from '../audit/audit-setup.ts';
import type { FlowControlOptions } from '../flowcontrol/flow-control-setup.ts';

export interface RunApiServerOptions {
  readonly bindAddress: string;
  readonly port: number;
  /** The secure port's certificate and TLS settings; plain HTTP without them (embedding and tests only). */
  readonly tls?: SecureServing;
  readonly storage: StorageConfig;
  readonly watchHistoryMs: number;
  readonly shutdownDelayMs: number;
  readonly livezGracePeriodMs: number;
  readonly minRequestTimeoutMs: number;
  /** --request-timeout; 60 s when absent. */
  readonly requestTimeoutMs?: number;
  readonly featureGates: ApiServerFeatureGates;
  /** --emulated-version (reported by /version); 1.35 when absent. */
  readonly emulationVersion?: KubeVersion;
  /** --runtime-config, read (resourceConfigOf): kube's default group-versions when absent. */
  readonly runtimeConfig?: ResourceConfig;
  /** The resources served only when --runtime-config enables them; optionalResources when absent (tests give their own). */
  readonly optionalResources?: readonly OptionalResource[];
  readonly serviceClusterIpRange: readonly ServiceCidr[];
  readonly serviceNodePortRange: PortRange;
  /** How to reach the node agents; kube's defaults when absent. */
  readonly kubelet?: KubeletClientConfig;
  readonly defaultTolerationSeconds?: DefaultTolerationSeconds;
  /** --enable-admission-plugins / --disable-admission-plugins, read; kube's default set when absent. */
  readonly admissionPlugins?: readonly AdmissionPluginName[];
  /** --admission-control-config-file, read; no plugin is configured when absent. */
  readonly admissionConfiguration?: AdmissionConfiguration;
  /** How requests are authenticated; anonymous only when absent. */
  readonly authentication?: AuthenticationOptions;
  /** --authorization-mode; AlwaysAllow when absent. */
  readonly authorizationModes?: readonly AuthorizationMode[];
  /** The --audit-* flags, read; nothing is audited when absent. */
  readonly audit?: AuditOptions;
  /** --encryption-provider-config: values are stored as they are when absent. */
  readonly encryptionProviderConfig?: string;
  /** --enable-priority-and-fairness, --max-requests-inflight, --max-mutating-requests-inflight; kube's defaults when absent. */
  readonly flowControl?: FlowControlOptions;
  readonly logger: Logger;
}

export interface RunningApiServer {
  readonly address: AddressInfo;
  /** The URL clients use, e.g. https://127.0.0.1:6443. */
  readonly url: string;
  /** Resolves once the post-start hooks have finished (readyz passes). */
  ready(): Promise<void>;
  /** The livez checks that fail now (none when live): what the systemd watchdog pings on. */
  livenessFailures(): Promise<readonly string[]>;
  shutdown(): Promise<void>;
}

export async function runApiServer(options: RunApiServerOptions): Promise<RunningApiServer> {
  const resources = enabledResources(options.runtimeConfig ?? ResourceConfig.kubeDefault(), options.featureGates, builtinResources, options.optionalResources ?? optionalResources);
  for (const warning of resources.warnings) options.logger.warn(warning);
  // Before the store opens: a policy kube would refuse stops the start at once.
  const audit = options.audit === undefined ? undefined : await auditOf(options.audit, options.logger);
  // Read before the store opens: a bad configuration stops the start with nothing to undo.
  const encrypted = options.encryptionProviderConfig === undefined ? undefined : encryptionAtRest(options.encryptionProviderConfig, resources.stored);
  const store = await openStorage({
    ...options.storage,
    // Once per burst of failed writes, and once when they work again: a full disk is not a log flood.
    onWriteHealthChange: (change) => {
      if (change.writable) options.logger.info({ path: change.path }, 'the store writes again');
      else
        options.logger.error(
          { path: change.path, code: change.code, reason: (change.error as Error).message },
          `the store cannot write: ${change.code ?? 'error'} on ${change.path}`,
        );
    },
  });
  const readinessChecks: HealthCheck[] = store instanceof SqliteStore ? [{ name: 'storage-writable', check: () => store.checkWritable() }] : [];
  // One watch cache per stored resource, in front of the store, as kube-apiserver has; custom
  // resources get theirs while they are served (ApiServer's resourceCaches).
  registerApiServerMetrics();
  monitorStorageSize(store);
  configureDeclarativeValidation({
    enabled: options.featureGates.DeclarativeValidation,
    takeover: options.featureGates.DeclarativeValidationTakeover,
    log: (message) => options.logger.error(message),
  });
  registerStoredObjectCounts(store, resources.stored);
  const instrumented = new InstrumentedStorage(encrypted?.(store) ?? store, resources.stored);
  const storage = new Cacher(instrumented, {
    resourcePrefixes: [...cachedPrefixesOf(resources.stored)],
    watchIndexes: watchIndexesOf(resources.stored),
    historyMs: options.watchHistoryMs,
    groupResourceOf: groupResourceResolver(resources.stored),
  });
  const compactor = new Compactor(storage, {
    historyMs: options.watchHistoryMs,
    onError: (error) => options.logger.warn({ err: error }, 'compaction failed'),
  });
  const server = new ApiServer({
    bindAddress: options.bindAddress,
    port: options.port,
    ...(options.tls === undefined ? {} : { tls: options.tls }),
    storage,
    resourceCaches: storage,
    storageCheckName: options.storage.backend === 'etcd3' ? 'etcd' : 'storage',
    shutdownDelayMs: options.shutdownDelayMs,
    livezGracePeriodMs: options.livezGracePeriodMs,
    minRequestTimeoutMs: options.minRequestTimeoutMs,
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
    featureGates: options.featureGates,
    ...(options.emulationVersion === undefined ? {} : { emulationVersion: options.emulationVersion }),
    resources,
    serviceClusterIpRange: options.serviceClusterIpRange,
    serviceNodePortRange: options.serviceNodePortRange,
    storageReady: () => storage.ready(),
    readinessChecks,
    ...(options.kubelet === undefined ? {} : { kubelet: options.kubelet }),
    ...(options.defaultTolerationSeconds === undefined ? {} : { defaultTolerationSeconds: options.defaultTolerationSeconds }),
    ...(options.admissionPlugins === undefined ? {} : { admissionPlugins: options.admissionPlugins }),
    ...(options.admissionConfiguration === undefined ? {} : { admissionConfiguration: options.admissionConfiguration }),
    ...(options.authentication === undefined ? {} : { authentication: options.authentication }),
    ...(options.authorizationModes === undefined ? {} : { authorizationModes: options.authorizationModes }),
    audit,
    ...(options.flowControl === undefined ? {} : { flowControl: options.flowControl }),
    logger: options.logger,
  });
  registerFlowControlMetrics(() => server.flowControlStats());
  let address: AddressInfo;
  try {
    address = await server.listen();
  } catch (error) {
    await storage.close();
    throw error;
  }
  compactor.start();
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    address,
    url: `${options.tls === undefined ? 'http' : 'https'}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`,
    ready: () => server.ready(),
    livenessFailures: () => server.livenessFailures(),
    shutdown: async () => {
      compactor.stop();
      await server.shutdown();
    },
  };
}

/** Resolves once SIGTERM or SIGINT has been handled by a graceful shutdown; `stopping` is told when it begins. */
export function shutdownOnSignal(running: RunningApiServer, logger: Logger, stopping: () => Promise<void> = async () => {}): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      logger.info({ signal }, 'shutting down');
      stopping().catch((error: unknown) => logger.warn({ err: error }, 'telling systemd the shutdown began failed'));
      // A second signal ends the process at once (the default action), as kube-apiserver does.
      process.off('SIGTERM', stop).off('SIGINT', stop);
      running.shutdown().then(resolve, (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        resolve();
      });
    };
    process.on('SIGTERM', stop).on('SIGINT', stop);
  });
}
