// `npm run bench -- cel`: what a CEL rule costs — compiling it as Kubernetes does (parse, type-check
// against the rule's variables, estimate the worst-case cost, plan) and evaluating it, plainly and
// with its cost counted against Kubernetes' per-call limit — for the issue's three rules, against
// the best JavaScript library measured on this machine (2.4 M, 35 k and 0.9 M evaluations per
// second); how soon the limit stops a runaway comprehension; and whether a piscina worker pool pays
// for a cheap and for an expensive rule (it decides where evaluation runs).

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { compileExpression, dynType, perCallLimit, ruleSelfType, schemaSizeEstimator, type CelType, type CompileOptions, type OpenApiV3Schema } from '@capstan/common/cel';
import type { BenchRow } from './bench-row.ts';
import type { PoolTask } from './cel-pool-worker.ts';
import { measureLoop, rate } from './measure.ts';

interface Rule {
  readonly name: string;
  readonly expression: string;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly options: CompileOptions;
  /** Evaluations per second of the best library measured here (the bar). */
  readonly bar: number;
}

/** `self` of a custom resource rule on this schema, with the schema's bounds for the estimate. */
function ruleOn(schema: OpenApiV3Schema): CompileOptions {
  const self = ruleSelfType(schema, { typeName: 'selfType' }) as CelType;
  return { variables: new Map([['self', self]]), sizes: schemaSizeEstimator(self) };
}

const rules: readonly Rule[] = [
  {
    name: 'replicas and name',
    expression: "self.replicas <= self.maxReplicas && self.name.startsWith('web-')",
    variables: { self: { replicas: 3, maxReplicas: 5, name: 'web-1' } },
    options: ruleOn({ type: 'object', properties: { replicas: { type: 'integer' }, maxReplicas: { type: 'integer' }, name: { type: 'string', maxLength: 253 } } }),
    bar: 2_400_000,
  },
  {
    name: 'all() over 100 items',
    expression: 'self.items.all(i, i.size() < 64)',
    variables: { self: { items: Array.from({ length: 100 }, (_, i) => `item-${i}`) } },
    options: ruleOn({ type: 'object', properties: { items: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 64 } } } }),
    bar: 35_000,
  },
  {
    name: 'labels.exists',
    expression: "object.metadata.labels.exists(k, k == 'env')",
    variables: { object: { metadata: { labels: { app: 'web', tier: 'front', env: 'prod', team: 'a' } } } },
    options: { variables: new Map([['object', dynType]]) },
    bar: 900_000,
  },
];

/** A rule that would run 100 million iterations: the per-call limit has to stop it early. */
const runaway = 'lists.range(10000).all(i, lists.range(10000).all(j, i * j >= 0))';

/** A legitimate but expensive rule: every pair of 300 items (about 45,000 comparisons). */
const expensive: PoolTask = {
  expression: 'self.items.all(i, self.items.exists(j, j == i))',
  variables: { self: { items: Array.from({ length: 300 }, (_, i) => `item-${i}`) } },
};

const versusBar = (evaluations: number, bar: number): string => `${(evaluations / bar).toFixed(1)}x the best library measured here (${bar.toLocaleString('en-US')}/s)`;

function compiled(expression: string, options: CompileOptions) {
  const result = compileExpression(expression, options);
  if (!result.ok) throw new Error(`${expression} does not compile`);
  return result.compiled;
}

export async function celBench(phaseMs: number, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const rule of rules) {
    log(`cel: ${rule.name}`);
    const { program, estimatedCost } = compiled(rule.expression, rule.options);
    const compiles = rate(phaseMs, () => compileExpression(rule.expression, rule.options));
    rows.push({
      subject: rule.name,
      metric: 'compile (parse, check, estimate, plan)',
      value: 1e6 / compiles,
      unit: 'us',
      note: `${rule.expression}; estimated cost ${estimatedCost.min}..${estimatedCost.max}`,
    });
    const evaluations = rate(phaseMs, () => program.evaluate(rule.variables));
    rows.push({ subject: rule.name, metric: 'evaluations, one thread', value: evaluations, unit: 'evals/s', note: versusBar(evaluations, rule.bar) });
    const { cost } = program.evaluateWithCost(rule.variables);
    const costed = rate(phaseMs, () => program.evaluateWithCost(rule.variables, { costLimit: perCallLimit }));
    rows.push({ subject: rule.name, metric: 'evaluations with cost tracking', value: costed, unit: 'evals/s', note: `cost ${cost}; ${versusBar(costed, rule.bar)}` });
  }
  log('cel: runaway comprehension');
  const { program } = compiled(runaway, {});
  const stops = rate(phaseMs, () => program.evaluateWithCost({}, { costLimit: perCallLimit }));
  const { cost, costLimitExceeded } = program.evaluateWithCost({}, { costLimit: perCallLimit });
  if (!costLimitExceeded) throw new Error(`${runaway} was not stopped`);
  rows.push({
    subject: 'runaway comprehension',
    metric: 'stopped by the per-call limit after',
    value: 1e3 / stops,
    unit: 'ms',
    note: `${runaway}: stopped at cost ${cost.toLocaleString('en-US')}`,
  });
  rows.push(...(await poolBench(phaseMs, log)));
  return rows;
}

/**
 * Inline evaluation against a piscina pool (one worker per core, 16 evaluations in flight) for the
 * cheap first rule and the expensive pairwise rule: throughput, latency, and how long the main
 * thread is busy per evaluation with the pool (its event loop utilization: cloning, dispatch, results).
 */
async function poolBench(phaseMs: number, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const workers = availableParallelism();
  const pool = new Piscina({ filename: new URL('./cel-pool-worker.ts', import.meta.url).href, minThreads: workers, maxThreads: workers });
  try {
    const cheap: PoolTask = { expression: rules[0]!.expression, variables: rules[0]!.variables };
    for (const [name, task] of [
      ['replicas and name', cheap],
      ['pairwise all/exists over 300 items', expensive],
    ] as const) {
      log(`cel: inline vs worker pool, ${name}`);
      const { program } = compiled(task.expression, { variables: new Map(Object.keys(task.variables).map((variable) => [variable, dynType])) });
      const inline = rate(phaseMs, () => program.evaluateWithCost(task.variables, { costLimit: perCallLimit }));
      rows.push({
        subject: `pool: ${name}`,
        metric: 'inline evaluations (main thread busy throughout)',
        value: inline,
        unit: 'evals/s',
        note: `cost ${program.evaluateWithCost(task.variables).cost}`,
      });
      await pool.run(task);
      const before = performance.eventLoopUtilization();
      const pooled = await measureLoop(16, phaseMs, () => pool.run(task));
      const busy = performance.eventLoopUtilization(before);
      const busyPerEvaluation = (busy.active * 1000) / pooled.count;
      rows.push({
        subject: `pool: ${name}`,
        metric: `worker pool evaluations (${workers} workers)`,
        value: pooled.perSecond,
        unit: 'evals/s',
        note: `p50 ${pooled.p50Ms.toFixed(3)} ms per evaluation; main thread busy ${busyPerEvaluation.toFixed(1)} us per evaluation (${(busy.utilization * 100).toFixed(0)}% of the time)`,
      });
    }
  } finally {
    await pool.destroy();
  }
  return rows;
}
