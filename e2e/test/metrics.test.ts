// /metrics of the three components, scraped as Prometheus scrapes them and read with a parser of
// the text format: kube's names, HELP texts (stability levels), labels; counters that move with
// the requests made; deprecated APIs' Warning (as kubectl prints it), audit annotations' metric;
// the controllers' work queues and the agent's kubelet_* metrics.

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { adminToken } from '../../common/test/api-server-child.ts';
import { startEtcd } from '../../apiserver/test/storage/etcd-server.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { quickLeaderElection, startControllers } from '../src/controllers-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { freePort, startAgent, startRuntimeSim, type ManagedProcess } from '../src/node-agent-process.ts';
import { parsePrometheusText, sampleValue, type Exposition } from '../src/prometheus-text.ts';

const run = promisify(execFile);
const monitorToken = 'capstan-test-monitoring-token';

const dir = mkdtempSync(join(tmpdir(), 'capstan-metrics-'));
const tokenFile = join(dir, 'tokens.csv');
writeFileSync(tokenFile, `${adminToken},capstan-test-admin,capstan-test-admin,system:masters\n${monitorToken},prometheus,prometheus,system:monitoring\n`);

let server: ApiServerProcess | undefined;
const started = (): ApiServerProcess => {
  if (server === undefined) throw new Error('the API server did not start');
  return server;
};

test.before(async () => {
  server = await startApiServer([`--token-auth-file=${tokenFile}`, '--authorization-mode=RBAC']);
});

