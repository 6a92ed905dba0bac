// Label selectors as Kubernetes writes them: "app=web,tier!=db,env in (a,b),!legacy,release".
// A requirement that excludes (!=, notin, !key) also matches objects that lack the label.

export type LabelOperator = 'exists' | 'notexists' | '=' | '!=' | 'in' | 'notin' | 'gt' | 'lt';

export interface LabelRequirement {
  readonly key: string;
  readonly operator: LabelOperator;
  readonly values: readonly string[];
}

export type LabelSelector = readonly LabelRequirement[];

export class LabelSelectorError extends Error {
  override name = 'LabelSelectorError';
}

const keyPattern = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const valuePattern = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export function parseLabelSelector(text: string): LabelSelector {
  const requirements: LabelRequirement[] = [];
  let rest = text.trim();
  while (rest !== '') {
    const { requirement, remaining } = parseRequirement(rest);
    requirements.push(requirement);
    rest = remaining.trim();
    if (rest === '') break;
    if (!rest.startsWith(',')) throw new LabelSelectorError(`found '${rest[0]}', expected: ',' or 'end of string'`);
    rest = rest.slice(1).trim();
    if (rest === '') throw new LabelSelectorError("found '', expected: !, identifier, or 'end of string'");
  }
  return requirements;
}

function parseRequirement(text: string): { requirement: LabelRequirement; remaining: string } {
  if (text.startsWith('!')) {
    const match = /^!\s*([^\s,=!<>()]+)/.exec(text);
    if (match === null) throw new LabelSelectorError(`found '${text}', expected: identifier after '!'`);
    const key = checkKey(match[1] as string);
    return { requirement: { key, operator: 'notexists', values: [] }, remaining: text.slice(match[0].length) };
  }
  const keyMatch = /^([^\s,=!<>()]+)\s*/.exec(text);
  if (keyMatch === null) throw new LabelSelectorError(`found '${text[0]}', expected: !, identifier, or 'end of string'`);
  const key = checkKey(keyMatch[1] as string);
  let rest = text.slice(keyMatch[0].length);
  const operatorMatch = /^(==|=|!=|>|<|in\b|notin\b)\s*/.exec(rest);
  if (operatorMatch === null) return { requirement: { key, operator: 'exists', values: [] }, remaining: rest };
  rest = rest.slice(operatorMatch[0].length);
  const symbol = operatorMatch[1] as string;
  if (symbol === 'in' || symbol === 'notin') {
    const setMatch = /^\(([^)]*)\)/.exec(rest);
    if (setMatch === null) throw new LabelSelectorError(`found '${rest}', expected: '('`);
    const values = (setMatch[1] as string).split(',').map((v) => checkValue(v.trim()));
    return { requirement: { key, operator: symbol, values }, remaining: rest.slice(setMatch[0].length) };
  }
  // The pattern matches any text (at least the empty value), so exec always answers.
  const valueText = /^[^\s,()]*/.exec(rest)?.[0] ?? '';
  const value = checkValue(valueText);
  const operator: LabelOperator = symbol === '!=' ? '!=' : symbol === '>' ? 'gt' : symbol === '<' ? 'lt' : '=';
  if ((operator === 'gt' || operator === 'lt') && !/^-?\d+$/.test(value)) {
    throw new LabelSelectorError(`for '${symbol}' operator, the value must be an integer: ${value}`);
  }
  return { requirement: { key, operator, values: [value] }, remaining: rest.slice(valueText.length) };
}

function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.split('/').pop()!.length > 63) throw new LabelSelectorError(`invalid label key "${key}"`);
  return key;
}

function checkValue(value: string): string {
  if (value.length > 63 || !valuePattern.test(value)) throw new LabelSelectorError(`invalid label value: "${value}"`);
  return value;
}

export function matchesLabels(selector: LabelSelector, labels: Readonly<Record<string, string>> | undefined): boolean {
  return selector.every((requirement) => {
    const value = labels?.[requirement.key];
    switch (requirement.operator) {
      case 'exists':
        return value !== undefined;
      case 'notexists':
        return value === undefined;
      case '=':
      case 'in':
        return value !== undefined && requirement.values.includes(value);
      case '!=':
      case 'notin':
        return value === undefined || !requirement.values.includes(value);
      case 'gt':
      case 'lt': {
        if (value === undefined || !/^-?\d+$/.test(value)) return false;
        const limit = Number(requirement.values[0]);
        return requirement.operator === 'gt' ? Number(value) > limit : Number(value) < limit;
      }
    }
  });
}
