// kube-apiserver's audit flags (--audit-policy-file, --audit-log-*, --audit-webhook-*), their
// defaults, and their checks in kube's words (AuditOptions.Validate).

import { auditModes, type AuditMode } from './audit-backend.ts';
import type { BatchConfig } from './batch-buffer.ts';
import { auditLogFormats, type AuditLogFormat } from './log-backend.ts';
import type { TruncateConfig } from './truncate-backend.ts';

const modes = `Known modes are ${auditModes.join(',')}.`;

type Spec<T extends string, V> = { readonly type: T; readonly default: V; readonly help: string };
type BatchFlagSpecs<P extends string> = { readonly [K in `audit-${P}-mode` | `audit-${P}-version`]: Spec<'string', string> } & {
  readonly [K in
    | `audit-${P}-batch-buffer-size`
    | `audit-${P}-batch-max-size`
    | `audit-${P}-batch-throttle-burst`
    | `audit-${P}-truncate-max-batch-size`
    | `audit-${P}-truncate-max-event-size`]: Spec<'int', number>;
} & { readonly [K in `audit-${P}-batch-max-wait`]: Spec<'duration', number> } & { readonly [K in `audit-${P}-batch-throttle-qps`]: Spec<'float', number> } & {
  readonly [K in `audit-${P}-batch-throttle-enable` | `audit-${P}-truncate-enabled`]: Spec<'bool', boolean>;
};

/** The --audit-<plugin>-mode, -batch-* and -version flags of a backend. */
function batchFlags<P extends string>(plugin: P, defaults: BatchConfig, mode: AuditMode): BatchFlagSpecs<P> {
  const flag = <N extends string>(name: N): `audit-${P}-${N}` => `audit-${plugin}-${name}`;
  return {
    [flag('mode')]: {
      type: 'string',
      default: mode as string,
      help: `Strategy for sending audit events. Blocking indicates sending events should block server responses. Batch causes the backend to buffer and write events asynchronously. ${modes}`,
    },
    [flag('batch-buffer-size')]: {
      type: 'int',
      default: defaults.bufferSize,
      help: 'The size of the buffer to store events before batching and writing. Only used in batch mode.',
    },
    [flag('batch-max-size')]: { type: 'int', default: defaults.maxBatchSize, help: 'The maximum size of a batch. Only used in batch mode.' },
    [flag('batch-max-wait')]: {
      type: 'duration',
      default: defaults.maxBatchWaitMs,
      help: "The amount of time to wait before force writing the batch that hadn't reached the max size. Only used in batch mode.",
    },
    [flag('batch-throttle-enable')]: { type: 'bool', default: defaults.throttleEnable, help: 'Whether batching throttling is enabled. Only used in batch mode.' },
    [flag('batch-throttle-qps')]: { type: 'float', default: defaults.throttleQps, help: 'Maximum average number of batches per second. Only used in batch mode.' },
    [flag('batch-throttle-burst')]: {
      type: 'int',
      default: defaults.throttleBurst,
      help: 'Maximum number of requests sent at the same moment if ThrottleQPS was not utilized before. Only used in batch mode.',
    },
    [flag('version')]: { type: 'string', default: 'audit.k8s.io/v1', help: `API group and version used for serializing audit events written to ${plugin}.` },
    [flag('truncate-enabled')]: { type: 'bool', default: false, help: 'Whether event and batch truncating is enabled.' },
    [flag('truncate-max-batch-size')]: {
      type: 'int',
      default: 10 * 1024 * 1024,
      help: 'Maximum size of the batch sent to the underlying backend. Actual serialized size can be several hundreds of bytes greater. If a batch exceeds this limit, it is split into several batches of smaller size.',
    },
    [flag('truncate-max-event-size')]: {
      type: 'int',
      default: 100 * 1024,
      help: "Maximum size of the audit event sent to the underlying backend. If the size of an event is greater than this number, first request and response are removed, and if this doesn't reduce the size enough, event is discarded.",
    },
  } as BatchFlagSpecs<P>;
}

