import test from 'ava';
import { FlagError } from '../src/cli/flags.ts';
import { KubeRegistry, prefersOpenMetrics } from '../src/metrics/index.ts';

const helpLine = (body: string, name: string): string | undefined => body.split('\n').find((line) => line.startsWith(`# HELP ${name} `));

test('HELP text carries the stability level in front, as kube prints it', async (t) => {
  const registry = new KubeRegistry('1.35.0');
  registry.counter({ name: 'apiserver_request_total', help: 'Counter of apiserver requests.', stabilityLevel: 'STABLE', labelNames: ['verb'] }).inc({ verb: 'GET' });
  registry.gauge({ name: 'some_beta', help: 'A beta gauge.', stabilityLevel: 'BETA' }).set(2);
  registry.histogram({ name: 'some_alpha_seconds', help: 'An alpha histogram.', buckets: [1] }).observe(0.5);
  const { body, contentType } = await registry.expose(undefined);
  t.is(contentType, 'text/plain; version=0.0.4; charset=utf-8');
  t.is(helpLine(body, 'apiserver_request_total'), '# HELP apiserver_request_total [STABLE] Counter of apiserver requests.');
  t.is(helpLine(body, 'some_beta'), '# HELP some_beta [BETA] A beta gauge.');
  t.is(helpLine(body, 'some_alpha_seconds'), '# HELP some_alpha_seconds [ALPHA] An alpha histogram.');
  t.true(body.includes('apiserver_request_total{verb="GET"} 1\n'));
});

test('a deprecated metric says since when, is announced at registration, and is hidden after its window', async (t) => {
  const warnings: string[] = [];
  const registry = new KubeRegistry('1.35.0');
  registry.configure({ warn: (message) => warnings.push(message) });
  // STABLE: shown for three releases after its deprecation; ALPHA: hidden from the next release; BETA: one release.
  registry.gauge({ name: 'stable_deprecated', help: 'Still shown.', stabilityLevel: 'STABLE', deprecatedVersion: '1.34.0' }).set(1);
  registry.gauge({ name: 'stable_gone', help: 'Past its window.', stabilityLevel: 'STABLE', deprecatedVersion: '1.32.0' }).set(1);
  registry.gauge({ name: 'alpha_now', help: 'Deprecated in this release.', deprecatedVersion: '1.35.0' }).set(1);
  registry.gauge({ name: 'alpha_gone', help: 'Deprecated before.', deprecatedVersion: '1.34.0' }).set(1);
  registry.gauge({ name: 'beta_shown', help: 'One release more.', stabilityLevel: 'BETA', deprecatedVersion: '1.35.0' }).set(1);
  registry.gauge({ name: 'beta_gone', help: 'Past it.', stabilityLevel: 'BETA', deprecatedVersion: '1.34.0' }).set(1);
  registry.gauge({ name: 'future_deprecation', help: 'Not yet.', deprecatedVersion: '1.36.0' }).set(1);
  const { body } = await registry.expose(undefined);
  t.is(helpLine(body, 'stable_deprecated'), '# HELP stable_deprecated [STABLE] (Deprecated since 1.34.0) Still shown.');
  t.is(helpLine(body, 'beta_shown'), '# HELP beta_shown [BETA] (Deprecated since 1.35.0) One release more.');
  t.is(helpLine(body, 'future_deprecation'), '# HELP future_deprecation [ALPHA] Not yet.');
  t.is(helpLine(body, 'alpha_now'), undefined);
  for (const hidden of ['stable_gone', 'alpha_gone', 'beta_gone']) t.false(body.includes(hidden), hidden);
  t.true(body.includes('hidden_metrics_total 4\n'));
  t.true(body.includes('registered_metrics_total{deprecated_version="1.34.0",stability_level="STABLE"} 1\n'));
  t.deepEqual(warnings, ['metric stable_deprecated is deprecated since 1.34.0', 'metric beta_shown is deprecated since 1.35.0']);
});