test.after.always(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${started().kubeconfig}`, ...args], { encoding: 'utf8' });

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** A GET over HTTPS, as a scraper sends it (certificates not checked where the server's are self-signed). */
function get(url: string, options: { token?: string; accept?: string; ca?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'GET',
      agent: false,
      ...(options.ca === undefined ? { rejectUnauthorized: false } : { ca: options.ca }),
      headers: { ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }), ...(options.accept === undefined ? {} : { accept: options.accept }) },
    });
    outgoing.once('response', (answer) => {
      let body = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      answer.once('end', () => resolve({ status: answer.statusCode ?? 0, contentType: String(answer.headers['content-type']), body }));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

async function apiServerMetrics(): Promise<Exposition> {
  return parsePrometheusText((await kubectl('get', '--raw', '/metrics')).stdout);
}

/** Scrapes until `ready` holds of the metrics (at most 30 s): for what a component updates on its own. */
async function scrapeUntil(scrape: () => Promise<Exposition>, ready: (metrics: Exposition) => boolean): Promise<Exposition> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const metrics = await scrape();
    if (ready(metrics) || Date.now() > deadline) return metrics;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test.serial("the API server's /metrics has kube's request metrics, and they count the requests made", async (t) => {
  const listConfigMaps = { verb: 'LIST', group: '', version: 'v1', resource: 'configmaps', scope: 'namespace', code: '200', component: 'apiserver', dry_run: '' };
  const before = await apiServerMetrics();
  t.is(
    before.help.get('apiserver_request_total'),
    '[STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
  );
  t.is(before.type.get('apiserver_request_total'), 'counter');
  t.is(before.type.get('apiserver_request_duration_seconds'), 'histogram');
  for (const name of ['apiserver_response_sizes', 'apiserver_longrunning_requests', 'apiserver_current_inflight_requests', 'apiserver_requested_deprecated_apis']) {
    t.regex(before.help.get(name) ?? '', /^\[STABLE\] /, name);
  }
  t.is(before.help.get('apiserver_storage_objects')?.startsWith('[STABLE] (Deprecated since 1.34.0) [DEPRECATED, consider using apiserver_resource_objects instead]'), true);
  t.is(before.help.get('etcd_request_duration_seconds'), '[ALPHA] Etcd request latency in seconds for each operation and object type.');
  for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'process_start_time_seconds', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
    t.true(before.type.has(name), name);
  }
  const listed = sampleValue(before, 'apiserver_request_total', listConfigMaps) ?? 0;

  await kubectl('get', 'configmaps', '-n', 'default');
  await kubectl('get', 'configmaps', '-n', 'default');
  await kubectl('create', 'configmap', 'counted', '-n', 'default', '--from-literal=a=b');
  await kubectl('create', 'configmap', 'dry', '-n', 'default', '--from-literal=a=b', '--dry-run=server');

  const after = await apiServerMetrics();
  t.is(sampleValue(after, 'apiserver_request_total', listConfigMaps), listed + 2);
  const create = { verb: 'POST', group: '', version: 'v1', resource: 'configmaps', scope: 'resource', code: '201', dry_run: '' };
  t.true((sampleValue(after, 'apiserver_request_total', create) ?? 0) >= 1);
  t.is(sampleValue(after, 'apiserver_request_total', { ...create, dry_run: 'All' }), 1);
  const { code: _code, ...durationLabels } = listConfigMaps;
  t.true((sampleValue(after, 'apiserver_request_duration_seconds_count', durationLabels) ?? 0) >= 2);
  t.is(
    sampleValue(after, 'apiserver_request_duration_seconds_bucket', { ...durationLabels, le: '+Inf' }),
    sampleValue(after, 'apiserver_request_duration_seconds_count', durationLabels),
  );
  t.true((sampleValue(after, 'apiserver_response_sizes_count', { verb: 'LIST', resource: 'configmaps', scope: 'namespace' }) ?? 0) >= 2);
  // The store's side: the create reached the store, and the object is counted.
  t.true((sampleValue(after, 'etcd_request_duration_seconds_count', { operation: 'create', group: '', resource: 'configmaps' }) ?? 0) >= 1);
  t.true((sampleValue(after, 'etcd_requests_total', { operation: 'create', group: '', resource: 'configmaps' }) ?? 0) >= 1);
  t.true((sampleValue(after, 'apiserver_storage_objects', { resource: 'configmaps' }) ?? 0) >= 1);
  t.is(sampleValue(after, 'apiserver_resource_objects', { group: '', resource: 'configmaps' }), sampleValue(after, 'apiserver_storage_objects', { resource: 'configmaps' }));
  t.true((sampleValue(after, 'apiserver_storage_objects', { resource: 'clusterroles.rbac.authorization.k8s.io' }) ?? 0) > 10);
});

test.serial("flow control's seats and dispatched requests are in kube's apiserver_flowcontrol_* metrics", async (t) => {
  const metrics = await scrapeUntil(apiServerMetrics, (m) => sampleValue(m, 'apiserver_flowcontrol_nominal_limit_seats', { priority_level: 'workload-low' }) !== undefined);
  // Seats of --max-requests-inflight 400 + --max-mutating-requests-inflight 200, shared by the
  // bootstrap levels' nominal shares: workload-low's 100 of 245 are ceil(600 * 100 / 245).
  t.is(sampleValue(metrics, 'apiserver_flowcontrol_nominal_limit_seats', { priority_level: 'workload-low' }), 245);
  t.is(sampleValue(metrics, 'apiserver_flowcontrol_nominal_limit_seats', { priority_level: 'exempt' }), 0);
  t.true(metrics.help.get('apiserver_flowcontrol_nominal_limit_seats')?.startsWith('[BETA] ') ?? false);
  t.is(metrics.type.get('apiserver_flowcontrol_dispatched_requests_total'), 'counter');
  // The test's own requests come from system:masters: the exempt level dispatches them.
  t.true((sampleValue(metrics, 'apiserver_flowcontrol_dispatched_requests_total', { priority_level: 'exempt', flow_schema: 'exempt' }) ?? 0) > 0);
});

test.serial('paths nothing serves are not counted: made-up paths make up no label values', async (t) => {
  const { url, certificateAuthority: ca } = started();
  t.is((await get(`${url}/apis/made-up.example.com/v1/things`, { ca, token: adminToken })).status, 404);
  t.is((await get(`${url}/api/v1/namespaces/default/madeups`, { ca, token: adminToken })).status, 404);
  t.is((await get(`${url}/healthz/made-up`, { ca, token: adminToken })).status, 404);
  t.is((await get(`${url}/api/v1/namespaces/default/configmaps/missing`, { ca, token: adminToken })).status, 404);
  const metrics = await apiServerMetrics();
  const paths = metrics.samples.filter((sample) => sample.name === 'apiserver_request_total').map((sample) => `${sample.labels.resource}${sample.labels.subresource}`);
  t.false(paths.some((path) => path.includes('made')));
  // A missing object of a served resource is an answer of its route, counted as kube counts it.
  t.is(sampleValue(metrics, 'apiserver_request_total', { verb: 'GET', resource: 'configmaps', scope: 'resource', code: '404' }), 1);
});

test.serial('/metrics is for those RBAC lets get it (system:monitoring), in OpenMetrics when asked', async (t) => {
  const { url, certificateAuthority: ca } = started();
  const anonymous = await get(`${url}/metrics`, { ca });
  t.is(anonymous.status, 403);
  t.is(JSON.parse(anonymous.body).message, 'forbidden: User "system:anonymous" cannot get path "/metrics"');
  const monitoring = await get(`${url}/metrics`, { ca, token: monitorToken });
  t.is(monitoring.status, 200);
  t.is(monitoring.contentType, 'text/plain; version=0.0.4; charset=utf-8');
  const open = await get(`${url}/metrics`, { ca, token: monitorToken, accept: 'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5' });
  t.is(open.contentType, 'application/openmetrics-text; version=1.0.0; charset=utf-8');
  t.regex(open.body, /\n# TYPE apiserver_request counter\n/);
  t.true(open.body.endsWith('# EOF\n'));
  // OpenMetrics did not rename the counters of the text format.
  t.true(parsePrometheusText((await get(`${url}/metrics`, { ca, token: monitorToken })).body).type.has('apiserver_request_total'));
});

test.serial("a deprecated API answers with kube's Warning, which kubectl prints, and is counted in apiserver_requested_deprecated_apis", async (t) => {
  const labels = { group: '', version: 'v1', resource: 'endpoints', subresource: '', removed_release: '' };
  t.is(sampleValue(await apiServerMetrics(), 'apiserver_requested_deprecated_apis', labels), undefined);
  const endpoints = await kubectl('get', 'endpoints', '-n', 'default');
  t.is(endpoints.stderr, 'Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice\n');
  const componentStatuses = await kubectl('get', 'componentstatuses');
  t.is(componentStatuses.stderr, 'Warning: v1 ComponentStatus is deprecated in v1.19+\n');
  const slices = await kubectl('get', 'endpointslices', '-n', 'default');
  t.is(slices.stderr, '');
  const metrics = await apiServerMetrics();
  t.is(sampleValue(metrics, 'apiserver_requested_deprecated_apis', labels), 1);
  t.is(sampleValue(metrics, 'apiserver_requested_deprecated_apis', { ...labels, resource: 'componentstatuses' }), 1);
  t.is(sampleValue(metrics, 'apiserver_requested_deprecated_apis', { ...labels, resource: 'endpointslices' }), undefined);
});

test.serial("a CRD's deprecated versions warn with their deprecationWarning or kube's default text", async (t) => {
  const schema = { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [
        { name: 'v1', served: true, storage: true, schema },
        { name: 'v1beta1', served: true, storage: false, deprecated: true, schema },
        { name: 'v1alpha1', served: true, storage: false, deprecated: true, deprecationWarning: 'example.com/v1alpha1 Widget goes away; move to v1', schema },
      ],
    },
  };
  const file = join(dir, 'crd.json');
  writeFileSync(file, JSON.stringify(crd));
  await kubectl('create', '-f', file);
  await kubectl('wait', '--for=condition=Established', 'crd/widgets.example.com', '--timeout=30s');
  t.is(
    (await kubectl('get', 'widgets.v1beta1.example.com', '-n', 'default')).stderr,
    'Warning: example.com/v1beta1 Widget is deprecated; use example.com/v1 Widget\nNo resources found in default namespace.\n',
  );
  t.is(
    (await kubectl('get', 'widgets.v1alpha1.example.com', '-n', 'default')).stderr,
    'Warning: example.com/v1alpha1 Widget goes away; move to v1\nNo resources found in default namespace.\n',
  );
  t.is((await kubectl('get', 'widgets.v1.example.com', '-n', 'default')).stderr, 'No resources found in default namespace.\n');
  const metrics = await apiServerMetrics();
  const labels = { group: 'example.com', resource: 'widgets', subresource: '', removed_release: '' };
  t.is(sampleValue(metrics, 'apiserver_requested_deprecated_apis', { ...labels, version: 'v1beta1' }), 1);
  t.is(sampleValue(metrics, 'apiserver_requested_deprecated_apis', { ...labels, version: 'v1alpha1' }), 1);
  t.is(sampleValue(metrics, 'apiserver_requested_deprecated_apis', { ...labels, version: 'v1' }), undefined);
});

test("on etcd, the store requests are timed by operation and resource as on the embedded store, the size is etcd's, and its failing health check is counted", async (t) => {
  const etcd = await startEtcd('metrics');
  t.teardown(() => etcd.stop());
  const onEtcd = await startApiServer(['--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`]);
  t.teardown(() => onEtcd.stop());
  const kubectlOnEtcd = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${onEtcd.kubeconfig}`, ...args], { encoding: 'utf8' });
  await kubectlOnEtcd('create', 'configmap', 'on-etcd', '-n', 'default', '--from-literal=a=b');
  const metrics = parsePrometheusText((await kubectlOnEtcd('get', '--raw', '/metrics')).stdout);
  t.true((sampleValue(metrics, 'etcd_request_duration_seconds_count', { operation: 'create', group: '', resource: 'configmaps' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'etcd_request_duration_seconds_count', { operation: 'list', group: 'apps', resource: 'deployments' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'apiserver_storage_objects', { resource: 'configmaps' }) ?? 0) >= 1);
  // etcd's own size, from its Maintenance Status.
  t.true((sampleValue(metrics, 'apiserver_storage_size_bytes', { storage_cluster_id: 'etcd-0' }) ?? 0) > 0);
  // A failing health check: etcd gone, /livez fails its etcd check, which /metrics/slis counts.
  const slis = async () => parsePrometheusText((await kubectlOnEtcd('get', '--raw', '/metrics/slis')).stdout);
  await kubectlOnEtcd('get', '--raw', '/livez');
  t.is(sampleValue(await slis(), 'kubernetes_healthcheck', { name: 'etcd', type: 'livez' }), 1);
  await etcd.kill();
  const failed = await kubectlOnEtcd('get', '--raw', '/livez').then(
    () => undefined,
    (error: { stderr: string }) => error,
  );
  t.truthy(failed);
  const after = await slis();
  t.is(sampleValue(after, 'kubernetes_healthcheck', { name: 'etcd', type: 'livez' }), 0);
  t.true((sampleValue(after, 'kubernetes_healthchecks_total', { name: 'etcd', type: 'livez', status: 'error' }) ?? 0) >= 1);
  // The size cannot be asked for: no sample, as kube writes none.
  t.is(sampleValue(parsePrometheusText((await kubectlOnEtcd('get', '--raw', '/metrics')).stdout), 'apiserver_storage_size_bytes', { storage_cluster_id: 'etcd-0' }), undefined);
});

test('--show-hidden-metrics-for-version takes only the previous minor release', async (t) => {
  const capstan = new URL('../../bin/capstan.ts', import.meta.url).pathname;
  const failed = await run(process.execPath, [capstan, 'apiserver', '--secure-port=0', `--data-dir=${join(dir, 'unused')}`, '--show-hidden-metrics-for-version=1.33'], {
    encoding: 'utf8',
  }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  t.is(failed?.code, 1);
  t.is(failed?.stderr, "Error: --show-hidden-metrics-for-version must be omitted or have the value '1.34'. Only the previous minor version is allowed\n");
});

test.serial("the controllers' secure port serves /healthz to anyone and /metrics, with the work queues', to those the API server authorizes", async (t) => {
  const port = await freePort();
  const controllers = startControllers(started().kubeconfig, [
    ...quickLeaderElection,
    '--controllers=namespace,serviceaccount',
    `--secure-port=${port}`,
    '--bind-address=127.0.0.1',
    '--disabled-metrics=workqueue_longest_running_processor_seconds',
  ]);
  t.teardown(() => controllers.stop());
  await waitForOutput(controllers, /Serving securely on 127\.0\.0\.1:/);
  const base = `https://127.0.0.1:${port}`;
  t.like(await get(`${base}/healthz`), { status: 200, body: 'ok' });
  const anonymous = await get(`${base}/metrics`);
  t.is(anonymous.status, 403);
  t.like(JSON.parse(anonymous.body), { kind: 'Status', reason: 'Forbidden', message: 'forbidden: User "system:anonymous" cannot get path "/metrics"', code: 403 });
  const unknown = await get(`${base}/metrics`, { token: 'not-a-token' });
  t.is(unknown.status, 401);
  t.like(JSON.parse(unknown.body), { kind: 'Status', reason: 'Unauthorized', message: 'Unauthorized', code: 401 });
  await kubectl('create', 'namespace', 'queued');
  const metrics = await scrapeUntil(
    async () => parsePrometheusText((await get(`${base}/metrics`, { token: monitorToken })).body),
    (scraped) => (sampleValue(scraped, 'workqueue_work_duration_seconds_count', { name: 'serviceaccount' }) ?? 0) >= 1,
  );
  t.is(metrics.help.get('workqueue_depth'), '[ALPHA] Current depth of workqueue');
  t.is(metrics.help.get('workqueue_adds_total'), '[ALPHA] Total number of adds handled by workqueue');
  t.true((sampleValue(metrics, 'workqueue_adds_total', { name: 'serviceaccount' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'workqueue_queue_duration_seconds_count', { name: 'serviceaccount' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'workqueue_work_duration_seconds_count', { name: 'serviceaccount' }) ?? 0) >= 1);
  // A queue is listed from its start, before anything is added to it.
  t.is(sampleValue(metrics, 'workqueue_depth', { name: 'namespace' }), 0);
  t.is(sampleValue(metrics, 'workqueue_retries_total', { name: 'namespace' }), 0);
  t.true(metrics.type.has('process_cpu_seconds_total'));
  t.false(metrics.type.has('workqueue_longest_running_processor_seconds'));
  t.is(sampleValue(metrics, 'disabled_metrics_total'), 1);
});

