// The conversation of a Capstan process with systemd (sd_notify(3)): READY=1, WATCHDOG=1 while its
// own health checks pass, STOPPING=1. Used by `capstan apiserver`, `capstan controllers` and `capstan agent`.

export * from './sd-notify.ts';
export * from './systemd-notifier.ts';
export * from './systemd-service.ts';
