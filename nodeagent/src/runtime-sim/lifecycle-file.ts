// The lifecycle file of `capstan runtime-sim --lifecycles FILE` (YAML or JSON) and the inline
// lifecycles of the pod annotation: read strictly, every mistake reported with its field path, so a
// typo never silently turns into the default behaviour.

import { errorMessage, fieldErrorMessage, fieldInvalid, fieldNotSupported, fieldRequired, isJsonObject, parseDuration } from '@capstan/common';
import { parse as parseYaml } from 'yaml';
import { compileGlob } from './glob-pattern.ts';
import type { CommandPattern, ExecRule, ExitReason, ExitSpec, ImageRule, Lifecycle, LogLineSpec, StopSpec } from './lifecycle.ts';

export const runtimeSimApiVersion = 'runtime-sim.capstan.dev/v1alpha1';
export const runtimeSimKind = 'RuntimeSimConfiguration';

export class LifecycleFileError extends Error {
  override name = 'LifecycleFileError';
  readonly causes: readonly string[];

  constructor(source: string, causes: readonly string[]) {
    super(`invalid runtime-sim configuration ${source}: ${causes.join('; ')}`);
    this.causes = causes;
  }
}

/** The file's settings before defaults: what it declares, on top of the built-in ones. */
export interface DeclaredSettings {
  readonly lifecycles: readonly Lifecycle[];
  readonly images?: readonly ImageRule[];
  readonly preloadedImages: readonly string[];
  readonly sandbox?: { readonly startDelayMs: number };
  readonly features?: { readonly checkpoint: boolean };
}

export function parseRuntimeSimFile(text: string, source: string): DeclaredSettings {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new LifecycleFileError(source, [errorMessage(error)]);
  }
  const errors: string[] = [];
  const settings = readSettings(document ?? {}, errors);
  if (errors.length > 0) throw new LifecycleFileError(source, errors);
  return settings;
}

/** A lifecycle written as JSON in the pod annotation; its fields are those of a file's lifecycle. */
export function parseInlineLifecycle(json: string, source: string): Lifecycle {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new LifecycleFileError(source, [errorMessage(error)]);
  }
  const errors: string[] = [];
  const lifecycle = readLifecycle(value, 'lifecycle', errors, false);
  if (errors.length > 0 || lifecycle === undefined) throw new LifecycleFileError(source, errors);
  return lifecycle;
}

/** Reads the built-in declarations, which must be valid. */
export function builtInLifecycle(value: unknown): Lifecycle {
  const errors: string[] = [];
  const lifecycle = readLifecycle(value, 'lifecycle', errors, true);
  if (errors.length > 0 || lifecycle === undefined) throw new LifecycleFileError('(built-in)', errors);
  return lifecycle;
}

export function builtInImageRules(value: unknown): readonly ImageRule[] {
  const errors: string[] = [];
  const rules = readList(value, 'images', errors, (item, path) => readImageRule(item, path, errors));
  if (errors.length > 0) throw new LifecycleFileError('(built-in)', errors);
  return rules;
}

type Fields = Readonly<Record<string, unknown>>;

