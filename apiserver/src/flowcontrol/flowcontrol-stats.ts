// A plain snapshot of flow control's counters and gauges, for the apiserver_flowcontrol_* metrics
// (kube's names in the comments): read it when /metrics is scraped; nothing here depends on a
// metrics library.

import type { FlowController } from './flow-controller.ts';
import type { RejectReason } from './queue-set.ts';
import type { MaxInFlightStats } from './max-in-flight-limit.ts';
import { maxSeatsOf } from './work-estimate.ts';

export interface PriorityLevelStats {
  readonly priorityLevel: string;
  /** apiserver_flowcontrol_nominal_limit_seats */
  readonly nominalLimitSeats: number;
  /** apiserver_flowcontrol_lower_limit_seats / upper_limit_seats */
  readonly lowerLimitSeats: number;
  readonly upperLimitSeats: number;
  /** apiserver_flowcontrol_current_limit_seats (after borrowing) */
  readonly currentLimitSeats: number;
  /** apiserver_flowcontrol_current_executing_seats */
  readonly executingSeats: number;
  /** apiserver_flowcontrol_current_executing_requests */
  readonly executingRequests: number;
  /** apiserver_flowcontrol_current_inqueue_requests */
  readonly waitingRequests: number;
  /** apiserver_flowcontrol_current_inqueue_seats */
  readonly waitingSeats: number;
  /** apiserver_flowcontrol_dispatched_requests_total (summed over flow schemas) */
  readonly dispatchedTotal: number;
  /** apiserver_flowcontrol_rejected_requests_total by reason (summed over flow schemas) */
  readonly rejectedTotal: Readonly<Record<RejectReason, number>>;
  /** apiserver_flowcontrol_current_r */
  readonly currentR: number;
  /** apiserver_flowcontrol_demand_seats_high_watermark / _average / _smoothed of the last period */
  readonly demandSeatsHighWatermark: number;
  readonly demandSeatsAverage: number;
  readonly demandSeatsSmoothed: number;
}

export interface FlowSchemaStats {
  readonly flowSchema: string;
  readonly priorityLevel: string;
  /** apiserver_flowcontrol_dispatched_requests_total{flow_schema, priority_level} */
  readonly dispatchedTotal: number;
  /** apiserver_flowcontrol_rejected_requests_total{flow_schema, priority_level, reason} */
  readonly rejectedTotal: Readonly<Record<RejectReason, number>>;
}

/** The requests of one flow schema in one priority level now, counted from the queue sets on each snapshot. */
export interface FlowStats {
  readonly flowSchema: string;
  readonly priorityLevel: string;
  /** apiserver_flowcontrol_current_executing_requests / _seats (a request's widest seats, as kube counts them) */
  executingRequests: number;
  executingSeats: number;
  /** apiserver_flowcontrol_current_inqueue_requests / _seats */
  waitingRequests: number;
  waitingSeats: number;
}

export type FlowControlStats =
  | {
      readonly mode: 'priority-and-fairness';
      readonly priorityLevels: readonly PriorityLevelStats[];
      readonly flowSchemas: readonly FlowSchemaStats[];
      readonly flows: readonly FlowStats[];
    }
  /** apiserver_current_inflight_requests{request_kind}, apiserver_dropped_requests_total */
  | { readonly mode: 'max-in-flight'; readonly maxInFlight: Readonly<MaxInFlightStats> };

export function flowControlStatsOf(controller: FlowController): FlowControlStats {
  const priorityLevels = [...controller.levels.values()].map((level): PriorityLevelStats => {
    const { queues } = level;
    return {
      priorityLevel: level.spec.name,
      nominalLimitSeats: level.limits.nominal,
      lowerLimitSeats: level.limits.min,
      upperLimitSeats: level.limits.max,
      currentLimitSeats: level.currentLimit,
      executingSeats: queues.seatsInUse,
      executingRequests: queues.requestsExecuting,
      waitingRequests: queues.requestsWaiting,
      waitingSeats: queues.seatsWaiting,
      dispatchedTotal: queues.counters.dispatched,
      rejectedTotal: { ...queues.counters.rejectedByReason },
      currentR: queues.currentR,
      demandSeatsHighWatermark: level.demand.highWatermark,
      demandSeatsAverage: level.demand.average,
      demandSeatsSmoothed: level.demand.smoothed,
    };
  });
  const flowSchemas = [...controller.flowSchemaCounters].map(
    ([flowSchema, counters]): FlowSchemaStats => ({
      flowSchema,
      priorityLevel: counters.priorityLevel,
      dispatchedTotal: counters.dispatched,
      rejectedTotal: { ...counters.rejected },
    }),
  );
  const flows = new Map<string, FlowStats>();
  for (const level of controller.levels.values()) {
    for (const request of level.queues.dumpRequests()) {
      const flowSchema = request.description.flowSchemaName;
      const key = `${level.spec.name}\u0000${flowSchema}`;
      let flow = flows.get(key);
      if (flow === undefined) {
        flow = { flowSchema, priorityLevel: level.spec.name, executingRequests: 0, executingSeats: 0, waitingRequests: 0, waitingSeats: 0 };
        flows.set(key, flow);
      }
      const seats = maxSeatsOf(request.estimate);
      if (request.indexInQueue < 0) {
        flow.executingRequests++;
        flow.executingSeats += seats;
      } else {
        flow.waitingRequests++;
        flow.waitingSeats += seats;
      }
    }
  }
  return { mode: 'priority-and-fairness', priorityLevels, flowSchemas, flows: [...flows.values()] };
}