test.serial("the agent's /metrics has the kubelet's node name, running pods and containers, and pod start durations", async (t) => {
  const sim = await startRuntimeSim();
  t.teardown(() => sim.stop());
  const manifests = join(dir, 'manifests');
  writeFileSync(join(dir, 'agent-token'), 'agent-metrics-token\n');
  mkdirSync(manifests, { recursive: true });
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'static-web', namespace: 'default' },
    spec: { containers: [{ name: 'web', image: 'busybox', command: ['sleep', '3600'] }] },
  };
  writeFileSync(join(manifests, 'web.json'), JSON.stringify(pod));
  const port = await freePort();
  const agent = await startAgent({
    runtimeEndpoint: sim.endpoint,
    nodeName: 'metrics-node',
    config: { port, address: '127.0.0.1', staticPodPath: manifests },
    args: [`--authentication-token-file=${join(dir, 'agent-token')}`, '--anonymous-auth=false'],
  });
  t.teardown(() => agent.stop());
  await waitForOutput(agent, /Starting to listen on/);
  const base = `https://127.0.0.1:${port}`;
  t.is((await get(`${base}/metrics`)).status, 401);
  const metrics = await scrapeUntil(
    async () => parsePrometheusText((await get(`${base}/metrics`, { token: 'agent-metrics-token' })).body),
    (scraped) => sampleValue(scraped, 'kubelet_running_pods') === 1 && (sampleValue(scraped, 'kubelet_pod_start_duration_seconds_count') ?? 0) >= 1,
  );
  t.is(metrics.help.get('kubelet_running_pods'), '[ALPHA] Number of pods that have a running pod sandbox');
  t.is(sampleValue(metrics, 'kubelet_node_name', { node: 'metrics-node' }), 1);
  t.is(sampleValue(metrics, 'kubelet_running_pods'), 1);
  t.is(sampleValue(metrics, 'kubelet_running_containers', { container_state: 'running' }), 1);
  t.is(sampleValue(metrics, 'kubelet_pod_start_duration_seconds_count'), 1);
  t.true(metrics.type.has('process_resident_memory_bytes'));
  // The kubelet gates the agent knows, GA as "".
  t.is(sampleValue(metrics, 'kubernetes_feature_enabled', { name: 'NodeSwap', stage: '' }), 1);
  t.is(sampleValue(metrics, 'kubernetes_feature_enabled', { name: 'MemoryQoS', stage: 'ALPHA' }), 0);
});

