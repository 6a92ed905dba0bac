// The lifecycle file of `capstan runtime-sim --lifecycles`: what it declares and how a mistake in it
// is reported.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { effectiveSettings } from '../src/runtime-sim/builtin-lifecycles.ts';
import { LifecycleFileError, parseRuntimeSimFile } from '../src/runtime-sim/lifecycle-file.ts';

const example = `
apiVersion: runtime-sim.capstan.dev/v1alpha1
kind: RuntimeSimConfiguration
preloadedImages: [docker.io/library/busybox:1.36]
images:
  - match: "*/private/*"
    error: "unexpected status from HEAD request: 401 Unauthorized"
  - match: "docker.io/library/big:*"
    pullDelay: 2s
    size: 104857600
  - match: "*"
sandbox: { startDelay: 50ms }
lifecycles:
  - name: web
    match: { images: ["docker.io/library/nginx:*"] }
    start: { delay: 300ms }
    logs:
      start: ["listening on :80", { stderr: "warming up" }]
      every: { interval: 10s, lines: ["GET / 200"] }
      stop: ["shutting down"]
    stop: { sigterm: exit, delay: 1s, code: 0 }
    readiness: { after: 2s, commands: [["cat", "/tmp/ready"]] }
    exec:
      - command: ["curl", "**"]
        stdout: "ok"
        before: 1m
    files: { /etc/nginx/nginx.conf: "worker_processes 1;" }
  - name: default
    exit: { after: 1500, reason: OOMKilled, attempts: 3 }
`;

test('a lifecycle file declares images, sandbox delays and lifecycles; durations read as Go durations or milliseconds', (t) => {
  const declared = parseRuntimeSimFile(example, 'example.yaml');
  const settings = effectiveSettings(declared);
  t.deepEqual(settings.preloadedImages, ['registry.k8s.io/pause:3.10.1', 'docker.io/library/busybox:1.36']);
  t.deepEqual(settings.sandbox, { startDelayMs: 50 });
  t.is(settings.images.length, 3);
  t.deepEqual(settings.images[0]?.failure, { notFound: false, message: 'unexpected status from HEAD request: 401 Unauthorized' });
  t.like(settings.images[1], { pullDelayMs: 2000, sizeBytes: 104857600 });
  t.true(settings.images[0]?.match('quay.io/private/app:1'));
  t.false(settings.images[0]?.match('quay.io/public/app:1'));

  const [web, fallback] = settings.lifecycles;
  t.is(web?.name, 'web');
  t.true(web?.matchImages[0]?.('docker.io/library/nginx:1.27'));
  t.deepEqual(web?.start, { delayMs: 300 });
  t.deepEqual(web?.logs.start, [
    { stream: 'stdout', text: 'listening on :80' },
    { stream: 'stderr', text: 'warming up' },
  ]);
  t.is(web?.logs.every?.intervalMs, 10_000);
  t.deepEqual(web?.stop, { sigterm: 'exit', delayMs: 1000, exitCode: 0 });
  t.is(web?.readiness?.afterMs, 2000);
  t.like(web?.exec[0], { beforeMs: 60_000, stdout: 'ok', exitCode: 0 });
  t.is(web?.files.get('/etc/nginx/nginx.conf'), 'worker_processes 1;');
  t.deepEqual(fallback?.exit, { afterMs: 1500, exitCode: 137, reason: 'OOMKilled', message: '', attempts: 3 });
  t.deepEqual(
    settings.lifecycles.map((l) => l.name),
    ['web', 'default', 'succeeded', 'failed', 'crash-loop', 'oom-killed', 'ignore-sigterm', 'start-error', 'slow-ready'],
    "the file's lifecycles come first and replace the built-in ones of the same name",
  );
});

test('a JSON file is a lifecycle file too', (t) => {
  const declared = parseRuntimeSimFile(JSON.stringify({ lifecycles: [{ name: 'job', exit: { after: '1s' } }] }), 'job.json');
  t.deepEqual(declared.lifecycles[0]?.exit, { afterMs: 1000, exitCode: 0, reason: 'Completed', message: '' });
});

