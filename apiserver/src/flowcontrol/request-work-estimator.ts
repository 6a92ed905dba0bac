// kube's WorkEstimator: how many seats a request takes. A list takes seats for the memory it
// will hold (the SizeBasedListCostEstimate way, on by default in 1.35: objects it reads times
// their average size, 100 kB a seat, a cached list counted as at most 1 MB); a write keeps seats
// after it ends for the watch events it causes (one seat per ten interested watches, 5 ms of
// work each); anything else takes one seat.

import type { RequestInfo } from '../request-info/request-info.ts';
import type { ResourceStats } from '../storage/cacher/resource-cache.ts';
import { oneSeat, type WorkEstimate } from './work-estimate.ts';

export interface WorkEstimatorSources {
  /** The stored objects of the request's resource, or undefined when they are not counted (no watch cache). */
  objectStats(info: RequestInfo): ResourceStats | undefined;
  /** The watches a write's event would reach. */
  interestedWatchCount(info: RequestInfo): number;
  /** Whether watches with initial events are estimated as lists (the WatchList feature). */
  readonly watchList: boolean;
}

const maximumListSeats = 100;
const maximumMutatingSeats = 10;
const bytesPerSeat = 100_000;
const cachedListMaxBytes = 1_000_000;
const watchesPerSeat = 10;
const eventAdditionalMs = 5;

const mutatingVerbs: ReadonlySet<string> = new Set(['create', 'update', 'patch', 'delete']);

/** `levelMaxSeats`: the level's cap on one request's seats (0: none but the estimator's own). */
export function estimateWork(info: RequestInfo, query: URLSearchParams, levelMaxSeats: number, sources: WorkEstimatorSources): WorkEstimate {
  if (info.verb === 'list' || (info.verb === 'watch' && sources.watchList)) return estimateList(info, query, levelMaxSeats, sources);
  if (mutatingVerbs.has(info.verb)) return estimateWrite(info, levelMaxSeats, sources);
  return oneSeat;
}

const capOf = (levelMaxSeats: number, limit: number): number => (levelMaxSeats === 0 || levelMaxSeats > limit ? limit : levelMaxSeats);

function estimateList(info: RequestInfo, query: URLSearchParams, levelMaxSeats: number, sources: WorkEstimatorSources): WorkEstimate {
  const maxSeats = capOf(levelMaxSeats, maximumListSeats);
  const resourceVersion = query.get('resourceVersion') ?? '';
  if (info.verb === 'watch') {
    const legacyWatch = resourceVersion === '' || resourceVersion === '0';
    if (query.get('sendInitialEvents') !== 'true' && !legacyWatch) return oneSeat;
  }
  const stats = sources.objectStats(info);
  if (stats === undefined) return oneSeat;
  // The watch cache serves it unless it asks for an exact snapshot or continues a paged list.
  const fromCache = info.verb === 'watch' || !((query.get('continue') ?? '') !== '' || query.get('resourceVersionMatch') === 'Exact');
  const limitParameter = Number(query.get('limit') ?? '0');
  const limited = limitParameter > 0 && limitParameter < stats.objectCount ? limitParameter : stats.objectCount;
  const selected = info.fieldSelector !== '' || info.labelSelector !== '';
  let objects = limited;
  if (info.name !== '') objects = 1;
  else if (!fromCache && selected) objects = Math.max(limited, Math.floor(stats.objectCount / 2));
  const averageBytes = stats.averageBytes > 0 || stats.objectCount === 0 ? stats.averageBytes : 1_500_000;
  let bytes = objects * averageBytes;
  if (fromCache) bytes = Math.min(bytes, cachedListMaxBytes);
  const seats = Math.ceil(bytes / bytesPerSeat);
  return { initialSeats: Math.min(maxSeats, Math.max(1, seats)), finalSeats: 0, additionalLatencyMs: 0 };
}

function estimateWrite(info: RequestInfo, levelMaxSeats: number, sources: WorkEstimatorSources): WorkEstimate {
  // A token request writes nothing anyone watches.
  if (info.resource === 'serviceaccounts' && info.subresource === 'token') return oneSeat;
  const watches = sources.interestedWatchCount(info);
  if (watches < watchesPerSeat) return oneSeat;
  const neededSeats = Math.ceil(watches / watchesPerSeat);
  const finalSeats = Math.min(neededSeats, capOf(levelMaxSeats, maximumMutatingSeats));
  // The same work spread over the seats it may have.
  return { initialSeats: 1, finalSeats, additionalLatencyMs: (neededSeats * eventAdditionalMs) / finalSeats };
}
