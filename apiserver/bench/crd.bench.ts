// `npm run bench -- crd`: custom resources beside a built-in kind, on real `capstan apiserver`
// processes (sqlite) driven over HTTP: how long a CRD takes from its create to Established and to
// its resource in discovery, and the create, list and watch throughput of a custom resource whose
// CRD has 5 CEL rules (x-kubernetes-validations), of the same resource without rules, and of a
// ConfigMap of about the same size, each on a fresh server, in rounds that rotate their order. The
// rows are each subject's fastest round: other work on a shared machine only slows a round down.

import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBenchApiServer, type BenchApiServer } from './api-server-process.ts';
import { createNamespace, latencyRows, requestJson, type Target, type WatchOptions, watchRows, withCpu } from './api.bench.ts';
import { type BenchKind, collectionPath, configMapKind } from './bench-object.ts';
import type { BenchRow } from './bench-row.ts';
import { httpLoad as load, type LoadResult } from './http-load.ts';
import { percentile } from './measure.ts';
import { residentMemory } from './process-usage.ts';

export interface CrdBenchOptions extends WatchOptions {
  /** CRDs created one after the other on one server, each timed to Established and to discovery (at least 2). */
  readonly crds: number;
  /** Rounds of the throughput phases, each subject once a round. */
  readonly rounds: number;
  /** Creates in flight, and for filling the listed namespace. */
  readonly concurrency: number;
  /** Whole lists in flight. */
  readonly listConcurrency: number;
  /** Objects in the listed namespace. */
  readonly listSize: number;
  /** How long each timed load runs, after its warm-up. */
  readonly phaseMs: number;
  readonly warmupMs: number;
}

const group = 'bench.capstan.dev';

/** The fields the rules read, beside seq and the payload: about 45 bytes more than the ConfigMap's data. */
const widgetContent = { replicas: 2, maxReplicas: 3, mode: 'fast' };

