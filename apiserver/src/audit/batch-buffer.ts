// kube's buffered audit backend (--audit-*-mode=batch): events wait in a bounded buffer and go to
// the sender in batches of at most max-size, at least every max-wait, at most throttle-qps batches a
// second (with a burst). A full buffer drops events and says so; shutdown sends what is left.

import type { Logger } from '@capstan/common';
import type { AuditEvent } from './audit-event.ts';
import { logPluginError, type AuditBackend, type EventSender } from './audit-backend.ts';

/** kube's BatchConfig. */
export interface BatchConfig {
  readonly bufferSize: number;
  readonly maxBatchSize: number;
  readonly maxBatchWaitMs: number;
  readonly throttleEnable: boolean;
  readonly throttleQps: number;
  readonly throttleBurst: number;
  /** Send batches without waiting for the previous one (the webhook); the log writes one at a time. */
  readonly asyncDelegate: boolean;
}

export class BatchBuffer implements AuditBackend {
  readonly #sender: EventSender;
  readonly #config: BatchConfig;
  readonly #logger: Logger;
  #buffer: AuditEvent[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** The loop sending batches while the buffer holds any, and the sends in flight (asyncDelegate). */
  #draining: Promise<void> | undefined;
  readonly #inFlight = new Set<Promise<void>>();
  /** The token bucket of the throttle. */
  #tokens: number;
  #refilledAt = Date.now();
  #closed = false;
  /** The wait is over (or the backend shuts down): a partial batch goes too. */
  #flushing = false;

  constructor(sender: EventSender, config: BatchConfig, logger: Logger) {
    this.#sender = sender;
    this.#config = config;
    this.#logger = logger;
    this.#tokens = config.throttleBurst;
  }

  processEvent(event: AuditEvent): boolean {
    if (this.#closed) {
      logPluginError(this.#logger, 'buffered', new Error('audit backend shut down'), [event]);
      return true;
    }
    if (this.#buffer.length >= this.#config.bufferSize) {
      logPluginError(this.#logger, 'buffered', new Error('audit buffer queue blocked'), [event]);
      return true;
    }
    this.#buffer.push(event);
    if (this.#buffer.length >= this.#config.maxBatchSize) this.#drain();
    else this.#timer ??= setTimeout(() => this.#drain(true), this.#config.maxBatchWaitMs).unref();
    return true;
  }

  /** Sends the full batches; with `all` (the wait is over, or shutdown) the last partial one too. */
  #drain(all = false): void {
    if (all) {
      this.#flushing = true;
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    this.#draining ??= this.#drainLoop().finally(() => {
      this.#draining = undefined;
      // What waits for a full batch waits at most max-wait.
      if (this.#buffer.length > 0 && !this.#closed) this.#timer ??= setTimeout(() => this.#drain(true), this.#config.maxBatchWaitMs).unref();
    });
  }

  async #drainLoop(): Promise<void> {
    const { maxBatchSize } = this.#config;
    while (this.#buffer.length >= maxBatchSize || (this.#flushing && this.#buffer.length > 0)) {
      await this.#throttle();
      const send = this.#send(this.#buffer.splice(0, maxBatchSize));
      if (!this.#config.asyncDelegate) await send;
      else {
        this.#inFlight.add(send);
        void send.then(() => this.#inFlight.delete(send));
      }
    }
    this.#flushing = false;
  }

  async #send(batch: readonly AuditEvent[]): Promise<void> {
    try {
      await this.#sender.send(batch);
    } catch (error) {
      logPluginError(this.#logger, this.#sender.name, error, batch);
    }
  }

  async #throttle(): Promise<void> {
    if (!this.#config.throttleEnable || this.#closed) return;
    const now = Date.now();
    this.#tokens = Math.min(this.#config.throttleBurst, this.#tokens + ((now - this.#refilledAt) / 1000) * this.#config.throttleQps);
    this.#refilledAt = now;
    if (this.#tokens < 1) {
      const waitMs = ((1 - this.#tokens) / this.#config.throttleQps) * 1000;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      this.#tokens = 1;
      this.#refilledAt = Date.now();
    }
    this.#tokens -= 1;
  }

  /** kube's Shutdown: what is buffered is sent (unthrottled), every send awaited, then the sender closes. */
  async shutdown(): Promise<void> {
    this.#closed = true;
    this.#drain(true);
    // A loop already running may have missed the flush: run once more until nothing is left.
    while (this.#draining !== undefined || this.#buffer.length > 0) {
      await this.#draining;
      if (this.#buffer.length > 0) this.#drain(true);
    }
    await Promise.all(this.#inFlight);
    await this.#sender.close();
  }
}
