// core's ValidateTolerations, for any list of tolerations: keys are qualified names, an empty key
// only with Exists, tolerationSeconds only with NoExecute, values by operator, known effects.

import { fieldInvalid, fieldNotSupported, goStruct, type FieldBadValue, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { objectsAt, stringOf } from '../defaulting/json-fields.ts';
import { isQualifiedName, isValidLabelValue } from './value-formats.ts';

const operators = ['Equal', 'Exists'];
const comparisonOperators = ['Equal', 'Exists', 'Lt', 'Gt'];
const effects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** A toleration as a field error prints a core.Toleration: its JSON, with Go's field names (the internal type has no JSON tags). */
export function tolerationValue(toleration: JsonObject): FieldBadValue {
  const seconds = toleration.tolerationSeconds;
  return {
    json: goStruct({
      Key: stringOf(toleration.key),
      Operator: stringOf(toleration.operator),
      Value: stringOf(toleration.value),
      Effect: stringOf(toleration.effect),
      TolerationSeconds: typeof seconds === 'number' ? seconds : null,
    }),
  };
}

/** The errors of the tolerations at `parent[key]`, reported under `path`. */
export function tolerationErrors(parent: JsonObject, key: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  objectsAt(parent, key).forEach((toleration, i) => {
    const itemPath = `${path}[${i}]`;
    const tolerationKey = stringOf(toleration.key);
    const operator = stringOf(toleration.operator);
    const value = stringOf(toleration.value);
    const effect = stringOf(toleration.effect);
    for (const message of tolerationKey === '' ? [] : isQualifiedName(tolerationKey)) errors.push(fieldInvalid(`${itemPath}.key`, tolerationKey, message));
    if (tolerationKey === '' && operator !== 'Exists') {
      errors.push(fieldInvalid(`${itemPath}.operator`, operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (typeof toleration.tolerationSeconds === 'number' && effect !== 'NoExecute') {
      errors.push(fieldInvalid(`${itemPath}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    if (operator === '' || operator === 'Equal') {
      const messages = isValidLabelValue(value);
      if (messages.length > 0) errors.push(fieldInvalid(`${itemPath}.operator`, value, messages.join(';')));
    } else if (operator === 'Exists') {
      if (value !== '') errors.push(fieldInvalid(`${itemPath}.operator`, value, "value must be empty when `operator` is 'Exists'"));
    } else if (operator === 'Lt' || operator === 'Gt') {
      // The numeric operators of the TaintTolerationComparisonOperators gate (alpha, off in 1.35).
      errors.push(fieldNotSupported(`${itemPath}.operator`, operator, comparisonOperators));
    } else {
      errors.push(fieldNotSupported(`${itemPath}.operator`, operator, operators));
    }
    if (effect !== '' && !effects.includes(effect)) errors.push(fieldNotSupported(`${itemPath}.effect`, effect, effects));
  });
  return errors;
}
