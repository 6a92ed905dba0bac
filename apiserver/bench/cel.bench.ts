// `npm run bench -- cel`: what a CEL rule costs — compiling it (parse and plan; the type checker and
// cost estimator do not exist yet) and evaluating it — for the three rules, against the
// best JavaScript library measured on this machine (2.4 M, 35 k and 0.9 M evaluations per second).

import { compileCel } from '@capstan/common/cel';
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

export function celBench(phaseMs: number, log: (line: string) => void): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const rule of rules) {
    log(`cel: ${rule.name}`);
    const compiled = compileCel(rule.expression);
    if (!compiled.ok) throw new Error(`${rule.expression} does not compile`);
    const compiles = rate(phaseMs, () => compileCel(rule.expression));
    rows.push({ subject: rule.name, metric: 'compile (parse and plan)', value: 1e6 / compiles, unit: 'us', note: rule.expression });
    const evaluations = rate(phaseMs, () => compiled.program.evaluate(rule.variables));
    rows.push({ subject: rule.name, metric: 'evaluations, one thread', value: evaluations, unit: 'evals/s', note: `${(evaluations / rule.bar).toFixed(1)}x the best library measured here (${rule.bar.toLocaleString('en-US')}/s)` });
  }
  return rows;
}
