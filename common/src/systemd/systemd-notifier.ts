// A Capstan process's conversation with systemd: READY=1 once it is ready (the agent once its Node
// is registered, the API server once readyz passes), WATCHDOG=1 every WatchdogSec/2 while the
// process's own health checks pass (systemd restarts it when the pings stop), STOPPING=1 on shutdown.
// Without NOTIFY_SOCKET every call does nothing.

import { openNotifySender, type NotifySender, type NotifySenderOptions } from './sd-notify.ts';

export type WatchdogSetting = { readonly enabled: false } | { readonly enabled: true; readonly timeoutUsec: number; readonly pingIntervalMs: number } | { readonly error: string };

/** Below this systemd's watchdog would fire before an event loop busy for a moment could ping. */
export const minimumWatchdogUsec = 1_000_000;

/**
 * The watchdog systemd asks for (sd_watchdog_enabled): WATCHDOG_USEC, for this process when
 * WATCHDOG_PID names it; unset or 0 turns it off; below one second it is refused.
 */
export function watchdogFromEnvironment(env: NodeJS.ProcessEnv = process.env, pid: number = process.pid): WatchdogSetting {
  const text = env['WATCHDOG_USEC'];
  if (text === undefined || text === '') return { enabled: false };
  if (!/^\d+$/.test(text)) return { error: `WATCHDOG_USEC=${JSON.stringify(text)} is not a whole number of microseconds` };
  const pidText = env['WATCHDOG_PID'];
  if (pidText !== undefined && pidText !== '' && Number(pidText) !== pid) return { enabled: false };
  const timeoutUsec = Number(text);
  if (timeoutUsec === 0) return { enabled: false };
  if (timeoutUsec < minimumWatchdogUsec) {
    return {
      error:
        `WATCHDOG_USEC=${timeoutUsec} (WatchdogSec=${timeoutUsec / 1000}ms) is refused: the watchdog timeout must be at least 1s, ` +
        'so that a ping every half of it survives a busy moment; set WatchdogSec= to 1s or more, or to 0 to turn the watchdog off',
    };
  }
  return { enabled: true, timeoutUsec, pingIntervalMs: timeoutUsec / 2000 };
}

/** The process's own health checks: the failures now, none when healthy. */
export type HealthCheck = () => readonly string[] | Promise<readonly string[]>;

export interface WatchdogListener {
  /** A ping was withheld because health checks failed (called on each skipped ping). */
  onUnhealthy?(failures: readonly string[]): void;
  /** A notification could not be sent. */
  onError?(error: Error): void;
}

export class SystemdNotifier {
  readonly #sender: NotifySender | undefined;
  #watchdog: { timer: NodeJS.Timeout | undefined; stopped: boolean } | undefined;
  #unhealthy = false;

  private constructor(sender: NotifySender | undefined) {
    this.#sender = sender;
  }

  /** Opens the notifier for $NOTIFY_SOCKET of `env`. */
  static async open(env: NodeJS.ProcessEnv = process.env, options: NotifySenderOptions = {}): Promise<SystemdNotifier> {
    return new SystemdNotifier(await openNotifySender(env['NOTIFY_SOCKET'], options));
  }

  /** Whether systemd listens (NOTIFY_SOCKET is set). */
  get enabled(): boolean {
    return this.#sender !== undefined;
  }

  /** How messages are sent: the datagram addon or the systemd-notify command. */
  get senderKind(): string | undefined {
    return this.#sender?.kind;
  }

  async notify(...assignments: string[]): Promise<void> {
    await this.#sender?.send(assignments);
  }

  ready(status?: string): Promise<void> {
    return this.notify('READY=1', ...(status === undefined ? [] : [`STATUS=${status}`]));
  }

  status(text: string): Promise<void> {
    return this.notify(`STATUS=${text}`);
  }

  /** Stops the watchdog pings and tells systemd the process is shutting down. */
  stopping(status?: string): Promise<void> {
    this.stopWatchdog();
    return this.notify('STOPPING=1', ...(status === undefined ? [] : [`STATUS=${status}`]));
  }

  /**
   * Pings now and every setting.pingIntervalMs while `healthCheck` reports no failure; a failing
   * check withholds the ping (and says why in STATUS=), so systemd restarts a stuck process.
   */
  startWatchdog(setting: WatchdogSetting, healthCheck: HealthCheck, listener: WatchdogListener = {}): void {
    if (this.#sender === undefined || !('enabled' in setting) || !setting.enabled) return;
    this.stopWatchdog();
    const state: { timer: NodeJS.Timeout | undefined; stopped: boolean } = { timer: undefined, stopped: false };
    this.#watchdog = state;
    const tick = async (): Promise<void> => {
      const started = performance.now();
      try {
        const failures = await healthCheck();
        if (state.stopped) return;
        if (failures.length === 0) {
          await this.notify('WATCHDOG=1', ...(this.#unhealthy ? ['STATUS=health checks pass'] : []));
          this.#unhealthy = false;
        } else {
          if (!this.#unhealthy) await this.notify(`STATUS=watchdog pings withheld: ${failures.join('; ')}`);
          this.#unhealthy = true;
          listener.onUnhealthy?.(failures);
        }
      } catch (error) {
        listener.onError?.(error as Error);
      }
      if (state.stopped) return;
      // The next ping keeps to the interval however long this one's health check took.
      state.timer = setTimeout(() => void tick(), Math.max(0, setting.pingIntervalMs - (performance.now() - started)));
      state.timer.unref();
    };
    void tick();
  }

  stopWatchdog(): void {
    if (this.#watchdog === undefined) return;
    this.#watchdog.stopped = true;
    clearTimeout(this.#watchdog.timer);
    this.#watchdog = undefined;
  }
}
