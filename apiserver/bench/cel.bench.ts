// `npm run bench -- cel`: what a CEL rule costs — compiling it (parse and plan; the type checker and
// cost estimator are not part of compileCel yet) and evaluating it, plainly and with its cost
// counted against Kubernetes' per-call limit — for the issue's three rules, against the best
// JavaScript library measured on this machine (2.4 M, 35 k and 0.9 M evaluations per second);
// and how soon the limit stops a runaway comprehension.

import { compileCel, perCallLimit } from '@capstan/common/cel';
import type { BenchRow } from './bench-row.ts';
import { rate } from './measure.ts';

interface Rule {
  readonly name: string;
  readonly expression: string;
  readonly variables: Readonly<Record<string, unknown>>;
  /** Evaluations per second of the best library measured here (the bar). */
  readonly bar: number;
}

const rules: readonly Rule[] = [
  {
    name: 'replicas and name',
    expression: "self.replicas <= self.maxReplicas && self.name.startsWith('web-')",
    variables: { self: { replicas: 3, maxReplicas: 5, name: 'web-1' } },
    bar: 2_400_000,
  },
  {
    name: 'all() over 100 items',
    expression: 'self.items.all(i, i.size() < 64)',
    variables: { self: { items: Array.from({ length: 100 }, (_, i) => `item-${i}`) } },
    bar: 35_000,
  },
  {
    name: 'labels.exists',
    expression: "object.metadata.labels.exists(k, k == 'env')",
    variables: { object: { metadata: { labels: { app: 'web', tier: 'front', env: 'prod', team: 'a' } } } },
    bar: 900_000,
  },
];

/** A rule that would run 100 million iterations: the per-call limit has to stop it early. */
const runaway = 'lists.range(10000).all(i, lists.range(10000).all(j, i * j >= 0))';

const versusBar = (evaluations: number, bar: number): string => `${(evaluations / bar).toFixed(1)}x the best library measured here (${bar.toLocaleString('en-US')}/s)`;

export function celBench(phaseMs: number, log: (line: string) => void): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const rule of rules) {
    log(`cel: ${rule.name}`);
    const compiled = compileCel(rule.expression);
    if (!compiled.ok) throw new Error(`${rule.expression} does not compile`);
    const { program } = compiled;
    const compiles = rate(phaseMs, () => compileCel(rule.expression));
    rows.push({ subject: rule.name, metric: 'compile (parse and plan)', value: 1e6 / compiles, unit: 'us', note: rule.expression });
    const evaluations = rate(phaseMs, () => program.evaluate(rule.variables));
    rows.push({ subject: rule.name, metric: 'evaluations, one thread', value: evaluations, unit: 'evals/s', note: versusBar(evaluations, rule.bar) });
    const { cost } = program.evaluateWithCost(rule.variables);
    const costed = rate(phaseMs, () => program.evaluateWithCost(rule.variables, { costLimit: perCallLimit }));
    rows.push({ subject: rule.name, metric: 'evaluations with cost tracking', value: costed, unit: 'evals/s', note: `cost ${cost}; ${versusBar(costed, rule.bar)}` });
  }
  log('cel: runaway comprehension');
  const compiled = compileCel(runaway);
  if (!compiled.ok) throw new Error(`${runaway} does not compile`);
  const { program } = compiled;
  const stops = rate(phaseMs, () => program.evaluateWithCost({}, { costLimit: perCallLimit }));
  const { cost, costLimitExceeded } = program.evaluateWithCost({}, { costLimit: perCallLimit });
  if (!costLimitExceeded) throw new Error(`${runaway} was not stopped`);
  rows.push({ subject: 'runaway comprehension', metric: 'stopped by the per-call limit after', value: 1e3 / stops, unit: 'ms', note: `${runaway}: stopped at cost ${cost.toLocaleString('en-US')}` });
  return rows;
}
