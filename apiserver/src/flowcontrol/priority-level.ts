// A PriorityLevelConfiguration as the dispatcher uses it, read from its v1 spec.

import { isObject, numberOf, objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { QueuingConfig } from './queue-set.ts';
import type { LevelShares } from './concurrency-allocation.ts';

export interface PriorityLevelSpec extends LevelShares {
  readonly name: string;
  readonly uid: string;
  readonly exempt: boolean;
  /** Queues 0 for limitResponse Reject. */
  readonly queuing: QueuingConfig;
}

const rejecting: QueuingConfig = { queues: 0, handSize: 0, queueLengthLimit: 0 };

export function priorityLevelOf(object: JsonObject): PriorityLevelSpec {
  const metadata = objectOf(object.metadata);
  const spec = objectOf(object.spec);
  const name = stringOf(metadata.name);
  const uid = stringOf(metadata.uid);
  if (stringOf(spec.type) === 'Exempt') {
    const exempt = objectOf(spec.exempt);
    return {
      name,
      uid,
      exempt: true,
      queuing: rejecting,
      shares: numberOf(exempt.nominalConcurrencyShares),
      lendablePercent: numberOf(exempt.lendablePercent),
      borrowingLimitPercent: undefined,
    };
  }
  const limited = objectOf(spec.limited);
  const response = objectOf(limited.limitResponse);
  const queuing = stringOf(response.type) === 'Queue' && isObject(response.queuing) ? response.queuing : undefined;
  return {
    name,
    uid,
    exempt: false,
    queuing: queuing === undefined ? rejecting : { queues: numberOf(queuing.queues), handSize: numberOf(queuing.handSize), queueLengthLimit: numberOf(queuing.queueLengthLimit) },
    // A v1 object without shares is defaulted to 30 before it is stored; 0 stays 0.
    shares: typeof limited.nominalConcurrencyShares === 'number' ? limited.nominalConcurrencyShares : 30,
    lendablePercent: numberOf(limited.lendablePercent),
    borrowingLimitPercent: typeof limited.borrowingLimitPercent === 'number' ? limited.borrowingLimitPercent : undefined,
  };
}