/** Resolves once the process has printed a line matching `pattern` on stderr (the test's timeout bounds it). */
function waitForOutput(process: ManagedProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (pattern.test(process.output())) resolve();
    };
    process.child.stderr?.on('data', check);
    process.child.once('exit', (code) => reject(new Error(`exited with ${code} before printing ${pattern}:\n${process.output()}`)));
    check();
  });
}

/** The sum of the samples of `name` that carry `labels` (0 when none does). */
const sumOf = (metrics: Exposition, name: string, labels: Readonly<Record<string, string>> = {}): number =>
  metrics.samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);

test.serial("a request moves kube's SLI latency, filter latency, authentication and authorization metrics", async (t) => {
  const list = { verb: 'LIST', group: '', version: 'v1', resource: 'configmaps', subresource: '', scope: 'namespace', component: 'apiserver' };
  const before = await apiServerMetrics();
  t.is(
    before.help.get('apiserver_request_sli_duration_seconds'),
    '[ALPHA] Response latency distribution (not counting webhook duration and priority & fairness queue wait times) in seconds for each verb, group, version, resource, subresource, scope and component.',
  );
  // Deprecated since 1.27, hidden in 1.35.
  t.false(before.type.has('apiserver_request_slo_duration_seconds'));
  t.is(before.help.get('apiserver_request_filter_duration_seconds'), '[ALPHA] Request filter latency distribution in seconds, for each filter type');
  await kubectl('get', 'configmaps', '-n', 'default');
  const { url, certificateAuthority: ca } = started();
  t.is((await get(`${url}/metrics`, { ca, token: monitorToken })).status, 200);
  t.is((await get(`${url}/metrics`, { ca })).status, 403);
  t.is((await get(`${url}/api/v1/namespaces`, { ca, token: 'no-such-token' })).status, 401);
  const after = await apiServerMetrics();
  const moved = (name: string, labels: Readonly<Record<string, string>> = {}): number => sumOf(after, name, labels) - sumOf(before, name, labels);
  t.true(moved('apiserver_request_sli_duration_seconds_count', list) >= 1);
  t.is(sampleValue(after, 'apiserver_request_sli_duration_seconds_bucket', { ...list, le: '+Inf' }), sampleValue(after, 'apiserver_request_sli_duration_seconds_count', list));
  for (const filter of ['authentication', 'audit', 'impersonation', 'priorityandfairness', 'authorization']) {
    t.true(moved('apiserver_request_filter_duration_seconds_count', { filter }) >= 3, filter);
  }
  // kubectl's token is capstan-test-admin's, the scraper's prometheus's: neither is a name kube keeps.
  t.true(moved('authenticated_user_requests', { username: 'other' }) >= 3);
  t.true(moved('authentication_attempts', { result: 'success' }) >= 3);
  t.true(moved('authentication_attempts', { result: 'failure' }) + moved('authentication_attempts', { result: 'error' }) >= 1);
  t.true(moved('authentication_duration_seconds_count', { result: 'success' }) >= 3);
  t.true(moved('apiserver_authorization_attempts_total', { result: 'allowed' }) >= 2);
  // The anonymous scrape: RBAC has no opinion, so nobody allows it.
  t.true(moved('apiserver_authorization_attempts_total', { result: 'no-opinion' }) >= 1);
  t.true(moved('apiserver_authorization_duration_seconds_count', { result: 'allowed' }) >= 2);
  // system:masters is allowed before the modes; the scraper by RBAC (system:monitoring's role).
  t.true(moved('apiserver_authorization_decisions_total', { type: 'RBAC', name: 'rbac', decision: 'allowed' }) >= 1);
});

