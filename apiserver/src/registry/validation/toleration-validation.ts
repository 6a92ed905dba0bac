// core's ValidateTolerations, for any list of tolerations: keys are qualified names, an empty key
// only with Exists, tolerationSeconds only with NoExecute, values by operator, known effects.

import { fieldInvalid, fieldNotSupported, goQuote, type FieldBadValue, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { objectsAt, stringOf } from '../defaulting/json-fields.ts';
import { isQualifiedName, isValidLabelValue } from './value-formats.ts';

const operators = ['Equal', 'Exists'];
const effects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/**
 * A toleration as Go's %#v writes a core.Toleration. Go prints tolerationSeconds as a pointer's
 * address, which no client can rely on; we print its value in its place.
 */
export function tolerationGoSyntax(toleration: JsonObject): FieldBadValue {
  const seconds = typeof toleration.tolerationSeconds === 'number' ? `(*int64)(${toleration.tolerationSeconds})` : '(*int64)(nil)';
  const fields = (['key', 'operator', 'value', 'effect'] as const).map((key) => `${key[0]?.toUpperCase()}${key.slice(1)}:${goQuote(stringOf(toleration[key]))}`);
  return { goSyntax: `core.Toleration{${[...fields, `TolerationSeconds:${seconds}`].join(', ')}}` };
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
      if (value !== '') errors.push(fieldInvalid(`${itemPath}.operator`, tolerationGoSyntax(toleration), "value must be empty when `operator` is 'Exists'"));
    } else {
      errors.push(fieldNotSupported(`${itemPath}.operator`, operator, operators));
    }
    if (effect !== '' && !effects.includes(effect)) errors.push(fieldNotSupported(`${itemPath}.effect`, effect, effects));
  });
  return errors;
}
