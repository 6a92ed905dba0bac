// The HTTP probe (DoHTTPProbe): an answer from 200 to 399 is a success (3xx: a warning, the probe
// did not follow a redirect to another host), any other code a failure "HTTP probe failed with
// statuscode: N" (never the body), and an error of the exchange a failure with the error as output.

import { httpGet, HttpGetError } from './http-get.ts';
import type { HttpGetRequest } from './http-get-request.ts';
import { maxProbeOutputBytes, type ProbeOutcome } from './probe-result.ts';

export async function httpProbe(request: HttpGetRequest, timeoutMs: number): Promise<ProbeOutcome> {
  let answer;
  try {
    answer = await httpGet(request, { timeoutMs, followNonLocalRedirects: false, maxBodyBytes: maxProbeOutputBytes });
  } catch (error) {
    if (error instanceof HttpGetError) return { result: 'failure', output: error.message };
    throw error;
  }
  if (answer.statusCode >= 200 && answer.statusCode < 400) {
    if (answer.statusCode >= 300) return { result: 'warning', output: `Probe terminated redirects, Response body: ${answer.body}` };
    return { result: 'success', output: answer.body };
  }
  return { result: 'failure', output: `HTTP probe failed with statuscode: ${answer.statusCode}` };
}