/** kube's defaultLogBatchConfig: batching does not help a file; one write at a time. */
const logBatchDefaults: BatchConfig = { bufferSize: 10_000, maxBatchSize: 1, maxBatchWaitMs: 0, throttleEnable: false, throttleQps: 0, throttleBurst: 0, asyncDelegate: false };
/** kube's defaultWebhookBatchConfig. */
const webhookBatchDefaults: BatchConfig = {
  bufferSize: 10_000,
  maxBatchSize: 400,
  maxBatchWaitMs: 30_000,
  throttleEnable: true,
  throttleQps: 10,
  throttleBurst: 15,
  asyncDelegate: true,
};

export const auditFlags = {
  'audit-policy-file': { type: 'string', default: '', help: 'Path to the file that defines the audit policy configuration.' },
  'audit-log-path': { type: 'string', default: '', help: "If set, all requests coming to the apiserver will be logged to this file.  '-' means standard out." },
  'audit-log-maxage': { type: 'int', default: 0, help: 'The maximum number of days to retain old audit log files based on the timestamp encoded in their filename.' },
  'audit-log-maxbackup': {
    type: 'int',
    default: 0,
    help: "The maximum number of old audit log files to retain. Setting a value of 0 will mean there's no restriction on the number of files.",
  },
  'audit-log-maxsize': { type: 'int', default: 0, help: 'The maximum size in megabytes of the audit log file before it gets rotated.' },
  'audit-log-format': {
    type: 'string',
    default: 'json',
    help: `Format of saved audits. "legacy" indicates 1-line text format for each event. "json" indicates structured json format. Known formats are ${auditLogFormats.join(',')}.`,
  },
  'audit-log-compress': { type: 'bool', default: false, help: 'If set, the rotated log files will be compressed using gzip.' },
  ...batchFlags('log', logBatchDefaults, 'blocking'),
  'audit-webhook-config-file': { type: 'string', default: '', help: 'Path to a kubeconfig formatted file that defines the audit webhook configuration.' },
  'audit-webhook-initial-backoff': { type: 'duration', default: 10_000, help: 'The amount of time to wait before retrying the first failed request.' },
  ...batchFlags('webhook', webhookBatchDefaults, 'batch'),
} as const;

type BatchFlagValues<P extends string> = {
  readonly [K in `audit-${P}-mode` | `audit-${P}-version`]: string;
} & {
  readonly [K in
    | `audit-${P}-batch-buffer-size`
    | `audit-${P}-batch-max-size`
    | `audit-${P}-batch-max-wait`
    | `audit-${P}-batch-throttle-qps`
    | `audit-${P}-batch-throttle-burst`
    | `audit-${P}-truncate-max-batch-size`
    | `audit-${P}-truncate-max-event-size`]: number;
} & { readonly [K in `audit-${P}-batch-throttle-enable` | `audit-${P}-truncate-enabled`]: boolean };

export type AuditFlagValues = {
  readonly 'audit-policy-file': string;
  readonly 'audit-log-path': string;
  readonly 'audit-log-maxage': number;
  readonly 'audit-log-maxbackup': number;
  readonly 'audit-log-maxsize': number;
  readonly 'audit-log-format': string;
  readonly 'audit-log-compress': boolean;
  readonly 'audit-webhook-config-file': string;
  readonly 'audit-webhook-initial-backoff': number;
} & BatchFlagValues<'log'> &
  BatchFlagValues<'webhook'>;

/** A backend's mode and, in batch mode, its batching; its truncation when enabled. */
export interface BackendMode {
  readonly mode: AuditMode;
  readonly batch: BatchConfig;
  readonly truncate: TruncateConfig | undefined;
}

/** The audit flags, read and checked. */
export interface AuditOptions {
  /** No policy: nothing is audited, whatever backends are set. */
  readonly policyFile: string;
  readonly log:
    | {
        readonly path: string;
        readonly format: AuditLogFormat;
        readonly maxAgeDays: number;
        readonly maxBackups: number;
        readonly maxSizeMb: number;
        readonly compress: boolean;
        readonly mode: BackendMode;
      }
    | undefined;
  readonly webhook: { readonly configFile: string; readonly initialBackoffMs: number; readonly mode: BackendMode } | undefined;
}

/** kube's error when the audit flags do not hold together. */
export class AuditFlagError extends Error {
  override name = 'AuditFlagError';
}

