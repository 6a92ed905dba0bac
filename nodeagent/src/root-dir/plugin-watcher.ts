// The plugin watcher of <root-dir>/plugins_registry: a CSI node plugin, a DRA driver or a device
// plugin puts a registration socket there; the agent finds it (a scan every second, as often as
// the kubelet's reconciler runs), calls its Registration service (GetInfo), hands it to the handler
// of its type for validation and registration, and tells the plugin the outcome
// (NotifyRegistrationStatus). A socket that fails is retried with exponential back-off (500 ms
// doubling to 2 min 2 s); a socket that disappears is deregistered. Files whose names start with a
// dot are ignored, and subdirectories are searched too.

import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CriConnection } from '../cri/cri-connection.ts';
import { pluginRegistrationV1, type PluginInfo } from './api/plugin-registration-v1.ts';
import { errorMessage } from '@capstan/common';

const { Registration } = pluginRegistrationV1;

type Log = (message: string, error?: unknown) => void;

/** A plugin type's handler (cache.PluginHandler). */
export interface PluginHandler {
  /** Throws when the plugin cannot be registered (unsupported versions, a bad name). */
  validate(name: string, endpoint: string, versions: readonly string[]): void;
  register(name: string, endpoint: string, versions: readonly string[]): Promise<void>;
  deregister(name: string, endpoint: string): void;
}

export interface RegisteredPlugin {
  readonly socketPath: string;
  readonly type: string;
  readonly name: string;
  readonly endpoint: string;
  readonly versions: readonly string[];
  readonly registeredAt: Date;
}

export interface PluginWatcherOptions {
  /** <root-dir>/plugins_registry */
  readonly dir: string;
  readonly handlers: Readonly<Record<string, PluginHandler>>;
  readonly log?: Log;
  readonly periodMs?: number;
}

const initialBackOffMs = 500;
const maxBackOffMs = 122_000;

export class PluginWatcher {
  readonly dir: string;
  readonly #handlers: Readonly<Record<string, PluginHandler>>;
  readonly #log: Log;
  readonly #periodMs: number;
  readonly #registered = new Map<string, RegisteredPlugin>();
  readonly #failures = new Map<string, { readonly retryAt: number; readonly backOffMs: number; readonly error: string }>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: PluginWatcherOptions) {
    this.dir = options.dir;
    this.#handlers = options.handlers;
    this.#log = options.log ?? (() => {});
    this.#periodMs = options.periodMs ?? 1000;
  }

  start(): void {
    const tick = (): void => {
      this.#running = this.reconcile().finally(() => {
        if (!this.#stopped) this.#timer = setTimeout(tick, this.#periodMs);
      });
    };
    tick();
  }

  /** The plugins registered now, by socket path. */
  plugins(): readonly RegisteredPlugin[] {
    return [...this.#registered.values()];
  }

  /** The last registration error of each socket that has one. */
  failures(): ReadonlyMap<string, string> {
    return new Map([...this.#failures].map(([path, failure]) => [path, failure.error]));
  }

  /** One pass: registers new sockets, deregisters vanished ones. */
  async reconcile(): Promise<void> {
    const sockets = await findSockets(this.dir);
    for (const [path, plugin] of this.#registered) {
      if (sockets.has(path)) continue;
      this.#registered.delete(path);
      this.#log(`Deregistering plugin ${plugin.name} of type ${plugin.type} at ${path}`);
      this.#handlers[plugin.type]?.deregister(plugin.name, plugin.endpoint);
    }
    for (const path of this.#failures.keys()) if (!sockets.has(path)) this.#failures.delete(path);
    const now = Date.now();
    for (const path of sockets) {
      if (this.#stopped) return;
      if (this.#registered.has(path) || (this.#failures.get(path)?.retryAt ?? 0) > now) continue;
      try {
        this.#registered.set(path, await this.#register(path));
        this.#failures.delete(path);
      } catch (error) {
        const backOffMs = Math.min((this.#failures.get(path)?.backOffMs ?? initialBackOffMs / 2) * 2, maxBackOffMs);
        const message = errorMessage(error);
        this.#failures.set(path, { retryAt: Date.now() + backOffMs, backOffMs, error: message });
        this.#log(`RegisterPlugin failed for ${path}, no retries permitted for ${backOffMs}ms`, error);
      }
    }
  }

  /** GenerateRegisterPluginFunc: GetInfo, validate, register, and tell the plugin. */
  async #register(socketPath: string): Promise<RegisteredPlugin> {
    const connection = new CriConnection(socketPath, { requestTimeoutMs: 1000 });
    try {
      let info: PluginInfo;
      try {
        info = await connection.unary(Registration['GetInfo'] as never, {} as never, 1000);
      } catch (error) {
        throw new Error(`RegisterPlugin error -- failed to get plugin info using RPC GetInfo at socket ${socketPath}, err: ${errorMessage(error)}`, { cause: error });
      }
      const notify = async (registered: boolean, message: string): Promise<void> => {
        try {
          await connection.unary(Registration['NotifyRegistrationStatus'] as never, { pluginRegistered: registered, error: message } as never, 1000);
        } catch (error) {
          const what = registered ? 'failed to send registration status' : 'failed to send error';
          throw new Error(`RegisterPlugin error -- ${what} at socket ${socketPath}, err: ${errorMessage(error)}`, { cause: error });
        }
      };
      const handler = this.#handlers[info.type];
      if (handler === undefined) {
        const message = `RegisterPlugin error -- no handler registered for plugin type: ${info.type} at socket ${socketPath}`;
        await notify(false, message);
        throw new Error(message);
      }
      const endpoint = info.endpoint === '' ? socketPath : info.endpoint;
      for (const [step, run] of [
        ['validation', () => handler.validate(info.name, endpoint, info.supportedVersions)],
        ['registration', () => handler.register(info.name, endpoint, info.supportedVersions)],
      ] as const) {
        try {
          await run();
        } catch (error) {
          const message = `RegisterPlugin error -- plugin ${step} failed with err: ${errorMessage(error)}`;
          await notify(false, message);
          throw new Error(message, { cause: error });
        }
      }
      await notify(true, '');
      this.#log(`Register new plugin with name: ${info.name} at endpoint: ${endpoint}`);
      return { socketPath, type: info.type, name: info.name, endpoint, versions: info.supportedVersions, registeredAt: new Date() };
    } finally {
      connection.close();
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}

/** The sockets under `dir` and its subdirectories, skipping names that start with a dot. */
async function findSockets(dir: string): Promise<Set<string>> {
  const sockets = new Set<string>();
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const name of entries) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    const stat = await lstat(path).catch(() => undefined);
    if (stat?.isSocket() === true) sockets.add(path);
    else if (stat?.isDirectory() === true) for (const nested of await findSockets(path)) sockets.add(nested);
  }
  return sockets;
}
