// What one run of a probe found (probe.Result with its output), and what a probe's worker keeps
// for a container (results.Result).

/** probe.Result: a warning counts as a success, with an event of its own. */
export type ProbeOutcome =
  | { readonly result: 'success' | 'warning' | 'failure'; readonly output: string }
  /** The probe could not be run (a bad port, a runtime error): the result is thrown away. */
  | { readonly result: 'unknown'; readonly output: string; readonly error: Error };

/** results.Result. */
export type ProbeResult = 'success' | 'failure' | 'unknown';

export type ProbeKind = 'liveness' | 'readiness' | 'startup';

/** probeType's String(), as events and messages name it. */
export const probeKindName: Readonly<Record<ProbeKind, string>> = { liveness: 'Liveness', readiness: 'Readiness', startup: 'Startup' };

/** The 10 KiB of output an exec or HTTP probe keeps. */
export const maxProbeOutputBytes = 10 * 1024;

/** The first `maxProbeOutputBytes` of a text. */
export function limitProbeOutput(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= maxProbeOutputBytes ? text : bytes.subarray(0, maxProbeOutputBytes).toString('utf8');
}