test('--show-hidden-metrics-for-version takes only the previous minor release and shows hidden metrics again', async (t) => {
  const registry = new KubeRegistry('1.35.0');
  const error = t.throws(() => registry.configure({ showHiddenMetricsForVersion: '1.33' }), { instanceOf: FlagError });
  t.is(error?.message, "--show-hidden-metrics-for-version must be omitted or have the value '1.34'. Only the previous minor version is allowed");
  t.throws(() => registry.configure({ showHiddenMetricsForVersion: '1.35' }), { instanceOf: FlagError });
  const warnings: string[] = [];
  registry.configure({ showHiddenMetricsForVersion: '1.34', warn: (message) => warnings.push(message) });
  registry.gauge({ name: 'alpha_gone', help: 'Deprecated before.', deprecatedVersion: '1.34.0' }).set(7);
  const { body } = await registry.expose(undefined);
  t.is(helpLine(body, 'alpha_gone'), '# HELP alpha_gone [ALPHA] (Deprecated since 1.34.0) Deprecated before.');
  t.true(body.includes('alpha_gone 7\n'));
  t.deepEqual(warnings, ['Hidden metrics (alpha_gone) have been manually overridden, showing this very deprecated metric.']);
});

test('--disabled-metrics hides the metrics it names, over --show-hidden-metrics-for-version, and counts them', async (t) => {
  const registry = new KubeRegistry('1.35.0');
  const warnings: string[] = [];
  registry.configure({ showHiddenMetricsForVersion: '1.34', disabledMetrics: ['misbehaving_total', 'alpha_gone'], warn: (message) => warnings.push(message) });
  registry.counter({ name: 'misbehaving_total', help: 'Too many series.' }).inc();
  registry.gauge({ name: 'alpha_gone', help: 'Deprecated before.', deprecatedVersion: '1.34.0' }).set(7);
  registry.counter({ name: 'kept_total', help: 'Kept.' }).inc();
  const { body } = await registry.expose(undefined);
  t.false(body.includes('misbehaving_total'));
  t.false(body.includes('alpha_gone'));
  t.true(body.includes('kept_total 1\n'));
  t.true(body.includes('disabled_metrics_total 2\n'));
  t.true(body.includes('hidden_metrics_total 2\n'));
  t.is(helpLine(body, 'disabled_metrics_total'), '# HELP disabled_metrics_total [BETA] The count of disabled metrics.');
  t.deepEqual(warnings, []);
});

test("labels come out sorted by name as Go writes them, a histogram's le last", async (t) => {
  const registry = new KubeRegistry('1.35.0');
  registry.histogram({ name: 'latency_seconds', help: 'Latency.', buckets: [1], labelNames: ['verb', 'code'] }).observe({ verb: 'GET', code: '200' }, 0.5);
  const { body } = await registry.expose(undefined);
  t.true(body.includes('latency_seconds_bucket{code="200",verb="GET",le="1"} 1\n'));
  t.true(body.includes('latency_seconds_count{code="200",verb="GET"} 1\n'));
});

test('a gauge with a collect callback is read at scrape time', async (t) => {
  const registry = new KubeRegistry('1.35.0');
  let depth = 3;
  registry.gauge({ name: 'queue_depth', help: 'Depth.', labelNames: ['name'], collect: (gauge) => gauge.set({ name: 'q' }, depth) });
  t.true((await registry.expose(undefined)).body.includes('queue_depth{name="q"} 3\n'));
  depth = 5;
  t.true((await registry.expose(undefined)).body.includes('queue_depth{name="q"} 5\n'));
});

test('OpenMetrics when the Accept header prefers it, without renaming the counters of the text format', async (t) => {
  const registry = new KubeRegistry('1.35.0');
  registry.counter({ name: 'things_total', help: 'Things.', stabilityLevel: 'STABLE' }).inc();
  registry.histogram({ name: 'took_seconds', help: 'Took.', buckets: [1], labelNames: ['verb'] }).observe({ verb: 'GET' }, 2);
  const open = await registry.expose('application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5');
  t.is(open.contentType, 'application/openmetrics-text; version=1.0.0; charset=utf-8');
  t.true(open.body.includes('# TYPE things counter\nthings_total 1\n'));
  t.true(open.body.includes('took_seconds_bucket{verb="GET",le="+Inf"} 1\n'));
  t.true(open.body.endsWith('# EOF\n'));
  const text = await registry.expose('text/plain');
  t.true(text.body.includes('# TYPE things_total counter\nthings_total 1\n'));
  t.false(prefersOpenMetrics('application/openmetrics-text;q=0.2,text/plain'));
  t.false(prefersOpenMetrics('*/*'));
});
