// PriorityLevelConfiguration (flowcontrol.apiserver.k8s.io/v1): Exempt for the level named "exempt"
// only, a Limited level's shares and borrowing, and how it queues or rejects what exceeds them.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import { isObject, numberOf, objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { mandatoryPriorityLevelErrors } from '../../../registry/validation/flowcontrol-mandatory-objects.ts';

const levelTypes = ['Exempt', 'Limited'];
const limitResponseTypes = ['Queue', 'Reject'];
const maxQueues = 10_000_000;
// Shuffle sharding hashes into 60 bits: a hand may not need more.
const maxHashBits = 60;

function lendablePercentErrors(config: JsonObject, path: string): FieldError[] {
  const percent = config.lendablePercent;
  return typeof percent === 'number' && (percent < 0 || percent > 100) ? [fieldInvalid(`${path}.lendablePercent`, percent, 'must be between 0 and 100, inclusive')] : [];
}

function queuingErrors(queuing: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const queueLengthLimit = numberOf(queuing.queueLengthLimit);
  if (queueLengthLimit <= 0) errors.push(fieldInvalid(`${path}.queueLengthLimit`, queueLengthLimit, 'must be positive'));
  const queues = numberOf(queuing.queues);
  if (queues <= 0) errors.push(fieldInvalid(`${path}.queues`, queues, 'must be positive'));
  else if (queues > maxQueues) errors.push(fieldInvalid(`${path}.queues`, queues, `must not be greater than ${maxQueues}`));
  const handSize = numberOf(queuing.handSize);
  if (handSize <= 0) errors.push(fieldInvalid(`${path}.handSize`, handSize, 'must be positive'));
  else if (handSize > queues) errors.push(fieldInvalid(`${path}.handSize`, handSize, `should not be greater than queues (${queues})`));
  else if (Math.ceil(Math.log2(queues) * handSize) > maxHashBits) {
    errors.push(fieldInvalid(`${path}.handSize`, handSize, `required entropy bits of deckSize ${queues} and handSize ${handSize} should not be greater than ${maxHashBits}`));
  }
  return errors;
}

function limitResponseErrors(response: JsonObject, path: string): FieldError[] {
  const type = stringOf(response.type);
  const queuing = isObject(response.queuing) ? response.queuing : undefined;
  if (type === 'Reject') return queuing === undefined ? [] : [fieldForbidden(`${path}.queuing`, 'must be nil if limited.limitResponse.type is not Limited')];
  if (type !== 'Queue') return [fieldNotSupported(`${path}.type`, type, limitResponseTypes)];
  return queuing === undefined ? [fieldRequired(`${path}.queuing`, 'must not be empty if limited.limitResponse.type is Limited')] : queuingErrors(queuing, `${path}.queuing`);
}

function limitedErrors(limited: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  // v1 allows zero shares (1.30 on); only v1beta1/2 call this field assuredConcurrencyShares.
  const shares = numberOf(limited.nominalConcurrencyShares);
  if (shares < 0) errors.push(fieldInvalid(`${path}.nominalConcurrencyShares`, shares, 'must be a non-negative integer'));
  errors.push(...limitResponseErrors(objectOf(limited.limitResponse), `${path}.limitResponse`));
  errors.push(...lendablePercentErrors(limited, path));
  const borrowing = limited.borrowingLimitPercent;
  if (typeof borrowing === 'number' && borrowing < 0) errors.push(fieldInvalid(`${path}.borrowingLimitPercent`, borrowing, 'if specified, must be a non-negative integer'));
  return errors;
}

function exemptErrors(exempt: JsonObject, path: string): FieldError[] {
  const shares = exempt.nominalConcurrencyShares;
  const errors = typeof shares === 'number' && shares < 0 ? [fieldInvalid(`${path}.nominalConcurrencyShares`, shares, 'must be a non-negative integer')] : [];
  return [...errors, ...lendablePercentErrors(exempt, path)];
}

export function priorityLevelConfigurationErrors(level: JsonObject): FieldError[] {
  const spec = objectOf(level.spec);
  const name = stringOf(objectOf(level.metadata).name);
  const type = stringOf(spec.type);
  const errors: FieldError[] = [];
  if ((name === 'exempt') !== (type === 'Exempt')) errors.push(fieldInvalid('spec.type', type, "must be 'Exempt' if and only if `name` is 'exempt'"));
  if (type === 'Exempt') {
    if (isObject(spec.limited)) errors.push(fieldForbidden('spec.limited', 'must be nil if the type is not Limited'));
    if (isObject(spec.exempt)) errors.push(...exemptErrors(spec.exempt, 'spec.exempt'));
  } else if (type === 'Limited') {
    if (isObject(spec.exempt)) errors.push(fieldForbidden('spec.exempt', 'must be nil if the type is Limited'));
    if (isObject(spec.limited)) errors.push(...limitedErrors(spec.limited, 'spec.limited'));
    else errors.push(fieldRequired('spec.limited', 'must not be empty when type is Limited'));
  } else {
    errors.push(fieldNotSupported('spec.type', type, levelTypes));
  }
  return [...errors, ...mandatoryPriorityLevelErrors(name, spec)];
}
