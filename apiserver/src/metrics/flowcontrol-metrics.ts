// apiserver_flowcontrol_* as kube-apiserver 1.35 names them (k8s.io/apiserver's flowcontrol
// metrics), read at scrape time from the flow controller's snapshot (flowcontrol-stats.ts): the
// seat limits of each priority level (nominal, the borrowing bounds and the current limit), the
// seat demand of the last adjustment period, and the requests dispatched and rejected by flow
// schema. With --enable-priority-and-fairness=false there are no priority levels: these stay empty.
// kube's per-flow-schema gauges of executing and waiting requests are not here: the snapshot keeps
// those by priority level only.

import { legacyRegistry } from '@capstan/common/metrics';
import type { FlowControlStats, PriorityLevelStats } from '../flowcontrol/flowcontrol-stats.ts';

type StatsSource = () => FlowControlStats;

/** The server whose flow control the metrics read: the last one registered in this process. */
let source: StatsSource | undefined;
let registered = false;

const levelsOf = (): readonly PriorityLevelStats[] => {
  const stats = source?.();
  return stats?.mode === 'priority-and-fairness' ? stats.priorityLevels : [];
};

function levelGauge(name: string, help: string, stabilityLevel: 'ALPHA' | 'BETA', value: (level: PriorityLevelStats) => number): void {
  legacyRegistry.gauge({
    name: `apiserver_flowcontrol_${name}`,
    help,
    stabilityLevel,
    labelNames: ['priority_level'],
    collect: (gauge) => {
      gauge.reset();
      for (const level of levelsOf()) gauge.set({ priority_level: level.priorityLevel }, value(level));
    },
  });
}

export function registerFlowControlMetrics(stats: StatsSource): void {
  source = stats;
  if (registered) return;
  registered = true;
  levelGauge('nominal_limit_seats', 'Nominal number of execution seats configured for each priority level', 'BETA', (l) => l.nominalLimitSeats);
  levelGauge('lower_limit_seats', 'Configured lower bound on number of execution seats available to each priority level', 'ALPHA', (l) => l.lowerLimitSeats);
  levelGauge('upper_limit_seats', 'Configured upper bound on number of execution seats available to each priority level', 'ALPHA', (l) => l.upperLimitSeats);
  levelGauge('current_limit_seats', 'current derived number of execution seats available to each priority level', 'ALPHA', (l) => l.currentLimitSeats);
  levelGauge('demand_seats_high_watermark', 'High watermark, over last adjustment period, of demand_seats', 'ALPHA', (l) => l.demandSeatsHighWatermark);
  levelGauge('demand_seats_average', 'Time-weighted average, over last adjustment period, of demand_seats', 'ALPHA', (l) => l.demandSeatsAverage);
  levelGauge('demand_seats_smoothed', 'Smoothed seat demands', 'ALPHA', (l) => l.demandSeatsSmoothed);
  legacyRegistry.counter({
    name: 'apiserver_flowcontrol_dispatched_requests_total',
    help: 'Number of requests executed by API Priority and Fairness subsystem',
    stabilityLevel: 'BETA',
    labelNames: ['priority_level', 'flow_schema'],
    collect: (counter) => {
      counter.reset();
      const stats = source?.();
      if (stats?.mode !== 'priority-and-fairness') return;
      for (const schema of stats.flowSchemas) {
        if (schema.dispatchedTotal > 0) counter.inc({ priority_level: schema.priorityLevel, flow_schema: schema.flowSchema }, schema.dispatchedTotal);
      }
    },
  });
  legacyRegistry.counter({
    name: 'apiserver_flowcontrol_rejected_requests_total',
    help: 'Number of requests rejected by API Priority and Fairness subsystem',
    stabilityLevel: 'BETA',
    labelNames: ['priority_level', 'flow_schema', 'reason'],
    collect: (counter) => {
      counter.reset();
      const stats = source?.();
      if (stats?.mode !== 'priority-and-fairness') return;
      for (const schema of stats.flowSchemas) {
        for (const [reason, total] of Object.entries(schema.rejectedTotal)) {
          if (total > 0) counter.inc({ priority_level: schema.priorityLevel, flow_schema: schema.flowSchema, reason }, total);
        }
      }
    },
  });
}
