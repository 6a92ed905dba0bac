// A registry of metrics under kube's stability framework, on prom-client: each metric's HELP text
// carries its stability level and deprecation; a deprecated metric is announced when it is
// registered and hidden (created but never exposed) once its deprecation window has passed,
// unless --show-hidden-metrics-for-version shows it again.

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type OpenMetricsContentType } from 'prom-client';
import { kubernetesMinor } from '../version.ts';
import { showHiddenMetrics } from './show-hidden-metrics.ts';
import { annotatedHelp, isDeprecatedAt, isHiddenAt, parseMetricVersion, type MetricVersion, type StabilityLevel } from './stability.ts';

export interface MetricOptions<L extends string> {
  /** The fully qualified name, e.g. apiserver_request_total. */
  readonly name: string;
  /** The description, without the stability level or deprecation (added here). */
  readonly help: string;
  /** ALPHA when absent, as kube defaults it. */
  readonly stabilityLevel?: StabilityLevel;
  /** The release that deprecated the metric, as major.minor.patch ("1.34.0"). */
  readonly deprecatedVersion?: string;
  readonly labelNames?: readonly L[];
}

export interface GaugeOptions<L extends string> extends MetricOptions<L> {
  /**
   * Called on every scrape before the gauge's values are read: a gauge whose values are taken from
   * elsewhere at that moment (queue lengths, object counts, a flow-control layer's state).
   */
  readonly collect?: (gauge: Gauge<L>) => void | Promise<void>;
}

export interface CounterOptions<L extends string> extends MetricOptions<L> {
  /** Called on every scrape before the counter's values are read: totals kept elsewhere (a flow-control layer's). */
  readonly collect?: (counter: Counter<L>) => void | Promise<void>;
}

export interface HistogramOptions<L extends string> extends MetricOptions<L> {
  readonly buckets: readonly number[];
}

export interface RegistryConfiguration {
  /** --show-hidden-metrics-for-version: "" or the previous minor release; anything else is a FlagError. */
  readonly showHiddenMetricsForVersion?: string;
  /** --disabled-metrics: fully qualified names never exposed, whatever --show-hidden-metrics-for-version says. */
  readonly disabledMetrics?: readonly string[];
  /** Where the deprecation notices of registration go (the component's log). */
  readonly warn?: (message: string) => void;
}

/** What a scrape answers: the body and its Content-Type. */
export interface Exposition {
  readonly contentType: string;
  readonly body: string;
}

/** prom-client's collect hook, which it calls with the metric as `this` on each scrape. */
function collectHook<M>(collect: ((metric: M) => void | Promise<void>) | undefined): { collect?: (this: M) => void | Promise<void> } {
  if (collect === undefined) return {};
  return {
    collect(this: M) {
      return collect(this);
    },
  };
}

type AnyMetric = Counter<string> | Gauge<string> | Histogram<string>;

export class KubeRegistry {
  readonly #registry = new Registry();
  readonly #version: MetricVersion;
  /** Every metric asked for by name, exposed or hidden: asking again gives the same one. */
  readonly #metrics = new Map<string, AnyMetric>();
  #showHidden = false;
  #warn: (message: string) => void = () => {};
  #defaultMetrics = false;
  #registeredTotal: Counter<'stability_level' | 'deprecated_version'> | undefined;
  #hiddenTotal: Counter<string> | undefined;
  readonly #disabled = new Set<string>();

  /** `version`: the running release as major.minor.patch; Capstan's Kubernetes release when absent. */
  constructor(version = `${kubernetesMinor}.0`) {
    this.#version = parseMetricVersion(version);
  }

  /** Applies the component's flags; call before the metrics it should affect are registered. */
  configure(configuration: RegistryConfiguration): void {
    if (configuration.showHiddenMetricsForVersion !== undefined) this.#showHidden = showHiddenMetrics(configuration.showHiddenMetricsForVersion, this.#version);
    if (configuration.warn !== undefined) this.#warn = configuration.warn;
    for (const name of configuration.disabledMetrics ?? []) {
      // Counted once per name given, as kube's SetDisabledMetric counts each call.
      this.#disabled.add(name);
      this.#disabledMetricsTotal().inc();
    }
  }