function readSettings(value: unknown, errors: string[]): DeclaredSettings {
  const fields = readObject(value, '', errors, ['apiVersion', 'kind', 'lifecycles', 'images', 'preloadedImages', 'sandbox', 'features']);
  if (fields === undefined) return { lifecycles: [], preloadedImages: [] };
  if (fields.apiVersion !== undefined && fields.apiVersion !== runtimeSimApiVersion) {
    errors.push(fieldErrorMessage(fieldNotSupported('apiVersion', String(fields.apiVersion), [runtimeSimApiVersion])));
  }
  if (fields.kind !== undefined && fields.kind !== runtimeSimKind) {
    errors.push(fieldErrorMessage(fieldNotSupported('kind', String(fields.kind), [runtimeSimKind])));
  }
  const lifecycles = readList(fields.lifecycles, 'lifecycles', errors, (item, path) => readLifecycle(item, path, errors, true));
  const seen = new Map<string, string>();
  lifecycles.forEach((lifecycle, i) => {
    const first = seen.get(lifecycle.name);
    if (first !== undefined) errors.push(`lifecycles[${i}].name: Duplicate value: "${lifecycle.name}" (also ${first})`);
    seen.set(lifecycle.name, `lifecycles[${i}]`);
  });
  const settings: {
    lifecycles: readonly Lifecycle[];
    preloadedImages: readonly string[];
    images?: readonly ImageRule[];
    sandbox?: { startDelayMs: number };
    features?: { checkpoint: boolean };
  } = { lifecycles, preloadedImages: readList(fields.preloadedImages, 'preloadedImages', errors, (item, path) => readString(item, path, errors)) };
  if (fields.images !== undefined) settings.images = readList(fields.images, 'images', errors, (item, path) => readImageRule(item, path, errors));
  if (fields.sandbox !== undefined) {
    const sandbox = readObject(fields.sandbox, 'sandbox', errors, ['startDelay']);
    settings.sandbox = { startDelayMs: readDuration(sandbox?.startDelay, 'sandbox.startDelay', errors) ?? 0 };
  }
  if (fields.features !== undefined) {
    const features = readObject(fields.features, 'features', errors, ['checkpoint']);
    settings.features = { checkpoint: readBoolean(features?.checkpoint, 'features.checkpoint', errors) ?? true };
  }
  return settings;
}

function readImageRule(value: unknown, path: string, errors: string[]): ImageRule | undefined {
  const fields = readObject(value, path, errors, ['match', 'pullDelay', 'size', 'notFound', 'error']);
  if (fields === undefined) return undefined;
  const match = readString(fields.match, `${path}.match`, errors, true);
  const size = fields.size === undefined ? 1 << 20 : readInteger(fields.size, `${path}.size`, errors, 1, Number.MAX_SAFE_INTEGER);
  const notFound = readBoolean(fields.notFound, `${path}.notFound`, errors) ?? false;
  const message = readString(fields.error, `${path}.error`, errors);
  if (notFound && message !== undefined) errors.push(`${path}: Invalid value: only one of notFound and error may be set`);
  if (match === undefined || size === undefined) return undefined;
  return {
    match: compileGlob(match),
    pullDelayMs: readDuration(fields.pullDelay, `${path}.pullDelay`, errors) ?? 0,
    sizeBytes: size,
    ...(notFound ? { failure: { notFound: true } } : message !== undefined ? { failure: { notFound: false, message } } : {}),
  };
}

const lifecycleFields = ['name', 'match', 'create', 'start', 'logs', 'exit', 'stop', 'readiness', 'exec', 'files', 'checkpoint'];

function readLifecycle(value: unknown, path: string, errors: string[], nameRequired: boolean): Lifecycle | undefined {
  const fields = readObject(value, path, errors, lifecycleFields);
  if (fields === undefined) return undefined;
  const name = nameRequired ? readString(fields.name, `${path}.name`, errors, true) : (readString(fields.name, `${path}.name`, errors) ?? 'inline');
  const match = fields.match === undefined ? undefined : readObject(fields.match, `${path}.match`, errors, ['images']);
  const create = fields.create === undefined ? undefined : readObject(fields.create, `${path}.create`, errors, ['error']);
  const start = fields.start === undefined ? undefined : readObject(fields.start, `${path}.start`, errors, ['delay', 'error']);
  const checkpoint = fields.checkpoint === undefined ? undefined : readObject(fields.checkpoint, `${path}.checkpoint`, errors, ['delay', 'error']);
  const createError = readString(create?.error, `${path}.create.error`, errors);
  const startError = readString(start?.error, `${path}.start.error`, errors);
  const checkpointError = readString(checkpoint?.error, `${path}.checkpoint.error`, errors);
  const exit = fields.exit === undefined ? undefined : readExit(fields.exit, `${path}.exit`, errors);
  const readiness = fields.readiness === undefined ? undefined : readReadiness(fields.readiness, `${path}.readiness`, errors);
  return {
    name: name ?? '',
    matchImages: readList(match?.images, `${path}.match.images`, errors, (item, p) => readString(item, p, errors, true)).map(compileGlob),
    ...(createError !== undefined && { createError }),
    start: { delayMs: readDuration(start?.delay, `${path}.start.delay`, errors) ?? 1, ...(startError !== undefined && { error: startError }) },
    logs: readLogs(fields.logs, `${path}.logs`, errors),
    ...(exit !== undefined && { exit }),
    stop: readStop(fields.stop, `${path}.stop`, errors),
    ...(readiness !== undefined && { readiness }),
    exec: readList(fields.exec, `${path}.exec`, errors, (item, p) => readExecRule(item, p, errors)),
    files: readFiles(fields.files, `${path}.files`, errors),
    checkpoint: { delayMs: readDuration(checkpoint?.delay, `${path}.checkpoint.delay`, errors) ?? 0, ...(checkpointError !== undefined && { error: checkpointError }) },
  };
}