test.serial("writes move kube's admission metrics, by plugin, phase, operation and rejection", async (t) => {
  const before = await apiServerMetrics();
  for (const name of [
    'apiserver_admission_step_admission_duration_seconds',
    'apiserver_admission_controller_admission_duration_seconds',
    'apiserver_admission_webhook_admission_duration_seconds',
  ]) {
    t.regex(before.help.get(name) ?? '', /^\[STABLE\] /, name);
  }
  await kubectl('create', 'configmap', 'admitted', '-n', 'default', '--from-literal=a=b');
  const refused = await kubectl('create', 'configmap', 'refused', '-n', 'no-such-namespace', '--from-literal=a=b').then(
    () => undefined,
    (error: { stderr: string }) => error.stderr,
  );
  t.regex(refused ?? '', /namespaces "no-such-namespace" not found/);
  const after = await apiServerMetrics();
  const moved = (name: string, labels: Readonly<Record<string, string>>): number => sumOf(after, name, labels) - sumOf(before, name, labels);
  t.true(moved('apiserver_admission_step_admission_duration_seconds_count', { type: 'admit', operation: 'CREATE', rejected: 'false' }) >= 1);
  t.true(moved('apiserver_admission_step_admission_duration_seconds_count', { type: 'validate', operation: 'CREATE', rejected: 'false' }) >= 1);
  t.true(moved('apiserver_admission_step_admission_duration_seconds_count', { operation: 'CREATE', rejected: 'true' }) >= 1);
  t.true(moved('apiserver_admission_controller_admission_duration_seconds_count', { name: 'NamespaceLifecycle', operation: 'CREATE', rejected: 'true' }) >= 1);
  t.true(moved('apiserver_admission_controller_admission_duration_seconds_count', { operation: 'CREATE', rejected: 'false' }) >= 2);
});

