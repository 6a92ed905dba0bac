// The API server: one listener, HTTPS on the secure port (plain HTTP only for a server built
// without TLS settings, as tests in this package build it), that answers health, discovery,
// OpenAPI, /version and the resource endpoints, and a graceful shutdown that fails readyz first
// while still serving.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { StatusError, type KubeVersion, type Logger } from '@capstan/common';
import { defaultTolerationSeconds, type DefaultTolerationSeconds } from '../admission/default-toleration-seconds.ts';
import { resourceSliceResource } from '../resources/resource/resourceslices.ts';
import { persistentVolumeClaimResource } from '../resources/core/persistentvolumeclaims.ts';
import { persistentVolumeResource } from '../resources/core/persistentvolumes.ts';
import { csiDriverResource } from '../resources/storage/csidrivers.ts';
import { limitRangeResource } from '../resources/core/limitranges.ts';
import { resourceQuotaResource } from '../resources/core/resourcequotas.ts';
import { validatingAdmissionPolicyResource } from '../resources/admissionregistration/validatingadmissionpolicies.ts';
import { validatingAdmissionPolicyBindingResource } from '../resources/admissionregistration/validatingadmissionpolicybindings.ts';
import { admissionChainOf } from '../admission/admission-plugins.ts';
import { mutatingPolicyStores } from '../admission/mutating-policy/mutating-policy-stores.ts';
import type { AdmissionConfiguration } from '../admission/admission-configuration.ts';
import { enabledAdmissionPlugins, type AdmissionPluginName } from '../admission/admission-plugin-names.ts';
import { advertiseAddress, ensureKubernetesService } from './kubernetes-service.ts';
import { DiscoveryEndpoints } from '../discovery/discovery-endpoints.ts';
import { OpenApiV2Endpoint } from '../openapi/openapi-v2-endpoint.ts';
import { OpenApiV3Endpoints } from '../openapi/openapi-v3-endpoints.ts';
import type { ServedResources } from '../endpoints/resource-router.ts';
import { serveCbor } from '../endpoints/cbor-codec.ts';
import { Registry } from '../registry/registry.ts';
import { builtinResources } from '../resources/builtin-resources.ts';
import { declaredResources } from '../resources/declared-resources.ts';
import { failingChecks, type HealthCheck } from '../health/health-endpoint.ts';
import { PostStartHooks } from '../health/post-start-hooks.ts';
import { ShutdownCheck } from '../health/shutdown-check.ts';
import type { Storage } from '../storage/storage.ts';
import type { ResourceCaches } from '../storage/cacher/cacher.ts';
import { cachedPrefixesOf } from './cached-prefixes.ts';
import type { ApiServerFeatureGates } from './feature-gates.ts';
import type { EnabledResources } from './runtime-config/enabled-resources.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metaTime, type JsonObject } from '../registry/object-meta.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import type { StorageHookContext } from '../resources/resource-behaviour.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { ipAddressResource } from '../resources/networking/ipaddresses.ts';
import { serviceResource } from '../resources/core/services.ts';
import { nodeResource } from '../resources/core/nodes.ts';
import { podResource } from '../resources/core/pods.ts';
import { serviceAccountResource } from '../resources/core/serviceaccounts.ts';
import { podDisruptionBudgetResource } from '../resources/policy/poddisruptionbudgets.ts';
import { serviceCIDRResource } from '../resources/networking/servicecidrs.ts';
import { endpointsResource } from '../resources/core/endpoints.ts';
import { endpointSliceResource } from '../resources/discovery/endpointslices.ts';
import { mutatingWebhookConfigurationResource } from '../resources/admissionregistration/mutatingwebhookconfigurations.ts';
import { validatingWebhookConfigurationResource } from '../resources/admissionregistration/validatingwebhookconfigurations.ts';
import { namespaceLabelsFrom } from '../admission/matching/namespace-labels.ts';
import { servedEquivalentResources } from '../admission/matching/equivalent-resources.ts';
import { priorityClassResource } from '../resources/scheduling/priorityclasses.ts';
import { customResourceDefinitionResource } from '../resources/apiextensions/customresourcedefinitions.ts';
import { CustomResourceDefinitionController, type CustomResourceServing } from '../customresources/crd-controller.ts';
import { ConversionWebhooks } from '../customresources/conversion/conversion-webhooks.ts';
import { EndpointServiceResolver } from '../customresources/conversion/service-resolver.ts';
import { ClusterIpAllocator } from '../resources/core/services/addresses/cluster-ip-allocator.ts';
import { NodePortAllocator, type PortRange } from '../resources/core/services/addresses/node-port-allocator.ts';
import { ServiceAddresses } from '../resources/core/services/addresses/service-addresses.ts';
import type { ServiceCidr } from '../resources/core/services/addresses/service-cidr.ts';
import { versionInfo } from './version-info.ts';
import { routeRequest } from './router.ts';
import { filterChain, withFilters } from '../filters/filter-chain.ts';
import { newRequestContext } from '../filters/request-context.ts';
import { anonymousOnly, requestAuthenticatorOf, type AuthenticationOptions } from '../authentication/request-authenticator.ts';
import { authorizerOf, type AuthorizationMode } from '../authorization/authorization-modes.ts';
import { bootstrapPolicy } from '../authorization/rbac/bootstrap/bootstrap-policy.ts';
import { reconcilePolicy } from '../authorization/rbac/bootstrap/reconcile-policy.ts';
import { escalationCheck } from '../authorization/rbac/escalation-check.ts';
import { rbacStoresOf } from '../authorization/rbac/rbac-stores.ts';
import { RbacRuleResolver } from '../authorization/rbac/rule-resolver.ts';
import { upgradeResponse } from '../endpoints/upgrade-response.ts';
import { defaultKubeletClientConfig, type KubeletClientConfig } from '../kubelet/kubelet-client-config.ts';
import { KubeletClient } from '../kubelet/kubelet-client.ts';
import { closeWorkThreads, useWorkThreads } from '../endpoints/work-threads.ts';
import { plainListener, secureListener, type Listener } from './listener.ts';
import type { SecureServing } from '../serving/secure-serving.ts';
import { hostPort, servedOpenIdMetadata } from '../authentication/openid-metadata.ts';
import { shutdownAudit, type Audit } from '../audit/audit-setup.ts';
import { defaultFlowControlOptions, flowControlOf, type FlowControl, type FlowControlOptions } from '../flowcontrol/flow-control-setup.ts';
import type { FlowControlStats } from '../flowcontrol/flowcontrol-stats.ts';
import { flowControlStoresOf, objectStatsOf } from '../flowcontrol/flow-control-stores.ts';