/** A CRD of objectBody's custom resources; with `rules`, 5 CEL rules at four levels of the schema. */
function benchCrd(crdGroup: string, plural: string, kind: string, rules: boolean): Record<string, unknown> {
  const validations = (list: { rule: string; message: string }[]) => (rules ? { 'x-kubernetes-validations': list } : {});
  const spec = {
    type: 'object',
    required: ['seq', 'payload'],
    ...validations([
      { rule: 'self.replicas <= self.maxReplicas', message: 'replicas must not exceed maxReplicas' },
      { rule: "self.mode == 'fast' || self.replicas <= 1", message: 'only the fast mode runs more than one replica' },
    ]),
    properties: {
      seq: { type: 'string', maxLength: 20, ...validations([{ rule: "self.matches('^[0-9]+$')", message: 'seq is a number' }]) },
      payload: { type: 'string', maxLength: 4096, ...validations([{ rule: 'self.size() > 0', message: 'payload may not be empty' }]) },
      replicas: { type: 'integer', minimum: 0 },
      maxReplicas: { type: 'integer', minimum: 1, maximum: 100 },
      mode: { type: 'string', maxLength: 16, ...validations([{ rule: "self in ['fast', 'safe']", message: 'mode is fast or safe' }]) },
    },
  };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${crdGroup}` },
    spec: {
      group: crdGroup,
      scope: 'Namespaced',
      names: { plural, singular: kind.toLowerCase(), kind, listKind: `${kind}List` },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
}

interface Subject {
  readonly label: string;
  readonly kind: BenchKind;
  /** The CRD to create first, for a custom resource. */
  readonly crd?: Record<string, unknown>;
}

const customKind = (plural: string, kind: string): BenchKind => ({
  groupVersionPath: `/apis/${group}/v1`,
  apiVersion: `${group}/v1`,
  kind,
  resource: plural,
  contentField: 'spec',
  content: widgetContent,
});

const subjects: readonly Subject[] = [
  { label: 'ConfigMap', kind: configMapKind },
  { label: 'CR, 5 CEL rules', kind: customKind('widgets', 'Widget'), crd: benchCrd(group, 'widgets', 'Widget', true) },
  { label: 'CR, no rules', kind: customKind('plainwidgets', 'PlainWidget'), crd: benchCrd(group, 'plainwidgets', 'PlainWidget', false) },
];

export async function crdBench(options: CrdBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-crd-'));
  try {
    rows.push(...(await establishRows(join(scratch, 'establish'), options, log)));
    const runs = new Map<Subject, SubjectRun[]>(subjects.map((subject) => [subject, []]));
    for (let round = 0; round < options.rounds; round++) {
      for (let i = 0; i < subjects.length; i++) {
        const subject = subjects[(round + i) % subjects.length] as Subject;
        log(`round ${round + 1} of ${options.rounds}: ${subject.label}`);
        runs.get(subject)?.push(await throughputRun(subject, join(scratch, `round-${round}-${i}`), options, log));
      }
    }
    for (const subject of subjects) rows.push(...throughputRows(subject, runs.get(subject) ?? [], options));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}

/** When one CRD was answered, Established and discovered, in ms from its create call. */
interface CrdTimes {
  readonly answeredMs: number;
  readonly establishedMs: number;
  readonly discoveredMs: number;
}

/** `crds` CRDs with 5 rules, each in a group of its own, created one after the other on one fresh server. */
async function establishRows(dataDir: string, options: CrdBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const server = await startBenchApiServer({ backend: 'sqlite', dataDir });
  const times: CrdTimes[] = [];
  try {
    log(`${options.crds} CRDs with 5 CEL rules, one after the other: create to Established and to discovery`);
    for (let i = 0; i < options.crds; i++) times.push(await timeCrd(server, benchCrd(`g${i}.${group}`, 'widgets', 'Widget', true)));
  } finally {
    await server.stop();
  }
  const [first, ...rest] = times as [CrdTimes, ...CrdTimes[]];
  const summary = (pick: (t: CrdTimes) => number, metric: string): BenchRow[] => {
    const sorted = rest.map(pick).sort((a, b) => a - b);
    return [
      { subject: 'CRD', metric: `${metric}, first CRD`, value: pick(first), unit: 'ms', note: 'the first on a fresh server: CEL and schema code not yet compiled by V8' },
      {
        subject: 'CRD',
        metric: `${metric}, p50 of the next ${rest.length}`,
        value: percentile(sorted, 50),
        unit: 'ms',
        note: `min ${oneDecimal(sorted[0] as number)}, max ${oneDecimal(sorted[sorted.length - 1] as number)} ms; the i-th CRD beside i - 1 others`,
      },
    ];
  };
  return [
    ...summary((t) => t.answeredMs, 'create answered'),
    ...summary((t) => t.establishedMs, 'create to Established (watch event)'),
    ...summary((t) => t.discoveredMs, 'create to /apis/<group>/v1 listing it'),
  ];
}

/**
 * Creates the CRD with a watch on it already open and discovery polled from the create call on,
 * one request at a time: the times its create is answered, a watch event says Established, and
 * /apis/<group>/v1 first answers 200 with the resource.
 */
async function timeCrd(server: BenchApiServer, crd: Record<string, unknown>): Promise<CrdTimes> {
  const name = (crd.metadata as { name: string }).name;
  const { group: crdGroup, names } = crd.spec as { group: string; names: { plural: string } };
  const stop = new AbortController();
  const watch = await fetch(`${server.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions?watch=1&fieldSelector=metadata.name%3D${name}`, {
    signal: stop.signal,
  });
  if (watch.status !== 200 || watch.body === null) throw new Error(`the watch of CRD ${name} answered ${watch.status}`);
  const reader = watch.body.getReader();
  const began = performance.now();
  try {
    const established = (async (): Promise<number> => {
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the watch of CRD ${name} ended before it was Established`);
        text += decoder.decode(value, { stream: true });
        if (/"type":"Established","status":"True"/.test(text)) return performance.now() - began;
      }
    })();
    const answered = requestJson(server.url, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', Buffer.from(JSON.stringify(crd))).then(
      () => performance.now() - began,
    );
    const discovered = pollDiscovery(server.url, `/apis/${crdGroup}/v1`, names.plural).then(() => performance.now() - began);
    const [answeredMs, establishedMs, discoveredMs] = await Promise.all([answered, established, discovered]);
    return { answeredMs, establishedMs, discoveredMs };
  } finally {
    stop.abort();
  }
}

/** GETs `path` one after the other on one keep-alive connection until it answers 200 listing `resource`. */
async function pollDiscovery(url: string, path: string, resource: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const needle = `"name":"${resource}"`;
  try {
    for (;;) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ agent, host: target.hostname, port: target.port, path, headers: { accept: 'application/json' } }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      if (answer.status === 200 && answer.body.includes(needle)) return;
    }
  } finally {
    agent.destroy();
  }
}