test.serial('an admission webhook that cannot be called is counted as kube counts it: a fail-open, or a rejection with 503', async (t) => {
  const webhook = (name: string, failurePolicy: string, label: string) => ({
    name,
    clientConfig: { url: 'https://127.0.0.1:1/validate' },
    rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
    objectSelector: { matchLabels: { 'metrics-test': label } },
    failurePolicy,
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    timeoutSeconds: 2,
  });
  const configuration = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'metrics-test' },
    webhooks: [webhook('ignored.metrics.example.com', 'Ignore', 'ignored'), webhook('failing.metrics.example.com', 'Fail', 'failing')],
  };
  const file = join(dir, 'webhooks.json');
  writeFileSync(file, JSON.stringify(configuration));
  await kubectl('create', '-f', file);
  t.teardown(() => kubectl('delete', 'validatingwebhookconfiguration', 'metrics-test').then(() => undefined));
  const ignored = { name: 'ignored.metrics.example.com', type: 'validating' };
  const failing = { name: 'failing.metrics.example.com', type: 'validating', operation: 'CREATE' };
  const createLabelled = (name: string, label: string) => {
    const manifest = join(dir, `${name}.json`);
    writeFileSync(manifest, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', labels: { 'metrics-test': label } } }));
    return kubectl('create', '-f', manifest);
  };
  // The configuration reaches the webhook plugin through its informer: write until it is called.
  let attempt = 0;
  const metrics = await scrapeUntil(
    async () => {
      attempt++;
      await createLabelled(`ignored-${attempt}`, 'ignored');
      await createLabelled(`failing-${attempt}`, 'failing').catch(() => undefined);
      return apiServerMetrics();
    },
    (m) => sumOf(m, 'apiserver_admission_webhook_fail_open_count', ignored) > 0 && sumOf(m, 'apiserver_admission_webhook_rejection_count', failing) > 0,
  );
  t.true((sampleValue(metrics, 'apiserver_admission_webhook_fail_open_count', ignored) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'apiserver_admission_webhook_rejection_count', { ...failing, error_type: 'calling_webhook_error', rejection_code: '503' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'apiserver_admission_webhook_request_total', { ...failing, code: '503', rejected: 'true' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'apiserver_admission_webhook_request_total', { ...ignored, operation: 'CREATE', code: '503', rejected: 'false' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'apiserver_admission_webhook_admission_duration_seconds_count', { ...failing, rejected: 'true' }) ?? 0) >= 1);
  // The failing webhook's refusal: the request never stored the object.
  const stored = await kubectl('get', 'configmaps', '-n', 'default', '-l', 'metrics-test=failing', '-o', 'name');
  t.is(stored.stdout, '');
});

test.serial('the watch cache and the watches are counted: events received, dispatched and sent, lists served from the cache', async (t) => {
  const before = await apiServerMetrics();
  const configMaps = { group: '', resource: 'configmaps' };
  t.true((sampleValue(before, 'watch_cache_capacity', configMaps) ?? 0) > 0);
  t.true((sampleValue(before, 'apiserver_watch_cache_resource_version', configMaps) ?? 0) > 0);
  // A watch of ConfigMaps that the server ends after 3 s, with a write while it lasts.
  const watch = kubectl('get', '--raw', '/api/v1/namespaces/default/configmaps?watch=true&timeoutSeconds=3');
  await kubectl('create', 'configmap', 'watched', '-n', 'default', '--from-literal=a=b');
  const { stdout } = await watch;
  t.regex(stdout, /"name":"watched"/);
  await kubectl('get', 'configmaps', '-n', 'default');
  const after = await apiServerMetrics();
  const moved = (name: string, labels: Readonly<Record<string, string>>): number => sumOf(after, name, labels) - sumOf(before, name, labels);
  t.true(moved('apiserver_watch_cache_events_received_total', configMaps) >= 1);
  t.true(moved('apiserver_watch_cache_events_dispatched_total', configMaps) >= 1);
  t.true((sampleValue(after, 'apiserver_watch_cache_resource_version', configMaps) ?? 0) > (sampleValue(before, 'apiserver_watch_cache_resource_version', configMaps) ?? 0));
  t.true(moved('apiserver_watch_events_total', { group: '', version: 'v1', resource: 'configmaps' }) >= 1);
  t.true(moved('apiserver_watch_events_sizes_count', { group: '', version: 'v1', resource: 'configmaps' }) >= 1);
  t.true(moved('apiserver_cache_list_total', { ...configMaps, index: '' }) >= 1);
  t.true(moved('apiserver_cache_list_returned_objects_total', configMaps) >= 1);
  t.is(after.help.get('apiserver_terminated_watchers_total'), '[ALPHA] Counter of watchers closed due to unresponsiveness broken by resource type.');
});

test.serial("flow control's requests are counted by flow schema: executing now, their wait, execution and seats", async (t) => {
  const { url, certificateAuthority: ca } = started();
  // The scraper is no system:masters member: its requests are queued in a priority level that is not exempt.
  t.is((await get(`${url}/metrics`, { ca, token: monitorToken })).status, 200);
  const metrics = await apiServerMetrics();
  // The scrape itself executes while the metrics are read.
  t.true((sampleValue(metrics, 'apiserver_flowcontrol_current_executing_requests', { priority_level: 'exempt', flow_schema: 'exempt' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'apiserver_flowcontrol_current_executing_seats', { priority_level: 'exempt', flow_schema: 'exempt' }) ?? 0) >= 1);
  t.true(metrics.help.get('apiserver_flowcontrol_current_inqueue_requests')?.startsWith('[BETA] ') ?? false);
  const waited = metrics.samples.find((sample) => sample.name === 'apiserver_flowcontrol_request_wait_duration_seconds_count' && sample.labels.execute === 'true');
  t.truthy(waited);
  const flow = { priority_level: waited?.labels.priority_level ?? '', flow_schema: waited?.labels.flow_schema ?? '' };
  t.not(flow.priority_level, 'exempt');
  t.true((sampleValue(metrics, 'apiserver_flowcontrol_request_execution_seconds_count', { ...flow, type: 'regular' }) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'apiserver_flowcontrol_work_estimated_seats_count', flow) ?? 0) >= 1);
  t.true((sampleValue(metrics, 'apiserver_flowcontrol_current_r', { priority_level: flow.priority_level }) ?? -1) >= 0);
});

const apiServerSlis = async (): Promise<Exposition> => parsePrometheusText((await kubectl('get', '--raw', '/metrics/slis')).stdout);

test.serial("kube's feature gates, the store's size and the health checks' SLIs (/metrics/slis) are exposed, and the checks are counted", async (t) => {
  const metrics = await apiServerMetrics();
  t.is(metrics.help.get('kubernetes_feature_enabled'), '[BETA] This metric records the data about the stage and enablement of a k8s feature.');
  t.is(sampleValue(metrics, 'kubernetes_feature_enabled', { name: 'WatchList', stage: 'BETA' }), 1);
  t.is(sampleValue(metrics, 'kubernetes_feature_enabled', { name: 'CBORServingAndStorage', stage: 'ALPHA' }), 0);
  // GA is the empty stage, as kube writes it.
  t.is(sampleValue(metrics, 'kubernetes_feature_enabled', { name: 'APIServerTracing', stage: '' }), 1);
  t.is(sampleValue(metrics, 'kubernetes_feature_enabled', { name: 'AllAlpha', stage: 'ALPHA' }), 0);
  t.is(metrics.help.get('apiserver_storage_size_bytes'), '[STABLE] Size of the storage database file physically allocated in bytes.');
  t.true((sampleValue(metrics, 'apiserver_storage_size_bytes', { storage_cluster_id: 'etcd-0' }) ?? 0) > 0);
  t.is(sampleValue(metrics, 'disabled_metrics_total'), 0);

  const before = await apiServerSlis();
  t.is(before.help.get('kubernetes_healthcheck'), '[STABLE] This metric records the result of a single healthcheck.');
  t.is(before.help.get('kubernetes_healthchecks_total'), '[STABLE] This metric records the results of all healthcheck.');
  t.true(before.type.has('process_start_time_seconds'));
  const ping = { name: 'ping', type: 'readyz', status: 'success' };
  const pinged = sampleValue(before, 'kubernetes_healthchecks_total', ping) ?? 0;
  await kubectl('get', '--raw', '/readyz');
  await kubectl('get', '--raw', '/livez?verbose');
  // The one-check endpoints are not counted, as in kube.
  await kubectl('get', '--raw', '/readyz/ping');
  const after = await apiServerSlis();
  t.is(sampleValue(after, 'kubernetes_healthchecks_total', ping), pinged + 1);
  t.is(sampleValue(after, 'kubernetes_healthcheck', { name: 'ping', type: 'readyz' }), 1);
  t.true((sampleValue(after, 'kubernetes_healthchecks_total', { name: 'log', type: 'livez', status: 'success' }) ?? 0) >= 1);
});

test.serial('a ValidatingAdmissionPolicy that denies and audits is counted by action; CRD validation rules are compiled and evaluated', async (t) => {
  const manifests = join(dir, 'policy.yaml');
  writeFileSync(
    manifests,
    `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: no-forbidden-configmaps}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
  validations:
  - expression: "!has(object.data) || !('forbidden' in object.data)"
    message: forbidden key
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: no-forbidden-configmaps-binding}
spec:
  policyName: no-forbidden-configmaps
  validationActions: [Deny, Audit]
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gauges.metrics.capstan.test}
spec:
  group: metrics.capstan.test
  scope: Namespaced
  names: {plural: gauges, singular: gauge, kind: Gauge}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties: {level: {type: integer}}
            x-kubernetes-validations: [{rule: "self.level <= 10", message: too high}]
`,
  );
  const compiledBefore = sampleValue(await apiServerMetrics(), 'apiserver_cel_compilation_duration_seconds_count') ?? 0;
  await kubectl('apply', '-f', manifests);
  const check = { policy: 'no-forbidden-configmaps', policy_binding: 'no-forbidden-configmaps-binding', error_type: 'invalid_error', enforcement_action: 'deny' };
  // The policy takes effect once the plugin has seen it: retried until it denies.
  const denied = await scrapeUntil(
    async () => {
      await kubectl('create', 'configmap', `denied-${Date.now()}`, '-n', 'default', '--from-literal=forbidden=1').catch(() => undefined);
      return apiServerMetrics();
    },
    (metrics) => (sampleValue(metrics, 'apiserver_validating_admission_policy_check_total', check) ?? 0) >= 1,
  );
  const denials = sampleValue(denied, 'apiserver_validating_admission_policy_check_total', check) ?? 0;
  t.true(denials >= 1);
  t.is(denied.help.get('apiserver_validating_admission_policy_check_total')?.startsWith('[BETA] Validation admission policy check total'), true);
  const failed = await kubectl('create', 'configmap', 'denied-again', '-n', 'default', '--from-literal=forbidden=1').then(
    () => undefined,
    (error: { stderr: string }) => error,
  );
  t.regex(failed?.stderr ?? '', /ValidatingAdmissionPolicy 'no-forbidden-configmaps' with binding 'no-forbidden-configmaps-binding' denied request: forbidden key/);
  // An allowed object is not counted (kube counts what acted).
  await kubectl('create', 'configmap', 'allowed-by-policy', '-n', 'default', '--from-literal=fine=1');
  const after = await apiServerMetrics();
  t.is(sampleValue(after, 'apiserver_validating_admission_policy_check_total', check), denials + 1);
  t.is(sampleValue(after, 'apiserver_validating_admission_policy_check_duration_seconds_count', check), denials + 1);
  t.is(sampleValue(after, 'apiserver_validating_admission_policy_check_total', { ...check, enforcement_action: 'audit' }), denials + 1);
  t.is(sampleValue(after, 'apiserver_validating_admission_policy_check_total', { ...check, enforcement_action: 'allow' }), undefined);

  // The CRD's rule: compiled when the CRD is validated and served, evaluated on each write of a Gauge.
  t.true((sampleValue(after, 'apiserver_cel_compilation_duration_seconds_count') ?? 0) > compiledBefore);
  const evaluated = sampleValue(after, 'apiserver_cel_evaluation_duration_seconds_count') ?? 0;
  const gauge = join(dir, 'gauge.yaml');
  writeFileSync(gauge, 'apiVersion: metrics.capstan.test/v1\nkind: Gauge\nmetadata: {name: high, namespace: default}\nspec: {level: 11}\n');
  const refused = await scrapeUntil(
    async () => {
      await kubectl('create', '-f', gauge).catch(() => undefined);
      return apiServerMetrics();
    },
    (metrics) => (sampleValue(metrics, 'apiserver_cel_evaluation_duration_seconds_count') ?? 0) > evaluated,
  );
  t.true((sampleValue(refused, 'apiserver_cel_evaluation_duration_seconds_count') ?? 0) > evaluated);
  t.is(refused.help.get('apiserver_cel_evaluation_duration_seconds'), '[BETA] CEL evaluation time in seconds.');
});

test('--disabled-metrics hides the metrics it names and counts them; kubernetes_feature_enabled follows --feature-gates', async (t) => {
  const other = await startApiServer(['--disabled-metrics=apiserver_request_total,apiserver_storage_size_bytes', '--feature-gates=CBORServingAndStorage=true,WatchList=false']);
  t.teardown(() => other.stop());
  const text = (await run(kubectlBinary(), [`--kubeconfig=${other.kubeconfig}`, 'get', '--raw', '/metrics'], { encoding: 'utf8' })).stdout;
  const metrics = parsePrometheusText(text);
  t.false(metrics.type.has('apiserver_request_total'));
  t.false(metrics.type.has('apiserver_storage_size_bytes'));
  t.true(metrics.type.has('apiserver_request_duration_seconds'));
  t.is(sampleValue(metrics, 'disabled_metrics_total'), 2);
  t.is(sampleValue(metrics, 'kubernetes_feature_enabled', { name: 'CBORServingAndStorage', stage: 'ALPHA' }), 1);
  t.is(sampleValue(metrics, 'kubernetes_feature_enabled', { name: 'WatchList', stage: 'BETA' }), 0);
});