function readLogs(value: unknown, path: string, errors: string[]): Lifecycle['logs'] {
  const fields = value === undefined ? undefined : readObject(value, path, errors, ['start', 'every', 'exit', 'stop']);
  const lines = (field: string): readonly LogLineSpec[] => readList(fields?.[field], `${path}.${field}`, errors, (item, p) => readLogLine(item, p, errors));
  const logs = { start: lines('start'), exit: lines('exit'), stop: lines('stop') };
  if (fields?.every === undefined) return logs;
  const every = readObject(fields.every, `${path}.every`, errors, ['interval', 'lines']);
  const intervalMs = readDuration(every?.interval, `${path}.every.interval`, errors, true);
  if (intervalMs === 0) errors.push(fieldErrorMessage(fieldInvalid(`${path}.every.interval`, String(every?.interval), 'must be greater than 0')));
  const everyLines = readList(every?.lines, `${path}.every.lines`, errors, (item, p) => readLogLine(item, p, errors));
  return intervalMs === undefined || intervalMs === 0 ? logs : { ...logs, every: { intervalMs, lines: everyLines } };
}

/** `text` prints on stdout; `{stderr: text}` or `{stdout: text}` names the stream. */
function readLogLine(value: unknown, path: string, errors: string[]): LogLineSpec | undefined {
  if (typeof value === 'string') return { stream: 'stdout', text: value };
  const fields = readObject(value, path, errors, ['stdout', 'stderr']);
  if (fields === undefined) return undefined;
  const keys = Object.keys(fields);
  if (keys.length !== 1) {
    errors.push(`${path}: Invalid value: a log line is a string, or an object with exactly one of stdout and stderr`);
    return undefined;
  }
  const stream = keys[0] as 'stdout' | 'stderr';
  const text = readString(fields[stream], `${path}.${stream}`, errors, true);
  return text === undefined ? undefined : { stream, text };
}

const exitReasons: readonly ExitReason[] = ['Completed', 'Error', 'OOMKilled'];
const isExitReason = (value: unknown): value is ExitReason => exitReasons.some((reason) => reason === value);

