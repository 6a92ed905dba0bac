// kube's /debug/api_priority_and_fairness/ dumps (apf_controller_debug.go), in its text format:
// one row per priority level, per queue, or per request (with ?includeRequestDetails=1 also who
// sent it and what it asked). They sit behind authentication and authorization like any
// non-resource path: kube installs them unlisted on the same mux.

import type { TextResponse } from '../health/health-endpoint.ts';
import type { FlowController, PriorityLevelState } from './flow-controller.ts';
import type { RequestDump } from './queue-set.ts';
import { alignColumns, row } from './tab-writer.ts';

const prefix = '/debug/api_priority_and_fairness/';

const byName = (levels: Iterable<PriorityLevelState>): PriorityLevelState[] => [...levels].sort((a, b) => (a.spec.name < b.spec.name ? -1 : a.spec.name > b.spec.name ? 1 : 0));

/** kube's SeatSeconds text: eight decimals and "ss". */
function seatSeconds(value: number): string {
  const scaled = Math.max(0, Math.round(value * 1e8));
  return `${Math.floor(scaled / 1e8)}.${String(scaled % 1e8).padStart(8, '0')}ss`;
}

/** Go's time.RFC3339Nano in UTC: trailing zeros of the fraction dropped; the zero time for 0. */
function rfc3339Nano(ms: number): string {
  if (ms === 0) return '0001-01-01T00:00:00Z';
  const iso = new Date(ms).toISOString();
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 19)}${fraction === '' ? '' : `.${fraction}`}Z`;
}

/** Go's Duration.String() of a number of milliseconds. */
function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const trim = (value: number): string => String(Number(value.toFixed(9)));
  if (ms < 0.001) return `${trim(ms * 1e6)}ns`;
  if (ms < 1) return `${trim(ms * 1000)}µs`;
  if (ms < 1000) return `${trim(ms)}ms`;
  return `${trim(ms / 1000)}s`;
}

function priorityLevels(controller: FlowController): string {
  const lines = [
    row([
      'PriorityLevelName',
      'ActiveQueues',
      'IsIdle',
      'IsQuiescing',
      'WaitingRequests',
      'ExecutingRequests',
      'DispatchedRequests',
      'RejectedRequests',
      'TimedoutRequests',
      'CancelledRequests',
    ]),
  ];
  for (const level of byName(controller.levels.values())) {
    const { queues } = level;
    const active = queues.dumpQueues().filter((queue) => queue.pending > 0).length;
    const { counters } = queues;
    lines.push(
      row([
        level.spec.name,
        String(active),
        String(queues.isIdle),
        String(level.quiescing),
        String(queues.requestsWaiting),
        String(queues.requestsExecuting),
        String(counters.dispatched),
        String(counters.rejected),
        String(counters.timedOut),
        String(counters.cancelled),
      ]),
    );
  }
  return alignColumns(lines);
}

function queues(controller: FlowController): string {
  const lines = [row(['PriorityLevelName', 'Index', 'PendingRequests', 'ExecutingRequests', 'SeatsInUse', 'NextDispatchR', 'InitialSeatsSum', 'MaxSeatsSum', 'TotalWorkSum'])];
  for (const level of byName(controller.levels.values())) {
    level.queues.dumpQueues().forEach((queue, index) => {
      lines.push(
        row([
          level.spec.name,
          String(index),
          String(queue.pending),
          String(queue.executing),
          String(queue.seatsInUse),
          seatSeconds(queue.nextDispatchR),
          String(queue.initialSeatsSum),
          String(queue.maxSeatsSum),
          seatSeconds(queue.totalWorkSum),
        ]),
      );
    });
  }
  return alignColumns(lines);
}

function requests(controller: FlowController, details: boolean): string {
  const header = [
    'PriorityLevelName',
    'FlowSchemaName',
    'QueueIndex',
    'RequestIndexInQueue',
    'FlowDistingsher',
    'ArriveTime',
    'InitialSeats',
    'FinalSeats',
    'AdditionalLatency',
    'StartTime',
  ];
  const detailHeader = ['UserName', 'Verb', 'APIPath', 'Namespace', 'Name', 'APIVersion', 'Resource', 'SubResource'];
  const lines = [details ? `${row(header)},\t${row(detailHeader)}` : row(header)];
  const line = (level: string, request: RequestDump): string => {
    const { description, estimate } = request;
    const columns = row([
      level,
      description.flowSchemaName,
      String(request.queueIndex),
      String(request.indexInQueue),
      description.distinguisher,
      rfc3339Nano(request.arriveTime),
      String(estimate.initialSeats),
      String(estimate.finalSeats),
      goDuration(estimate.additionalLatencyMs),
      rfc3339Nano(request.startTime),
    ]);
    if (!details) return columns;
    const { info } = description;
    const apiVersion = info.apiGroup === '' ? info.apiVersion : `${info.apiGroup}/${info.apiVersion}`;
    return `${columns},\t${row([description.userName, info.verb, info.path, info.namespace, info.name, apiVersion, info.resource, info.subresource])}`;
  };
  for (const level of byName(controller.levels.values())) for (const request of level.queues.dumpRequests()) lines.push(line(level.spec.name, request));
  return alignColumns(lines);
}

/** The dump at `pathname`, or undefined for any other path. */
export function flowControlDump(controller: FlowController, pathname: string, query: URLSearchParams): TextResponse | undefined {
  if (!pathname.startsWith(prefix)) return undefined;
  let body: string;
  switch (pathname.slice(prefix.length)) {
    case 'dump_priority_levels':
      body = priorityLevels(controller);
      break;
    case 'dump_queues':
      body = queues(controller);
      break;
    case 'dump_requests':
      body = requests(controller, (query.get('includeRequestDetails') ?? '') !== '');
      break;
    default:
      return undefined;
  }
  return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body };
}
