// The health endpoints (/livez, /readyz, /healthz) worded as kube-apiserver words them: "ok", a
// verbose list of [+]/[-] lines, ?exclude=<check>, and one endpoint per check.

import { errorMessage } from '@capstan/common';
import { observeHealthcheck } from '@capstan/common/metrics';

export interface HealthCheck {
  readonly name: string;
  /** Throws (or rejects) when unhealthy; the reason goes to the log, never to the client. */
  check(): void | Promise<void>;
}

export interface TextResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const textHeaders = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } as const;

export interface HealthFailure {
  readonly check: string;
  readonly error: unknown;
}

/** The names of the checks that fail now (none when healthy): what the systemd watchdog withholds its pings on. */
export async function failingChecks(checks: readonly HealthCheck[]): Promise<readonly string[]> {
  const results = await Promise.all(
    checks.map(async (check) => {
      try {
        await check.check();
        return undefined;
      } catch {
        return check.name;
      }
    }),
  );
  return results.filter((name) => name !== undefined);
}

/** Runs the checks of one endpoint (e.g. "readyz") for a request with the given query. */
export async function healthResponse(
  endpoint: string,
  checks: readonly HealthCheck[],
  query: URLSearchParams,
  onFailure: (failures: readonly HealthFailure[]) => void = () => {},
): Promise<TextResponse> {
  const excluded = new Set(query.getAll('exclude'));
  const results = await Promise.all(
    checks.map(async (check): Promise<HealthFailure | 'ok' | 'excluded'> => {
      if (excluded.has(check.name)) return 'excluded';
      // Each check run is an SLI (kubernetes_healthcheck); the one-check endpoints are not counted, as in kube.
      try {
        await check.check();
        observeHealthcheck(check.name, endpoint, 'success');
        return 'ok';
      } catch (error) {
        observeHealthcheck(check.name, endpoint, 'error');
        return { check: check.name, error };
      }
    }),
  );
  let lines = '';
  const failures: HealthFailure[] = [];
  checks.forEach((check, i) => {
    const result = results[i];
    excluded.delete(check.name);
    if (result === 'excluded') lines += `[+]${check.name} excluded: ok\n`;
    else if (result === 'ok') lines += `[+]${check.name} ok\n`;
    else if (result !== undefined) {
      lines += `[-]${check.name} failed: reason withheld\n`;
      failures.push(result);
    }
  });
  if (excluded.size > 0) {
    const names = [...excluded].sort().map((name) => JSON.stringify(name));
    lines += `warn: some health checks cannot be excluded: no matches for ${names.join(',')}\n`;
  }
  if (failures.length > 0) {
    onFailure(failures);
    // Always verbose on failure.
    return { status: 500, headers: textHeaders, body: `${lines}${endpoint} check failed\n` };
  }
  if (!query.has('verbose')) return { status: 200, headers: textHeaders, body: 'ok' };
  return { status: 200, headers: textHeaders, body: `${lines}${endpoint} check passed\n` };
}

/** The endpoint of one check, e.g. /readyz/ping. */
export async function singleCheckResponse(check: HealthCheck): Promise<TextResponse> {
  try {
    await check.check();
    return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'ok' };
  } catch (error) {
    const reason = errorMessage(error);
    return { status: 500, headers: textHeaders, body: `internal server error: ${reason}\n` };
  }
}