export function auditOptionsOf(flags: AuditFlagValues): AuditOptions {
  const errors: string[] = [];
  let log: AuditOptions['log'];
  if (flags['audit-log-path'] !== '') {
    const mode = backendModeOf('log', flags, logBatchDefaults.asyncDelegate, errors);
    const format = flags['audit-log-format'];
    if (!(auditLogFormats as readonly string[]).includes(format))
      errors.push(`invalid audit log format ${format}, allowed formats are ${JSON.stringify(auditLogFormats.join(','))}`);
    for (const [flag, value] of [
      ['--audit-log-maxage', flags['audit-log-maxage']],
      ['--audit-log-maxbackup', flags['audit-log-maxbackup']],
      ['--audit-log-maxsize', flags['audit-log-maxsize']],
    ] as const) {
      if (value < 0) errors.push(`${flag} ${value} can't be a negative number`);
    }
    log = {
      path: flags['audit-log-path'],
      format: format as AuditLogFormat,
      maxAgeDays: flags['audit-log-maxage'],
      maxBackups: flags['audit-log-maxbackup'],
      maxSizeMb: flags['audit-log-maxsize'],
      compress: flags['audit-log-compress'],
      mode,
    };
  }
  let webhook: AuditOptions['webhook'];
  if (flags['audit-webhook-config-file'] !== '') {
    const mode = backendModeOf('webhook', flags, webhookBatchDefaults.asyncDelegate, errors);
    webhook = { configFile: flags['audit-webhook-config-file'], initialBackoffMs: flags['audit-webhook-initial-backoff'], mode };
  }
  if (errors.length === 1) throw new AuditFlagError(errors[0]);
  if (errors.length > 1) throw new AuditFlagError(`[${errors.join(', ')}]`);
  return { policyFile: flags['audit-policy-file'], log, webhook };
}

function backendModeOf(plugin: 'log' | 'webhook', flags: AuditFlagValues, asyncDelegate: boolean, errors: string[]): BackendMode {
  const mode = flags[`audit-${plugin}-mode`];
  const batch: BatchConfig = {
    bufferSize: flags[`audit-${plugin}-batch-buffer-size`],
    maxBatchSize: flags[`audit-${plugin}-batch-max-size`],
    maxBatchWaitMs: flags[`audit-${plugin}-batch-max-wait`],
    throttleEnable: flags[`audit-${plugin}-batch-throttle-enable`],
    throttleQps: flags[`audit-${plugin}-batch-throttle-qps`],
    throttleBurst: flags[`audit-${plugin}-batch-throttle-burst`],
    asyncDelegate,
  };
  if (!(auditModes as readonly string[]).includes(mode)) errors.push(`invalid audit ${plugin} mode ${mode}, allowed modes are ${JSON.stringify(auditModes.join(','))}`);
  else if (mode === 'batch') {
    if (batch.bufferSize <= 0) errors.push(`invalid audit batch ${plugin} buffer size ${batch.bufferSize}, must be a positive number`);
    if (batch.maxBatchSize <= 0) errors.push(`invalid audit batch ${plugin} max batch size ${batch.maxBatchSize}, must be a positive number`);
    if (batch.throttleEnable && batch.throttleQps <= 0) errors.push(`invalid audit batch ${plugin} throttle QPS ${batch.throttleQps}, must be a positive number`);
    if (batch.throttleEnable && batch.throttleBurst <= 0) errors.push(`invalid audit batch ${plugin} throttle burst ${batch.throttleBurst}, must be a positive number`);
  }
  const truncate: TruncateConfig = { maxEventSize: flags[`audit-${plugin}-truncate-max-event-size`], maxBatchSize: flags[`audit-${plugin}-truncate-max-batch-size`] };
  if (truncate.maxEventSize <= 0) errors.push(`invalid audit truncate ${plugin} max event size ${truncate.maxEventSize}, must be a positive number`);
  else if (truncate.maxBatchSize < truncate.maxEventSize) {
    errors.push(`invalid audit truncate ${plugin} max batch size ${truncate.maxBatchSize}, must be greater than max event size (${truncate.maxEventSize})`);
  }
  const version = flags[`audit-${plugin}-version`];
  if (version !== 'audit.k8s.io/v1') errors.push(`invalid group version, allowed versions are ["audit.k8s.io/v1"]`);
  return { mode: mode as AuditMode, batch, truncate: flags[`audit-${plugin}-truncate-enabled`] ? truncate : undefined };
}