function readExit(value: unknown, path: string, errors: string[]): ExitSpec | undefined {
  const fields = readObject(value, path, errors, ['after', 'code', 'reason', 'message', 'terminationMessage', 'attempts']);
  if (fields === undefined) return undefined;
  const afterMs = readDuration(fields.after, `${path}.after`, errors, true);
  let reason: ExitReason | undefined;
  if (fields.reason !== undefined) {
    if (isExitReason(fields.reason)) reason = fields.reason;
    else errors.push(fieldErrorMessage(fieldNotSupported(`${path}.reason`, String(fields.reason), exitReasons)));
  }
  const code = fields.code === undefined ? undefined : readInteger(fields.code, `${path}.code`, errors, 0, 255);
  const exitCode = code ?? (reason === 'OOMKilled' ? 137 : reason === 'Error' ? 1 : 0);
  if (reason === 'Completed' && exitCode !== 0) errors.push(fieldErrorMessage(fieldInvalid(`${path}.reason`, reason, 'a container completes only with exit code 0')));
  if (reason === 'Error' && exitCode === 0) errors.push(fieldErrorMessage(fieldInvalid(`${path}.reason`, reason, 'exit code 0 is Completed, not Error')));
  const message = readString(fields.message, `${path}.message`, errors) ?? '';
  const terminationMessage = readString(fields.terminationMessage, `${path}.terminationMessage`, errors);
  const attempts = fields.attempts === undefined ? undefined : readInteger(fields.attempts, `${path}.attempts`, errors, 1, Number.MAX_SAFE_INTEGER);
  if (afterMs === undefined) return undefined;
  return {
    afterMs,
    exitCode,
    reason: reason ?? (exitCode === 0 ? 'Completed' : 'Error'),
    message,
    ...(terminationMessage !== undefined && { terminationMessage }),
    ...(attempts !== undefined && { attempts }),
  };
}

const defaultStop: StopSpec = { sigterm: 'exit', delayMs: 0, exitCode: 143 };

function readStop(value: unknown, path: string, errors: string[]): StopSpec {
  if (value === undefined) return defaultStop;
  const fields = readObject(value, path, errors, ['sigterm', 'delay', 'code']);
  if (fields === undefined) return defaultStop;
  let sigterm: StopSpec['sigterm'] = 'exit';
  if (fields.sigterm !== undefined) {
    if (fields.sigterm === 'exit' || fields.sigterm === 'ignore') sigterm = fields.sigterm;
    else errors.push(fieldErrorMessage(fieldNotSupported(`${path}.sigterm`, String(fields.sigterm), ['exit', 'ignore'])));
  }
  if (sigterm === 'ignore' && (fields.code !== undefined || fields.delay !== undefined)) {
    errors.push(`${path}: Invalid value: a container that ignores SIGTERM has no exit delay or code of its own (it is killed: 137)`);
  }
  return {
    sigterm,
    delayMs: readDuration(fields.delay, `${path}.delay`, errors) ?? 0,
    exitCode: fields.code === undefined ? 143 : (readInteger(fields.code, `${path}.code`, errors, 0, 255) ?? 143),
  };
}

function readReadiness(value: unknown, path: string, errors: string[]): Lifecycle['readiness'] {
  const fields = readObject(value, path, errors, ['after', 'commands']);
  if (fields === undefined) return undefined;
  const afterMs = readDuration(fields.after, `${path}.after`, errors, true);
  const commands =
    fields.commands === undefined ? [{ args: [], restMatches: true }] : readList(fields.commands, `${path}.commands`, errors, (item, p) => readCommandPattern(item, p, errors));
  return afterMs === undefined ? undefined : { afterMs, commands };
}

function readExecRule(value: unknown, path: string, errors: string[]): ExecRule | undefined {
  const fields = readObject(value, path, errors, ['command', 'after', 'before', 'code', 'stdout', 'stderr', 'delay']);
  if (fields === undefined) return undefined;
  const command =
    fields.command === undefined ? (errors.push(fieldErrorMessage(fieldRequired(`${path}.command`))), undefined) : readCommandPattern(fields.command, `${path}.command`, errors);
  const afterMs = readDuration(fields.after, `${path}.after`, errors);
  const beforeMs = readDuration(fields.before, `${path}.before`, errors);
  if (command === undefined) return undefined;
  return {
    command,
    ...(afterMs !== undefined && { afterMs }),
    ...(beforeMs !== undefined && { beforeMs }),
    exitCode: fields.code === undefined ? 0 : (readInteger(fields.code, `${path}.code`, errors, 0, 255) ?? 0),
    stdout: readString(fields.stdout, `${path}.stdout`, errors) ?? '',
    stderr: readString(fields.stderr, `${path}.stderr`, errors) ?? '',
    delayMs: readDuration(fields.delay, `${path}.delay`, errors) ?? 0,
  };
}