  counter<L extends string = never>(options: CounterOptions<L>): Counter<L> {
    return this.#define(
      options,
      (help, registers) => new Counter<L>({ name: options.name, help, labelNames: options.labelNames ?? [], registers, ...collectHook(options.collect) }),
    );
  }

  gauge<L extends string = never>(options: GaugeOptions<L>): Gauge<L> {
    return this.#define(options, (help, registers) => new Gauge<L>({ name: options.name, help, labelNames: options.labelNames ?? [], registers, ...collectHook(options.collect) }));
  }

  histogram<L extends string = never>(options: HistogramOptions<L>): Histogram<L> {
    return this.#define(
      options,
      (help, registers) => new Histogram<L>({ name: options.name, help, labelNames: options.labelNames ?? [], buckets: [...options.buckets], registers }),
    );
  }

  /** The process_* metrics and the Node.js runtime's (event loop lag, heap, GC: what go_* are to a Go component). */
  registerProcessMetrics(): void {
    if (this.#defaultMetrics) return;
    this.#defaultMetrics = true;
    collectDefaultMetrics({ register: this.#registry });
  }

  /**
   * The metrics in the format the Accept header asks for: OpenMetrics 1.0 when it prefers
   * application/openmetrics-text, Prometheus' text format 0.0.4 otherwise.
   */
  async expose(accept: string | undefined): Promise<Exposition> {
    if (prefersOpenMetrics(accept)) return { contentType: Registry.OPENMETRICS_CONTENT_TYPE, body: await this.#openMetrics() };
    return { contentType: Registry.PROMETHEUS_CONTENT_TYPE, body: await this.#registry.metrics() };
  }

  #define<M extends AnyMetric>(options: MetricOptions<string>, create: (help: string, registers: Registry[]) => M): M {
    const existing = this.#metrics.get(options.name);
    if (existing !== undefined) return existing as M;
    const stabilityLevel = options.stabilityLevel ?? 'ALPHA';
    const deprecated = options.deprecatedVersion === undefined ? undefined : parseMetricVersion(options.deprecatedVersion);
    const isDeprecated = deprecated !== undefined && isDeprecatedAt(this.#version, deprecated);
    // Disabling wins over showing hidden metrics (kube's precedence).
    let hidden = this.#disabled.has(options.name);
    if (hidden) {
      // Disabled metrics are hidden without a word.
    } else if (deprecated !== undefined && isHiddenAt(stabilityLevel, this.#version, deprecated)) {
      if (this.#showHidden) this.#warn(`Hidden metrics (${options.name}) have been manually overridden, showing this very deprecated metric.`);
      else hidden = true;
    } else if (isDeprecated) {
      this.#warn(`metric ${options.name} is deprecated since ${options.deprecatedVersion}`);
    }
    // A hidden metric still counts what its callers record, in a registry nobody scrapes.
    const help = annotatedHelp(options.help, stabilityLevel, isDeprecated ? options.deprecatedVersion : undefined);
    const metric = withSortedLabels(create(help, hidden ? [] : [this.#registry]));
    this.#metrics.set(options.name, metric);
    if (!frameworkMetrics.has(options.name)) {
      if (hidden) this.#hiddenMetricsTotal().inc();
      else this.#registeredMetricsTotal().inc({ stability_level: stabilityLevel, deprecated_version: options.deprecatedVersion ?? '' });
    }
    return metric;
  }

  #registeredMetricsTotal(): Counter<'stability_level' | 'deprecated_version'> {
    this.#registeredTotal ??= this.counter({
      name: registeredMetricsName,
      help: 'The count of registered metrics broken by stability level and deprecation version.',
      stabilityLevel: 'BETA',
      labelNames: ['stability_level', 'deprecated_version'],
    });
    // The framework's counters are there from the first metric on, at 0, as kube registers them with every registry.
    this.#hiddenMetricsTotal();
    this.#disabledMetricsTotal();
    return this.#registeredTotal;
  }

  #disabledMetricsTotal(): Counter<string> {
    return this.counter({ name: disabledMetricsName, help: 'The count of disabled metrics.', stabilityLevel: 'BETA' });
  }

  #hiddenMetricsTotal(): Counter<string> {
    this.#hiddenTotal ??= this.counter({ name: hiddenMetricsName, help: 'The count of hidden metrics.', stabilityLevel: 'BETA' });
    return this.#hiddenTotal;
  }

  /**
   * prom-client's OpenMetrics writer renames a counter in place (it drops _total from the family
   * name); views of the metrics, made for each scrape, keep the text format's names intact.
   */
  async #openMetrics(): Promise<string> {
    const writer = new Registry<OpenMetricsContentType>();
    writer.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    for (const metric of this.#registry.getMetricsAsArray()) writer.registerMetric(openMetricsView(metric as unknown as OpenMetricsSource));
    return writer.metrics();
  }
}

/**
 * Labels in the order Go's client writes them, by name, a histogram's le (a summary's quantile)
 * last, whatever order the callers give them in.
 */
function withSortedLabels<M extends AnyMetric>(metric: M): M {
  // A histogram is written from getForPromString, its le apart from the labels it shares.
  const writable = metric as unknown as Record<'get' | 'getForPromString', (() => Promise<MetricData>) | undefined>;
  for (const method of ['get', 'getForPromString'] as const) {
    const read = writable[method]?.bind(metric);
    if (read === undefined) continue;
    writable[method] = async () => {
      const data = await read();
      return {
        ...data,
        values: data.values.map((value) => ({ ...value, sharedLabels: {}, labels: sortLabels({ ...value.sharedLabels, ...value.labels }) })),
      };
    };
  }
  return metric;
}

interface MetricData {
  readonly values: readonly { readonly labels: Record<string, string | number>; readonly sharedLabels?: Record<string, string | number> }[];
}

function sortLabels(labels: Record<string, string | number>): Record<string, string | number> {
  const names = Object.keys(labels).sort((a, b) => (isLast(a) === isLast(b) ? (a < b ? -1 : a > b ? 1 : 0) : isLast(a) ? 1 : -1));
  return Object.fromEntries(names.map((name) => [name, labels[name] as string | number]));
}

const isLast = (name: string): boolean => name === 'le' || name === 'quantile';

const registeredMetricsName = 'registered_metrics_total';
const hiddenMetricsName = 'hidden_metrics_total';
const disabledMetricsName = 'disabled_metrics_total';
/** The framework's own counters, which do not count themselves. */
const frameworkMetrics = new Set([registeredMetricsName, hiddenMetricsName, disabledMetricsName]);

interface OpenMetricsSource {
  readonly name: string;
  readonly help: string;
  readonly type: string;
  get(): Promise<{ readonly name: string }>;
}

function openMetricsView(metric: OpenMetricsSource): Parameters<Registry['registerMetric']>[0] {
  const family = metric.type === 'counter' ? metric.name.replace(/_total$/, '') : metric.name;
  const view = {
    name: family,
    help: metric.help,
    type: metric.type,
    get: async () => ({ ...(await metric.get()), name: family }),
  };
  return view as unknown as Parameters<Registry['registerMetric']>[0];
}

/** Whether the Accept header ranks OpenMetrics above Prometheus' text format (kube's clients ask for the text format). */
export function prefersOpenMetrics(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  let openMetrics = 0;
  let text = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = Number(parameters.find((parameter) => parameter.startsWith('q='))?.slice(2) ?? '1');
    const quality = Number.isFinite(q) ? q : 0;
    if (type === 'application/openmetrics-text') openMetrics = Math.max(openMetrics, quality);
    else if (type === 'text/plain' || type === '*/*' || type === 'text/*') text = Math.max(text, quality);
  }
  return openMetrics > 0 && openMetrics >= text;
}

/** The process's registry, as kube's legacyregistry: what the component's /metrics serves. */
export const legacyRegistry = new KubeRegistry();