/** What one round measured of one subject. */
interface SubjectRun {
  readonly create: LoadResult;
  readonly createCpu: string;
  readonly list: LoadResult;
  readonly listCpu: string;
  /** The watch fan-out's rows (without its memory rows). */
  readonly watch: readonly BenchRow[];
}

/** One subject on a fresh server: creates, whole lists and the watch fan-out. */
async function throughputRun(subject: Subject, dataDir: string, options: CrdBenchOptions, log: (line: string) => void): Promise<SubjectRun> {
  const { label, kind } = subject;
  const server = await startBenchApiServer({ backend: 'sqlite', dataDir });
  const target: Target = { backend: 'sqlite', server, etcdPid: undefined };
  try {
    for (const namespace of ['bench-create', 'bench-list', 'bench-watch']) await createNamespace(server.url, namespace);
    if (subject.crd !== undefined) await timeCrd(server, subject.crd);

    log(`${label}: create, ${options.concurrency} in flight`);
    const [create, createCpu] = await withCpu(target, () =>
      load({
        url: server.url,
        request: { kind: 'create', namespaces: ['bench-create'], namePrefix: 'c-', objectKind: kind },
        concurrency: options.concurrency,
        durationMs: options.phaseMs,
        warmupMs: options.warmupMs,
      }),
    );
    if (create.errors > 0) throw new Error(`${label}: ${create.errors} creates failed, the first: ${create.firstError}`);

    log(`${label}: filling a namespace with ${thousands(options.listSize)}, then whole lists, ${options.listConcurrency} in flight`);
    const fill = await load({
      url: server.url,
      request: { kind: 'create', namespaces: ['bench-list'], namePrefix: 'l-', objectKind: kind },
      concurrency: options.concurrency,
      count: options.listSize,
    });
    if (fill.errors > 0) throw new Error(`${label}: ${fill.errors} creates failed, the first: ${fill.firstError}`);
    const [list, listCpu] = await withCpu(target, () =>
      load({
        url: server.url,
        request: { kind: 'get', path: collectionPath(kind, 'bench-list') },
        concurrency: options.listConcurrency,
        durationMs: options.phaseMs,
        warmupMs: options.warmupMs,
      }),
    );
    if (list.errors > 0) throw new Error(`${label}: ${list.errors} lists failed, the first: ${list.firstError}`);

    const watch = await watchRows(target, residentMemory(server.pid).rssMiB, options, log, { kind, namespace: 'bench-watch', label });
    return { create, createCpu, list, listCpu, watch: watch.filter((row) => row.subject === `${label} watch`) };
  } finally {
    await server.stop();
  }
}

/** A subject's rows from the round of the highest rate of each measurement, with every round's rate noted. */
function throughputRows(subject: Subject, runs: readonly SubjectRun[], options: CrdBenchOptions): BenchRow[] {
  const { label } = subject;
  const fastest = <T>(values: readonly T[], rateOf: (value: T) => number): [T, string] => {
    const best = values.reduce((a, b) => (rateOf(b) > rateOf(a) ? b : a));
    return [best, `fastest of rounds: ${values.map((value) => rateText(rateOf(value))).join(', ')}`];
  };
  const [createRun, createRounds] = fastest(runs, (run) => run.create.perSecond);
  const [listRun, listRounds] = fastest(runs, (run) => run.list.perSecond);
  const delivered = (run: SubjectRun): number => run.watch.find((row) => row.metric.startsWith('events delivered'))?.value ?? Number.NaN;
  const [watchRun, watchRounds] = fastest(runs, delivered);
  const perItem = `${Math.round(listRun.list.bytesPerResponse / options.listSize)} B per item in the list`;
  return [
    ...latencyRows(`${label} create`, `${options.concurrency} in flight`, createRun.create, 'creates/s', [createRounds, createRun.createCpu]),
    ...latencyRows(`${label} list`, `whole list of ${thousands(options.listSize)}, ${options.listConcurrency} in flight`, listRun.list, 'lists/s', [
      listRounds,
      perItem,
      listRun.listCpu,
    ]),
    ...watchRun.watch.map((row) => (row.metric.startsWith('events delivered') ? { ...row, note: `${watchRounds}; ${row.note}` } : row)),
  ];
}

const thousands = (n: number): string => n.toLocaleString('en-US');
const oneDecimal = (n: number): string => n.toFixed(1);
const rateText = (n: number): string => (n >= 100 ? thousands(Math.round(n)) : oneDecimal(n));