export interface ApiServerOptions {
  readonly bindAddress: string;
  /** The secure port's certificate and TLS settings; plain HTTP without them. */
  readonly tls?: SecureServing;
  /** 0 picks a free port. */
  readonly port: number;
  readonly storage: Storage;
  /**
   * The watch cache in `storage`, which gives each served custom resource a cache of its own;
   * without one (a storage with no cache in front) custom resources are read from `storage` as it is.
   */
  readonly resourceCaches?: ResourceCaches;
  /** The name of the storage health check: "etcd" on etcd, as kube-apiserver names it. */
  readonly storageCheckName: string;
  readonly shutdownDelayMs: number;
  /** --min-request-timeout: the shortest time a watch without timeoutSeconds lasts. */
  readonly minRequestTimeoutMs: number;
  /** --request-timeout: the longest a request that is not long-running may take (60 s when absent). */
  readonly requestTimeoutMs?: number;
  /** How requests are authenticated: anonymous only when absent. */
  readonly authentication?: AuthenticationOptions;
  /** --authorization-mode: the authorizers asked, in order; AlwaysAllow when absent. */
  readonly authorizationModes?: readonly AuthorizationMode[];
  /** The audit policy and backends (--audit-*); nothing is audited when absent. Shut down with the server. */
  readonly audit?: Audit | undefined;
  /** How long after start livez counts unfinished post-start hooks as healthy. */
  readonly livezGracePeriodMs: number;
  readonly featureGates: ApiServerFeatureGates;
  /** --emulated-version, for /version; 1.35 when absent. */
  readonly emulationVersion?: KubeVersion;
  /**
   * The resources served and those with a store (--runtime-config: enabledResources); when absent,
   * the built-in ones served and the optional ones stored. One stored and not served keeps its store
   * for the server's own use.
   */
  readonly resources?: Pick<EnabledResources, 'served' | 'stored'>;
  /** --service-cluster-ip-range: where Services' cluster IPs come from, one range per IP family, the primary first. */
  readonly serviceClusterIpRange: readonly ServiceCidr[];
  /** --service-node-port-range: where NodePort Services' node ports come from. */
  readonly serviceNodePortRange: PortRange;
  /** Resolves once the watch cache holds its first snapshot of every resource. */
  readonly storageReady: () => Promise<void>;
  /** More checks of readyz only (a store that cannot write is not ready, but restarting would not help it). */
  readonly readinessChecks?: readonly HealthCheck[];
  /** The DefaultTolerationSeconds admission's seconds; 300 each when absent. */
  readonly defaultTolerationSeconds?: DefaultTolerationSeconds;
  /** The admission plugins that run, in kube's order (--enable/--disable-admission-plugins); kube's default set when absent. */
  readonly admissionPlugins?: readonly AdmissionPluginName[];
  /** --admission-control-config-file, read: the plugins' configurations by name. */
  readonly admissionConfiguration?: AdmissionConfiguration;
  /** How to reach the node agents (the --kubelet-* flags); kube's defaults when absent. */
  readonly kubelet?: KubeletClientConfig;
  /** --enable-priority-and-fairness and the in-flight limits; kube's defaults when absent. */
  readonly flowControl?: FlowControlOptions;
  readonly logger: Logger;
}

