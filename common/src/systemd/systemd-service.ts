// What a Capstan server (`capstan apiserver`, `capstan controllers`) tells systemd over its life:
// READY=1 once it is ready, from then WATCHDOG=1 every WatchdogSec/2 while its own health checks
// pass, and STOPPING=1 when its shutdown begins. Without NOTIFY_SOCKET nothing is sent.

import { SystemdNotifier, watchdogFromEnvironment, type HealthCheck, type WatchdogListener } from './systemd-notifier.ts';

export interface SystemdService {
  /** READY=1 with STATUS=, then the watchdog pings while `healthCheck` reports no failure. */
  ready(status: string, healthCheck: HealthCheck): Promise<void>;
  /** STOPPING=1: the pings end. */
  stopping(status?: string): Promise<void>;
}

/** Reads the watchdog systemd asks for (a refused WatchdogSec= throws, before anything starts) and opens $NOTIFY_SOCKET. */
export async function openSystemdService(listener: WatchdogListener = {}, env: NodeJS.ProcessEnv = process.env): Promise<SystemdService> {
  const watchdog = watchdogFromEnvironment(env);
  if ('error' in watchdog) throw new Error(watchdog.error);
  const notifier = await SystemdNotifier.open(env);
  let stopping = false;
  return {
    ready: async (status, healthCheck) => {
      // A shutdown that began first wins: systemd must not see READY=1 after STOPPING=1.
      if (stopping) return;
      await notifier.ready(status);
      notifier.startWatchdog(watchdog, healthCheck, listener);
    },
    stopping: (status) => {
      stopping = true;
      return notifier.stopping(status);
    },
  };
}