function readCommandPattern(value: unknown, path: string, errors: string[]): CommandPattern | undefined {
  const args = readList(value, path, errors, (item, p) => readString(item, p, errors));
  if (args.length === 0) {
    errors.push(fieldErrorMessage(fieldRequired(path, 'a command has at least one argument pattern')));
    return undefined;
  }
  const doubleStar = args.indexOf('**');
  if (doubleStar >= 0 && doubleStar !== args.length - 1) errors.push(fieldErrorMessage(fieldInvalid(`${path}[${doubleStar}]`, '**', 'only the last pattern may be **')));
  const restMatches = args.at(-1) === '**';
  return { args: (restMatches ? args.slice(0, -1) : args).map(compileGlob), restMatches };
}

function readFiles(value: unknown, path: string, errors: string[]): ReadonlyMap<string, string> {
  const files = new Map<string, string>();
  if (value === undefined) return files;
  const fields = readObject(value, path, errors, undefined);
  for (const [name, content] of Object.entries(fields ?? {})) {
    if (!name.startsWith('/')) errors.push(fieldErrorMessage(fieldInvalid(`${path}[${name}]`, name, 'must be an absolute path')));
    const text = readString(content, `${path}[${name}]`, errors);
    if (text !== undefined) files.set(name, text);
  }
  return files;
}

function readObject(value: unknown, path: string, errors: string[], allowed: readonly string[] | undefined): Fields | undefined {
  if (!isJsonObject(value)) {
    errors.push(`${path || '<root>'}: Invalid value: must be an object`);
    return undefined;
  }
  if (allowed !== undefined) {
    for (const key of Object.keys(value)) if (!allowed.includes(key)) errors.push(`unknown field "${path ? `${path}.` : ''}${key}"`);
  }
  return value;
}

function readList<T>(value: unknown, path: string, errors: string[], readItem: (item: unknown, path: string) => T | undefined): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.push(`${path}: Invalid value: must be a list`);
    return [];
  }
  const items: T[] = [];
  value.forEach((item, i) => {
    const read = readItem(item, `${path}[${i}]`);
    if (read !== undefined) items.push(read);
  });
  return items;
}

function readString(value: unknown, path: string, errors: string[], required = false): string | undefined {
  if (value === undefined || value === null) {
    if (required) errors.push(fieldErrorMessage(fieldRequired(path)));
    return undefined;
  }
  if (typeof value !== 'string') {
    errors.push(`${path}: Invalid value: ${JSON.stringify(value)}: must be a string`);
    return undefined;
  }
  if (required && value === '') errors.push(fieldErrorMessage(fieldRequired(path)));
  return value;
}

function readBoolean(value: unknown, path: string, errors: string[]): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') {
    errors.push(`${path}: Invalid value: ${JSON.stringify(value)}: must be true or false`);
    return undefined;
  }
  return value;
}

function readInteger(value: unknown, path: string, errors: string[], min: number, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer between ${min} and ${max}`;
    errors.push(`${path}: Invalid value: ${JSON.stringify(value)}: must be ${range}`);
    return undefined;
  }
  return value;
}

/** A Go duration string ("300ms", "2s", "1m30s") or a number of milliseconds. */
function readDuration(value: unknown, path: string, errors: string[], required = false): number | undefined {
  if (value === undefined || value === null) {
    if (required) errors.push(fieldErrorMessage(fieldRequired(path)));
    return undefined;
  }
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? parseDuration(value) : undefined;
  if (ms === undefined || !Number.isFinite(ms)) {
    errors.push(`${path}: Invalid value: ${JSON.stringify(value)}: must be a duration such as 300ms, 5s or 1m30s, or a number of milliseconds`);
    return undefined;
  }
  if (ms < 0) {
    errors.push(`${path}: Invalid value: ${JSON.stringify(value)}: must not be negative`);
    return undefined;
  }
  return ms;
}
