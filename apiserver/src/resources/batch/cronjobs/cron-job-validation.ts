// A CronJob's own checks (batch/v1): a schedule robfig/cron's standard parser takes, worded as it
// words its errors, a known IANA time zone, the policies and limits, and the job template.

import { type CronFieldBounds, cronMacros, cronScheduleFields, fieldInvalid, fieldNotSupported, fieldRequired, goQuote, parseDuration, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { labelSelectorValue } from '../../../registry/validation/value-formats.ts';
import { podSpecErrors } from '../../core/pods/pod-validation.ts';

const concurrencyPolicies = ['Allow', 'Forbid', 'Replace'];
const completionModes = ['NonIndexed', 'Indexed'];

export function cronJobErrors(cronJob: JsonObject): FieldError[] {
  const spec = objectOf(cronJob.spec);
  const errors: FieldError[] = [];
  const schedule = stringOf(spec.schedule);
  if (schedule === '') errors.push(fieldRequired('spec.schedule'));
  else {
    const parseError = cronScheduleError(schedule);
    if (parseError !== undefined) errors.push(fieldInvalid('spec.schedule', schedule, parseError));
    // On create; an update may keep a TZ its old schedule already had.
    if (schedule.includes('TZ')) errors.push(fieldInvalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  errors.push(...nonNegative(spec, 'spec', ['startingDeadlineSeconds']));
  if (typeof spec.timeZone === 'string') errors.push(...timeZoneErrors(spec.timeZone));
  // Defaulting fills in Allow, so only an explicit empty string is missing.
  if (spec.concurrencyPolicy === '') errors.push(fieldRequired('spec.concurrencyPolicy'));
  else if (spec.concurrencyPolicy !== undefined && !concurrencyPolicies.includes(String(spec.concurrencyPolicy))) {
    errors.push(fieldNotSupported('spec.concurrencyPolicy', String(spec.concurrencyPolicy), concurrencyPolicies));
  }
  errors.push(...jobTemplateErrors(objectOf(spec.jobTemplate)));
  errors.push(...nonNegative(spec, 'spec', ['successfulJobsHistoryLimit', 'failedJobsHistoryLimit']));
  return errors;
}

function nonNegative(parent: JsonObject, path: string, keys: readonly string[]): FieldError[] {
  return keys.flatMap((key) => {
    const value = parent[key];
    return typeof value === 'number' && value < 0 ? [fieldInvalid(`${path}.${key}`, value, 'must be greater than or equal to 0')] : [];
  });
}

/** A Job's pods restart OnFailure or Never; with a podFailurePolicy, Never only. `path` is the job spec's. */
export function jobRestartPolicyErrors(jobSpec: JsonObject, path: string): FieldError[] {
  const podTemplate = objectOf(jobSpec.template);
  const podSpec = objectOf(podTemplate.spec);
  const restartPolicy = stringOf(podSpec.restartPolicy);
  const restartPath = `${path}.template.spec.restartPolicy`;
  // Pod defaulting turns a missing restartPolicy into Always, so Always reads as "not chosen".
  if (restartPolicy === 'Always' || restartPolicy === '') return [fieldRequired(restartPath, 'valid values: "OnFailure", "Never"')];
  if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never') return [fieldNotSupported(restartPath, restartPolicy, ['OnFailure', 'Never'])];
  if (isObject(jobSpec.podFailurePolicy) && restartPolicy !== 'Never')
    return [fieldInvalid(restartPath, restartPolicy, 'only "Never" is supported when podFailurePolicy is specified')];
  return [];
}

/** ValidateJobTemplateSpec: the job spec's checks, minus a selector, which is always generated. */
function jobTemplateErrors(template: JsonObject): FieldError[] {
  const spec = objectOf(template.spec);
  const path = 'spec.jobTemplate.spec';
  const errors = nonNegative(spec, path, [
    'parallelism',
    'completions',
    'activeDeadlineSeconds',
    'backoffLimit',
    'ttlSecondsAfterFinished',
    'backoffLimitPerIndex',
    'maxFailedIndexes',
  ]);
  if (spec.completionMode !== undefined && !completionModes.includes(String(spec.completionMode))) {
    errors.push(fieldNotSupported(`${path}.completionMode`, String(spec.completionMode), completionModes));
  }
  const podTemplate = objectOf(spec.template);
  const podSpec = objectOf(podTemplate.spec);
  errors.push(...podSpecErrors(podSpec, `${path}.template.spec`));
  errors.push(...jobRestartPolicyErrors(spec, path));
  if (isObject(spec.selector)) errors.push(fieldInvalid(`${path}.selector`, labelSelectorValue(spec.selector), '`selector` will be auto-generated'));
  if (spec.manualSelector === true) errors.push(fieldNotSupported(`${path}.manualSelector`, true, ['nil', 'false']));
  return errors;
}

// --- time zones (Go's time.LoadLocation, judged by the platform's IANA data) -------------------

const timeZonePart = /^[A-Za-z.\-_0-9+]{1,14}$/;

function timeZoneErrors(timeZone: string): FieldError[] {
  const path = 'spec.timeZone';
  if (timeZone === '') return [fieldInvalid(path, timeZone, 'timeZone must be nil or non-empty string')];
  const badPart = timeZone.split('/').some((part) => part === '.' || part === '..' || part.startsWith('-') || !timeZonePart.test(part));
  if (badPart) return [fieldInvalid(path, timeZone, `unknown time zone ${timeZone}`)];
  const errors: FieldError[] = [];
  if (timeZone.toLowerCase() === 'local') errors.push(fieldInvalid(path, timeZone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  if (!isLoadableLocation(timeZone)) errors.push(fieldInvalid(path, timeZone, `unknown time zone ${timeZone}`));
  return errors;
}

let canonicalZones: ReadonlySet<string> | undefined;

/** Whether Go's time.LoadLocation finds the zone: exact-case IANA names, aliases included. */
function isLoadableLocation(name: string): boolean {
  if (name === '' || name === 'UTC' || name === 'Local') return true;
  if (/^[+-]/.test(name)) return false; // Intl takes UTC offsets; zoneinfo has no such files
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  // Intl ignores case and Go does not: a name that resolves to itself in another case is refused.
  return canonicalZones.has(name) || resolved === name || resolved.toLowerCase() !== name.toLowerCase();
}

// --- robfig/cron v3 ParseStandard: its error text, which kube returns as the detail ---------------

/** The parser's error for a schedule, or undefined when it parses. */
export function cronScheduleError(schedule: string): string | undefined {
  let spec = schedule;
  if (spec === '') return 'empty spec string';
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    const end = space < 0 ? spec.length : space;
    const location = spec.slice(spec.indexOf('=') + 1, end);
    if (!isLoadableLocation(location)) return `provided bad location ${location}: unknown time zone ${location}`;
    spec = spec.slice(end).trim();
  }
  if (spec.startsWith('@')) return descriptorError(spec);
  const fields = spec.split(/\s+/).filter((field) => field !== '');
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  for (const [i, field] of fields.entries()) {
    for (const range of field.split(',').filter((part) => part !== '')) {
      const error = rangeError(range, cronScheduleFields[i] as CronFieldBounds);
      if (error !== undefined) return error;
    }
  }
  return undefined;
}

function descriptorError(spec: string): string | undefined {
  if (Object.hasOwn(cronMacros, spec)) return undefined;
  const every = '@every ';
  if (!spec.startsWith(every)) return `unrecognized descriptor: ${spec}`;
  const duration = spec.slice(every.length);
  return parseDuration(duration) === undefined ? `failed to parse duration ${spec}: ${durationError(duration)}` : undefined;
}

/** One "a", "a-b", "*", each with an optional "/step", checked in the parser's order. */
function rangeError(expression: string, bounds: CronFieldBounds): string | undefined {
  const rangeAndStep = expression.split('/');
  const lowAndHigh = (rangeAndStep[0] as string).split('-');
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = bounds.min;
    end = bounds.max;
  } else {
    const low = numberOrName(lowAndHigh[0] as string, bounds.names);
    if (typeof low === 'string') return low;
    start = low;
    end = low;
    if (lowAndHigh.length === 2) {
      const high = numberOrName(lowAndHigh[1] as string, bounds.names);
      if (typeof high === 'string') return high;
      end = high;
    } else if (lowAndHigh.length > 2) return `too many hyphens: ${expression}`;
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    const parsed = nonNegativeInt(rangeAndStep[1] as string);
    if (typeof parsed === 'string') return parsed;
    step = parsed;
    if (lowAndHigh.length === 1) end = bounds.max; // "N/step" runs to the field's maximum
  } else if (rangeAndStep.length > 2) return `too many slashes: ${expression}`;
  if (start < bounds.min) return `beginning of range (${start}) below minimum (${bounds.min}): ${expression}`;
  if (end > bounds.max) return `end of range (${end}) above maximum (${bounds.max}): ${expression}`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end}): ${expression}`;
  if (step === 0) return `step of range should be a positive number: ${expression}`;
  return undefined;
}

function numberOrName(text: string, names: Readonly<Record<string, number>> | undefined): number | string {
  const named = names?.[text.toLowerCase()];
  return named ?? nonNegativeInt(text);
}

/** mustParseInt: Go's strconv.Atoi, then no negatives; a number, or the error text. */
function nonNegativeInt(text: string): number | string {
  if (!/^[+-]?\d+$/.test(text)) return `failed to parse int from ${text}: strconv.Atoi: parsing ${goQuote(text)}: invalid syntax`;
  const value = BigInt(text);
  if (value > 9223372036854775807n || value < -9223372036854775808n) return `failed to parse int from ${text}: strconv.Atoi: parsing ${goQuote(text)}: value out of range`;
  if (value < 0n) return `negative number (${value}) not allowed: ${text}`;
  return Number(value);
}

/** Why Go's time.ParseDuration refuses text that parseDuration refused. */
function durationError(text: string): string {
  const quoted = goQuote(text);
  let rest = text.replace(/^[+-]/, '');
  if (rest === '') return `time: invalid duration ${quoted}`;
  while (rest !== '') {
    const number = /^(\d*)(\.(\d*))?/.exec(rest) as RegExpExecArray;
    if ((number[1] ?? '') === '' && (number[3] ?? '') === '') return `time: invalid duration ${quoted}`;
    rest = rest.slice(number[0].length);
    const unit = (/^[^.\d]*/.exec(rest) as RegExpExecArray)[0];
    if (unit === '') return `time: missing unit in duration ${quoted}`;
    if (!['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h'].includes(unit)) return `time: unknown unit ${goQuote(unit)} in duration ${quoted}`;
    rest = rest.slice(unit.length);
  }
  return `time: invalid duration ${quoted}`;
}
