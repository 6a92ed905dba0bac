// The readyz "shutdown" check: fails from the moment a graceful shutdown starts, so that load
// balancers stop sending traffic during --shutdown-delay-duration while requests are still served.

import type { HealthCheck } from './health-endpoint.ts';

export class ShutdownCheck implements HealthCheck {
  readonly name = 'shutdown';
  #shuttingDown = false;

  begin(): void {
    this.#shuttingDown = true;
  }

  check(): void {
    if (this.#shuttingDown) throw new Error('process is shutting down');
  }
}