test('every mistake is reported with its field path, all at once', (t) => {
  const error = t.throws(
    () =>
      parseRuntimeSimFile(
        `
apiVersion: v1
lifecycles:
  - name: a
    exti: { after: 1s }
    exit: { after: soon, code: 300 }
    logs: { start: [{ stdout: a, stderr: b }], every: { interval: 0s } }
  - name: a
    exit: { after: 1s, code: 1, reason: Completed }
    stop: { sigterm: ignore, code: 0 }
    exec: [{ command: ["**", "x"] }, { stdout: "no command" }]
    files: { relative/path: x }
  - start: { delay: -1s }
images:
  - match: "*"
    notFound: true
    error: both
`,
        '/etc/capstan/lifecycles.yaml',
      ),
    { instanceOf: LifecycleFileError },
  );
  t.deepEqual(error?.causes, [
    'apiVersion: Unsupported value: "v1": supported values: "runtime-sim.capstan.dev/v1alpha1"',
    'unknown field "lifecycles[0].exti"',
    'lifecycles[0].exit.after: Invalid value: "soon": must be a duration such as 300ms, 5s or 1m30s, or a number of milliseconds',
    'lifecycles[0].exit.code: Invalid value: 300: must be an integer between 0 and 255',
    'lifecycles[0].logs.start[0]: Invalid value: a log line is a string, or an object with exactly one of stdout and stderr',
    'lifecycles[0].logs.every.interval: Invalid value: "0s": must be greater than 0',
    'lifecycles[1].exit.reason: Invalid value: "Completed": a container completes only with exit code 0',
    'lifecycles[1].stop: Invalid value: a container that ignores SIGTERM has no exit delay or code of its own (it is killed: 137)',
    'lifecycles[1].exec[0].command[0]: Invalid value: "**": only the last pattern may be **',
    'lifecycles[1].exec[1].command: Required value',
    'lifecycles[1].files[relative/path]: Invalid value: "relative/path": must be an absolute path',
    'lifecycles[2].name: Required value',
    'lifecycles[2].start.delay: Invalid value: "-1s": must not be negative',
    'lifecycles[1].name: Duplicate value: "a" (also lifecycles[0])',
    'images[0]: Invalid value: only one of notFound and error may be set',
  ]);
  t.true(error?.message.startsWith('invalid runtime-sim configuration /etc/capstan/lifecycles.yaml: apiVersion: Unsupported value'));
});

test('a file that is not YAML says where it breaks', (t) => {
  const error = t.throws(() => parseRuntimeSimFile('lifecycles: [\n  - name: a', 'bad.yaml'), { instanceOf: LifecycleFileError });
  t.regex(error?.message ?? '', /^invalid runtime-sim configuration bad.yaml: .*line 2/s);
});

test('an empty file declares nothing and leaves the built-in behaviour', (t) => {
  const settings = effectiveSettings(parseRuntimeSimFile('', 'empty.yaml'));
  const builtIn = effectiveSettings();
  t.deepEqual(settings.lifecycles, builtIn.lifecycles);
  t.deepEqual([settings.preloadedImages, settings.sandbox, settings.features], [builtIn.preloadedImages, builtIn.sandbox, builtIn.features]);
  t.deepEqual(
    ['busybox', 'docker.io/library/does-not-exist:1', 'webserver:404', 'foo:non-existent', 'gb-redisslave:nonexistent', 'httpd:2.4.404'].map(
      (image) => settings.images.find((rule) => rule.match(image))?.failure,
    ),
    [undefined, { notFound: true }, { notFound: true }, { notFound: true }, { notFound: true }, undefined],
  );
});

test('the example of docs/runtime-sim.md is a valid lifecycle file', (t) => {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'runtime-sim.md'), 'utf8');
  const yaml = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const declared = parseRuntimeSimFile(yaml, 'docs/runtime-sim.md');
  t.deepEqual(
    declared.lifecycles.map((l) => l.name),
    ['web', 'flaky-job', 'migration'],
  );
  t.is(declared.images?.length, 4);
});
