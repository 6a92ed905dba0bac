import test, { type ExecutionContext } from 'ava';
import { StatusError, type FailureStatus } from '@capstan/common';
import { podLogOptions } from '../src/kubelet/pod-log-options.ts';

const options = (query: string, splitStreams = false) => podLogOptions(new URLSearchParams(query), 'web', splitStreams);

function failure(t: ExecutionContext, query: string, splitStreams = false): FailureStatus {
  const error = t.throws(() => options(query, splitStreams), { instanceOf: StatusError });
  return (error as StatusError).status;
}

test('the options a client sends are read with Go strconv rules: "0" and "false" are false, anything else true', (t) => {
  t.deepEqual(options('container=app&follow=&previous=0&timestamps=FALSE&insecureSkipTLSVerifyBackend=yes&tailLines=%2B7'), {
    container: 'app',
    follow: true,
    previous: false,
    timestamps: false,
    insecureSkipTLSVerifyBackend: true,
    tailLines: 7n,
  });
});

test("a malformed or too large integer is the 400 of strconv.ParseInt, for the first bad field in kube's field order", (t) => {
  t.is(failure(t, 'tailLines=x&sinceSeconds=y').message, 'strconv.ParseInt: parsing "y": invalid syntax');
  t.is(failure(t, 'limitBytes=9223372036854775808').message, 'strconv.ParseInt: parsing "9223372036854775808": value out of range');
  t.is(failure(t, 'limitBytes=').message, 'strconv.ParseInt: parsing "": invalid syntax');
});

test('int64 bad values are shown exactly, beyond what a double holds', (t) => {
  t.is(failure(t, 'tailLines=-9223372036854775807').message, 'PodLogOptions "web" is invalid: tailLines: Invalid value: -9223372036854775807: must be greater than or equal to 0');
});

test('sinceTime is read as Go reads RFC 3339 and sent in UTC; the empty text is the zero time', (t) => {
  t.is(options('sinceTime=2024-02-29T23:30:00.5-01:00').sinceTime, '2024-03-01T00:30:00Z');
  t.is(options('sinceTime=').sinceTime, '0001-01-01T00:00:00Z');
  t.is(failure(t, 'sinceTime=2024-13-01T00:00:00Z').message, 'parsing time "2024-13-01T00:00:00Z": month out of range');
  t.is(failure(t, 'sinceTime=2024-01-01').message, 'parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"');
});

test('sinceSeconds below 1 is invalid, and only one of sinceSeconds and sinceTime may be given', (t) => {
  t.is(failure(t, 'sinceSeconds=0').message, 'PodLogOptions "web" is invalid: sinceSeconds: Invalid value: 0: must be greater than 0');
  t.deepEqual(failure(t, 'sinceSeconds=0&sinceTime=2024-01-01T00:00:00Z').details?.causes, [
    { reason: 'FieldValueForbidden', message: 'Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified', field: '' },
  ]);
});

test('without PodLogsQuerySplitStreams a stream may not be chosen', (t) => {
  t.is(failure(t, 'stream=Stdout').message, 'PodLogOptions "web" is invalid: stream: Forbidden: may not be specified');
  t.false('stream' in options('follow=true'));
});

test('with PodLogsQuerySplitStreams the stream defaults to All once any option is given, and must be one kube knows', (t) => {
  t.is(options('follow=true', true).stream, 'All');
  t.false('stream' in options('', true));
  t.is(options('stream=Stderr', true).stream, 'Stderr');
  t.is(failure(t, 'stream=Both', true).message, 'PodLogOptions "web" is invalid: stream: Unsupported value: "Both": supported values: "All", "Stderr", "Stdout"');
  t.is(failure(t, 'stream=Stdout&tailLines=3', true).message, 'PodLogOptions "web" is invalid: : Forbidden: `tailLines` and specific `stream` are mutually exclusive for now');
  t.is(options('stream=All&tailLines=3', true).tailLines, 3n);
});