/** How long the system namespaces hook waits before it tries again. */
const retryDelayMs = 1000;

/** kube-apiserver's --request-timeout default. */
const defaultRequestTimeoutMs = 60_000;

/** How long requests in flight may take to finish once the listener closes. */
const requestGraceMs = 1000;

/** How long the watches of a custom resource's replaced store last (kube's tearDown waits a second). */
const storageTeardownDelayMs = 1000;

export class ApiServer {
  readonly #options: ApiServerOptions;
  readonly #listener: Listener;
  readonly #shutdown = new ShutdownCheck();
  /** Aborted when the listener closes: long-running requests (watches) end on it. */
  readonly #stopping = new AbortController();
  readonly #health: Readonly<Record<string, readonly HealthCheck[]>>;
  readonly #discovery: DiscoveryEndpoints;
  readonly #openapi: OpenApiV3Endpoints;
  readonly #openapiV2: OpenApiV2Endpoint;
  readonly #registry: Registry;
  readonly #hooks: PostStartHooks;
  readonly #served: ServedResources;
  readonly #flowControl: FlowControl;
  #hooksFinished: Promise<void> = new Promise(() => {});

  constructor(options: ApiServerOptions) {
    this.#options = options;
    const served = options.resources?.served ?? builtinResources;
    this.#discovery = new DiscoveryEndpoints(served);
    this.#openapi = new OpenApiV3Endpoints(served, versionInfo().gitVersion);
    this.#openapiV2 = new OpenApiV2Endpoint(served, versionInfo().gitVersion);
    const storeOptions = { allowUnsafeMalformedObjectDeletion: options.featureGates.AllowUnsafeMalformedObjectDeletion };
    const unserved = (options.resources?.stored ?? declaredResources()).filter((definition) => !served.includes(definition));
    this.#registry = new Registry(served, options.storage, storeOptions, unserved);
    // kube names its etcd servers etcd-0, etcd-1, ...; the embedded store is one component.
    const storageComponent = { name: options.storageCheckName === 'etcd' ? 'etcd-0' : options.storageCheckName, probe: () => options.storage.currentRevision().then(() => {}) };
    const ipAddresses = this.#registry.builtinStore(ipAddressResource);
    const services = this.#registry.builtinStore(serviceResource);
    const serviceAddresses = new ServiceAddresses(
      options.serviceClusterIpRange.map((cidr, i) => new ClusterIpAllocator(ipAddresses, cidr, { primary: i === 0 })),
      new NodePortAllocator(services, options.serviceNodePortRange),
    );
    // The storage hooks of the resources that declare them, built once with what they need.
    const hookContext: StorageHookContext = { serviceAddresses };
    const storageHooks = new Map<ResourceDefinition, ResourceHooks>();
    for (const definition of served) {
      const hooksOf = definition.behaviour.storageHooks;
      if (hooksOf !== undefined) storageHooks.set(definition, hooksOf(hookContext));
    }
    const admission = admissionChainOf(options.admissionPlugins ?? enabledAdmissionPlugins([], []), {
      namespaces: this.#registry.namespaces,
      definitionOf: (group, resource) => served.find((definition) => definition.group === group && definition.resource === resource),
      defaultTolerationSeconds: options.defaultTolerationSeconds ?? defaultTolerationSeconds,
      serviceAccounts: this.#registry.builtinStore(serviceAccountResource),
      nodeRestriction: {
        pods: this.#registry.builtinStore(podResource),
        nodes: this.#registry.builtinStore(nodeResource),
        resourceSlices: this.#registry.builtinStore(resourceSliceResource),
        persistentVolumeClaims: this.#registry.builtinStore(persistentVolumeClaimResource),
        persistentVolumes: this.#registry.builtinStore(persistentVolumeResource),
        csiDrivers: this.#registry.builtinStore(csiDriverResource),
      },
      podSecurity: { pods: this.#registry.builtinStore(podResource), configuration: options.admissionConfiguration?.get('PodSecurity') },
      limitRanges: this.#registry.builtinStore(limitRangeResource),
      resourceQuotas: this.#registry.builtinStore(resourceQuotaResource),
      logger: options.logger,
      stopping: this.#stopping.signal,
      builtinStore: (definition) => this.#registry.builtinStore(definition),
      // The authorizer is built below; the certificate plugins ask it only once requests come.
      authorizer: { authorize: (attributes) => authorizer.authorize(attributes) },
      webhooks: {
        mutatingConfigurations: this.#registry.builtinStore(mutatingWebhookConfigurationResource),
        validatingConfigurations: this.#registry.builtinStore(validatingWebhookConfigurationResource),
        resolver: new EndpointServiceResolver(services, this.#registry.builtinStore(endpointSliceResource)),
        matching: {
          matching: { namespaceLabels: namespaceLabelsFrom(this.#registry.namespaces), equivalents: servedEquivalentResources(() => this.#registry.definitions) },
          definitionOf: (group, version, resource) => this.#registry.definition(group, version, resource),
          // Built below, asked for at request time.
          authorizer: () => this.#served.authorizer,
        },
        logger: options.logger,
        stopping: this.#stopping.signal,
      },
      validatingAdmissionPolicy: {
        registry: this.#registry,
        policies: this.#registry.builtinStore(validatingAdmissionPolicyResource),
        bindings: this.#registry.builtinStore(validatingAdmissionPolicyBindingResource),
        // Built below, asked for at request time.
        authorizer: () => this.#served.authorizer,
        logger: options.logger,
        stopping: this.#stopping.signal,
      },
      mutatingAdmissionPolicy: options.featureGates.MutatingAdmissionPolicy ? mutatingPolicyStores(this.#registry) : undefined,
    });
    const rbacStores = rbacStoresOf(this.#registry);
    const rbacRules = new RbacRuleResolver(rbacStores, options.logger, this.#stopping.signal);
    const securityContext = { registry: this.#registry, logger: options.logger, rbacRules, stopping: this.#stopping.signal };
    const authentication = requestAuthenticatorOf(options.authentication ?? anonymousOnly, securityContext);
    const { authorizer, postStartHooks: authorizationHooks } = authorizerOf(options.authorizationModes ?? ['AlwaysAllow'], securityContext);
    this.#served = {
      registry: this.#registry,
      watchSettings: { stopping: this.#stopping.signal, minRequestTimeoutMs: options.minRequestTimeoutMs, watchListEnabled: options.featureGates.WatchList },
      components: [storageComponent],
      hooks: (definition) => storageHooks.get(definition),
      kubelet: new KubeletClient(options.kubelet ?? defaultKubeletClientConfig, this.#registry.builtinStore(nodeResource), this.#stopping.signal),
      podLogsQuerySplitStreams: options.featureGates.PodLogsQuerySplitStreams,
      authorizer,
      admission,
      writeGuard: escalationCheck({ authorizer, rules: rbacRules, stores: rbacStores }),
      tokens: authentication.tokens,
      pods: this.#registry.builtinStore(podResource),
      podDisruptionBudgets: this.#registry.builtinStore(podDisruptionBudgetResource),
      endpoints: this.#registry.builtinStore(endpointsResource),
      ...(authentication.serviceAccountTokens === undefined ? {} : { serviceAccountTokens: authentication.serviceAccountTokens }),
    };
    const requestTimeoutMs = options.requestTimeoutMs ?? defaultRequestTimeoutMs;
    this.#flowControl = flowControlOf(options.flowControl ?? defaultFlowControlOptions, {
      stores: flowControlStoresOf(this.#registry),
      objectStats: objectStatsOf(this.#registry, options.resourceCaches),
      watchList: options.featureGates.WatchList,
      requestTimeoutMs,
      logger: options.logger,
      stopping: this.#stopping.signal,
    });
    const ping: HealthCheck = { name: 'ping', check: () => {} };
    const log: HealthCheck = { name: 'log', check: () => {} };
    const storage: HealthCheck = {
      name: options.storageCheckName,
      check: async () => {
        await options.storage.currentRevision();
      },
    };
    const customResources = this.#customResourceController(options.logger);
    this.#hooks = new PostStartHooks([
      { name: 'storage-readiness', run: options.storageReady },
      // kube's generic server adds these before the apiextensions hooks.
      ...this.#flowControl.filterHooks,
      // Where kube-apiserver lists it: before the system namespaces.
      // With the CRD API off (--runtime-config), kube's CRD informers list nothing: no custom resource is served.
      {
        name: 'start-apiextensions-controllers',
        run: () =>
          served.includes(customResourceDefinitionResource)
            ? this.#retrying('starting the CustomResourceDefinition controllers', () => customResources.start())
            : Promise.resolve(),
      },
      { name: 'start-system-namespaces-controller', run: () => this.#retrying('creating the system namespaces', () => this.#ensureSystemNamespaces()) },
      { name: 'start-kubernetes-service-cidr-controller', run: () => this.#retrying('creating the default ServiceCIDR', () => this.#ensureServiceCidr()) },
      {
        name: 'rbac/bootstrap-roles',
        run: () => this.#retrying('reconciling the bootstrap RBAC policy', () => reconcilePolicy({ namespaces: this.#registry.namespaces, ...rbacStores }, bootstrapPolicy)),
      },
      { name: 'scheduling/bootstrap-system-priority-classes', run: () => this.#retrying('creating the system priority classes', () => this.#ensureSystemPriorityClasses()) },
      ...this.#flowControl.configProducerHooks,
      { name: 'bootstrap-controller', run: () => this.#retrying('creating the kubernetes Service', () => this.#ensureKubernetesService(serviceAddresses)) },
      ...authentication.postStartHooks,
      ...authorizationHooks,
    ]);
    this.#health = {
      livez: [ping, log, storage, ...this.#hooks.livenessChecks(options.livezGracePeriodMs)],
      healthz: [ping, log, storage, ...this.#hooks.readinessChecks()],
      readyz: [ping, log, storage, ...(options.readinessChecks ?? []), ...this.#hooks.readinessChecks(), this.#shutdown],
    };
    const routes = {
      health: this.#health,
      discovery: this.#discovery,
      openapi: this.#openapi,
      openapiV2: this.#openapiV2,
      served: this.#served,
      openIdMetadata: servedOpenIdMetadata(authentication.serviceAccountTokens, () => hostPort(advertiseAddress(options.bindAddress), this.#address().port), options.logger),
      flowControlDump: this.#flowControl.dump,
      version: versionInfo(options.emulationVersion),
      logger: options.logger,
    };
    const filters = filterChain({
      logger: options.logger,
      requestTimeoutMs,
      authenticator: authentication.authenticator,
      authorizer,
      audit: options.audit,
      flowControl: this.#flowControl.limiter,
    });
    const handle = withFilters(filters, (context) => routeRequest(routes, context));
    const serve = (request: IncomingMessage, response: ServerResponse): void => {
      // The panic-recovery filter answers every failure; this only logs what escapes it.
      handle(newRequestContext(request, response)).catch((error: unknown) => options.logger.error({ err: error, url: request.url }, 'request failed'));
    };
    const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => serve(request, upgradeResponse(request, socket, head));
    this.#listener = options.tls === undefined ? plainListener(serve, upgrade) : secureListener(options.tls, serve, upgrade);
  }

  /** Listens, then starts the post-start hooks (readyz fails until they finish). */
  async listen(): Promise<AddressInfo> {
    if (this.#options.featureGates.CBORServingAndStorage) await serveCbor();
    await new Promise<void>((resolve, reject) => {
      this.#listener.server.once('error', reject);
      this.#listener.server.listen(this.#options.port, this.#options.bindAddress, () => resolve());
    });
    useWorkThreads();
    this.#hooksFinished = this.#hooks.start((name, error) => this.#options.logger.error({ err: error, hook: name }, 'post-start hook failed'));
    return this.#address();
  }

  /** The address listen() bound: a TCP one (the server never listens on a pipe). */
  #address(): AddressInfo {
    const address = this.#listener.server.address();
    if (address === null || typeof address === 'string') throw new Error('the API server is not listening on a TCP port');
    return address;
  }

  /** Flow control's counters, for the apiserver_flowcontrol_* metrics. */
  flowControlStats(): FlowControlStats {
    return this.#flowControl.stats();
  }

  /** Resolves once every post-start hook has finished: from then on readyz passes. */
  ready(): Promise<void> {
    return this.#hooksFinished;
  }

  /** The livez checks that fail now: the API server's own verdict on whether it should be restarted. */
  livenessFailures(): Promise<readonly string[]> {
    return failingChecks(this.#health['livez'] ?? []);
  }

  /** Graceful shutdown: readyz fails at once, requests are served for the delay, then the listener and the store close. */
  async shutdown(): Promise<void> {
    this.#shutdown.begin();
    await new Promise((resolve) => setTimeout(resolve, this.#options.shutdownDelayMs));
    // Stop accepting, end the watches (their clients re-establish them elsewhere), let the
    // requests in flight finish, and drop idle keep-alive connections at once.
    const closed = new Promise<void>((resolve) => this.#listener.server.close(() => resolve()));
    this.#stopping.abort();
    this.#listener.closeIdleConnections();
    // Requests in flight get a moment to finish; a connection a client keeps open past it is cut.
    const grace = setTimeout(() => this.#listener.closeAllConnections(), requestGraceMs);
    await closed;
    clearTimeout(grace);
    await closeWorkThreads();
    // Every request has ended: the events still buffered are written before the process goes.
    if (this.#options.audit !== undefined) await shutdownAudit(this.#options.audit);
    await this.#options.storage.close();
  }

  /**
   * kube's CRD controllers, serving each established CustomResourceDefinition's versions: the
   * registry finds their stores, and discovery and the OpenAPI documents list them from then on.
   */
  #customResourceController(logger: Logger): CustomResourceDefinitionController {
    const served = new Map<string, readonly ResourceDefinition[]>();
    const caches = this.#options.resourceCaches;
    const webhooks = new ConversionWebhooks(new EndpointServiceResolver(this.#registry.builtinStore(serviceResource), this.#registry.builtinStore(endpointSliceResource)));
    const serving: CustomResourceServing = {
      serve: (crdName, definitions) => {
        const previous = served.get(crdName) ?? [];
        if (previous.length === 0 && definitions.length === 0) return;
        // A cache from the first serving of a resource: until it holds its snapshot the store answers.
        const cachedBefore = cachedPrefixesOf(previous);
        const cachedNow = cachedPrefixesOf(definitions);
        for (const prefix of cachedNow) if (!cachedBefore.has(prefix)) caches?.addResource(prefix);
        const uncached = [...cachedBefore].filter((prefix) => !cachedNow.has(prefix));
        const retired = this.#registry.replace(previous, definitions);
        if (definitions.length === 0) served.delete(crdName);
        else served.set(crdName, definitions);
        const servedNow = this.#registry.definitions;
        this.#discovery.update(servedNow);
        // The OpenAPI documents are made again on their next request, not here.
        this.#openapi.update(servedNow);
        this.#openapiV2.update(servedNow);
        // As kube's tearDown of a CRD's old storage: a second for the events written just before
        // (a deleted CRD's objects' deletions) to reach the watches, then their streams end, and
        // then the cache of a resource no longer served stops (with no watch of its own left).
        if (retired.length > 0 || uncached.length > 0) {
          const tearDown = (): void => {
            for (const store of retired) store.closeWatches();
            for (const prefix of uncached) caches?.removeResource(prefix);
          };
          setTimeout(tearDown, storageTeardownDelayMs).unref();
        }
      },
      store: (group, version, resource) => this.#registry.store(group, version, resource),
      webhookOf: (crd) => webhooks.converterOf(crd),
    };
    return new CustomResourceDefinitionController(this.#registry.builtinStore(customResourceDefinitionResource), serving, logger, this.#stopping.signal);
  }

  /** Runs a start-up step until it succeeds: a store that fails is retried. */
  async #retrying(what: string, step: () => Promise<void>): Promise<void> {
    for (;;) {
      try {
        return await step();
      } catch (error) {
        // A store that fails every read (a damaged file) never lets the step succeed: once the
        // server stops, stop retrying too, or the timers keep the stopped process alive.
        if (this.#stopping.signal.aborted) return;
        this.#options.logger.warn({ err: error }, `${what} failed; retrying`);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    }
  }

  /** kube-apiserver's system namespaces exist from the first start. */
  async #ensureSystemNamespaces(): Promise<void> {
    for (const name of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
      if (!(await this.#registry.namespaces.exists(undefined, name))) await createUnlessExists(this.#registry.namespaces, { metadata: { name } });
    }
  }

  /** The ServiceCIDR "kubernetes" kube-apiserver keeps for --service-cluster-ip-range (both ranges of a dual-stack one), Ready. */
  async #ensureServiceCidr(): Promise<void> {
    const cidrs = this.#registry.builtinStore(serviceCIDRResource);
    if (await cidrs.exists(undefined, 'kubernetes')) return;
    await createUnlessExists(cidrs, { metadata: { name: 'kubernetes' }, spec: { cidrs: this.#options.serviceClusterIpRange.map((cidr) => cidr.text) } });
    const ready = { type: 'Ready', status: 'True', lastTransitionTime: metaTime(new Date()), reason: '', message: 'Kubernetes Service CIDR is ready' };
    await cidrs.updateStatus(undefined, 'kubernetes', { metadata: { name: 'kubernetes' }, status: { conditions: [ready] } });
  }

  /** The Service default/kubernetes and its endpoints, at the address and port this server serves on. */
  async #ensureKubernetesService(serviceAddresses: ServiceAddresses): Promise<void> {
    const primary = this.#options.serviceClusterIpRange[0];
    if (primary === undefined) return;
    const { port } = this.#address();
    const stores = {
      services: this.#registry.builtinStore(serviceResource),
      endpoints: this.#registry.builtinStore(endpointsResource),
      endpointSlices: this.#registry.builtinStore(endpointSliceResource),
      assign: (service: JsonObject) => serviceAddresses.assign(service, 'default'),
    };
    await ensureKubernetesService(stores, primary, advertiseAddress(this.#options.bindAddress), port);
  }

  /** kube's two system PriorityClasses, which critical pods name. */
  async #ensureSystemPriorityClasses(): Promise<void> {
    const classes = this.#registry.builtinStore(priorityClassResource);
    for (const priorityClass of systemPriorityClasses) {
      if (!(await classes.exists(undefined, priorityClass.metadata.name))) await createUnlessExists(classes, priorityClass);
    }
  }
}

const systemPriorityClasses = [
  { metadata: { name: 'system-node-critical' }, value: 2_000_001_000, description: 'Used for system critical pods that must not be moved from their current node.' },
  {
    metadata: { name: 'system-cluster-critical' },
    value: 2_000_000_000,
    description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
];

async function createUnlessExists(store: GenericStore, object: JsonObject): Promise<void> {
  await store.create(undefined, object).catch((error: unknown) => {
    if (!(error instanceof StatusError && error.code === 409)) throw error;
  });
}
