// certificatesigningrequests/approval: how an approver (kubectl certificate approve, a signer's
// controller) writes a CertificateSigningRequest's Approved or Denied condition. As kube's
// csrApprovalStrategy: only status.conditions change (with their timestamps filled), the metadata
// as any status write of the kind; validated as kube's ValidateCertificateSigningRequestApprovalUpdate
// validates conditions: a status (True only for Approved, Denied and Failed), types not repeated,
// not both Approved and Denied, and no Approved, Denied or Failed condition removed.

import { fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, metaTime, newInvalid, type FieldError } from '@capstan/common';
import type { GenericStore, ReplaceOptions } from './generic-store.ts';
import type { JsonObject } from './object-meta.ts';
import { statusUpdateMetadata } from './status-update-metadata.ts';

type Condition = JsonObject & { type?: unknown; status?: unknown; lastUpdateTime?: unknown; lastTransitionTime?: unknown };

const trueOnlyTypes: ReadonlySet<string> = new Set(['Approved', 'Denied', 'Failed']);
const allStatusValues = ['False', 'True', 'Unknown'];

/** PUT (and PATCH, through the same view) of .../approval. */
export function updateApproval(store: GenericStore, name: string, body: JsonObject, options: ReplaceOptions = {}, now = new Date()): Promise<JsonObject> {
  return store.replaceWith(
    undefined,
    name,
    body,
    (old) => {
      const oldStatus = (old.status ?? {}) as JsonObject;
      const oldConditions = conditionsOf(oldStatus);
      const sent = conditionsOf((body.status ?? {}) as JsonObject);
      const conditions = sent.map((condition) => withTimestamps(condition, oldConditions, metaTime(now)));
      const status: JsonObject = { ...oldStatus };
      if (conditions.length === 0) delete status.conditions;
      else status.conditions = conditions;
      const metadata = statusUpdateMetadata(store.definition, body, old, name);
      const errors = [...conditionErrors(conditions, oldConditions), ...removalErrors(conditions, oldConditions)];
      if (errors.length > 0) throw newInvalid({ group: store.definition.group, kind: store.definition.kind }, name, errors);
      return { ...old, metadata, status };
    },
    options,
  );
}

const conditionsOf = (status: JsonObject): Condition[] =>
  Array.isArray(status.conditions) ? (status.conditions as unknown[]).filter((c): c is Condition => typeof c === 'object' && c !== null) : [];

/** kube's populateConditionTimestamps: now where unset, or the transition time of the same type and status before. */
function withTimestamps(condition: Condition, old: readonly Condition[], now: string): Condition {
  const filled: Condition = { ...condition };
  if (isUnset(filled.lastUpdateTime)) filled.lastUpdateTime = now;
  if (isUnset(filled.lastTransitionTime)) {
    const same = old.find((before) => before.type === filled.type && before.status === filled.status && !isUnset(before.lastTransitionTime));
    filled.lastTransitionTime = same?.lastTransitionTime ?? now;
  }
  return filled;
}

const isUnset = (time: unknown): boolean => time === undefined || time === null || time === '';

/** validateConditions, with the allowances kube keeps for problems the stored object already has. */
function conditionErrors(conditions: readonly Condition[], old: readonly Condition[]): FieldError[] {
  const typeOf = (condition: Condition): string => (typeof condition.type === 'string' ? condition.type : '');
  const allowEmptyType = old.some((condition) => typeOf(condition) === '');
  const oldTypes = old.map(typeOf);
  const allowDuplicates = new Set(oldTypes).size < oldTypes.length;
  const allowApprovedAndDenied = oldTypes.includes('Approved') && oldTypes.includes('Denied');
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditions.forEach((condition, i) => {
    const path = `status.conditions[${i}]`;
    const type = typeOf(condition);
    if (!allowEmptyType && type === '') errors.push(fieldRequired(`${path}.type`));
    const allowed = trueOnlyTypes.has(type) ? ['True'] : allStatusValues;
    const status = typeof condition.status === 'string' ? condition.status : '';
    if (status === '') errors.push(fieldRequired(`${path}.status`));
    else if (!allowed.includes(status)) errors.push(fieldNotSupported(`${path}.status`, status, allowed));
    if (!allowApprovedAndDenied) {
      if (type === 'Approved') {
        approved = true;
        if (denied) errors.push(fieldInvalid('status.conditions', type, 'Approved and Denied conditions are mutually exclusive'));
      } else if (type === 'Denied') {
        denied = true;
        if (approved) errors.push(fieldInvalid('status.conditions', type, 'Approved and Denied conditions are mutually exclusive'));
      }
    }
    if (!allowDuplicates) {
      if (seen.has(type)) errors.push(fieldDuplicate(`${path}.type`, type));
      seen.add(type);
    }
  });
  return errors;
}

function removalErrors(conditions: readonly Condition[], old: readonly Condition[]): FieldError[] {
  const count = (list: readonly Condition[], type: string): number => list.filter((condition) => condition.type === type).length;
  return ['Approved', 'Denied', 'Failed']
    .filter((type) => count(conditions, type) < count(old, type))
    .map((type) => fieldForbidden('status.conditions', `updates may not remove a condition of type ${JSON.stringify(type)}`));
}
