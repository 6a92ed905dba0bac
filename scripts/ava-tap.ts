// ava's own command line with its TAP reporter made to survive a timeout: ava 7's reporter hands the
// tests pending at a timeout (or at a process.exit()) a plain Error where it expects a serialized
// one, throws, and takes the whole run down with their results unreported. Here those tests are
// reported `not ok` with the reason, as the default reporter does. Run in a package's directory,
// with ava's flags: `node scripts/ava-tap.ts --tap [--match ...]`.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface PendingEvent {
  readonly pendingTests: ReadonlyMap<string, Iterable<string>>;
  readonly period?: number;
  readonly testFile?: string;
}

interface TapReporterPrototype {
  writeTest(evt: { testFile: string; title: string; err: unknown }, flags: { passed: boolean; todo: boolean; skip: boolean }): void;
  writeTimeout(evt: PendingEvent): void;
  writeProcessExit(evt: PendingEvent): void;
}

const ava = join(import.meta.dirname, '..', 'node_modules', 'ava');
// ava's package exports do not include its reporters: they are loaded by file, the same module
// instance its command line uses below.
const tap = (await import(pathToFileURL(join(ava, 'lib', 'reporters', 'tap.js')).href)) as { default: { prototype: TapReporterPrototype } };
const reporter = tap.default.prototype;

/** An error in the shape the reporter's workers send (what its writeTest expects). */
const serializedError = (message: string): unknown => ({ type: 'native', name: 'Error', message, stack: `Error: ${message}`, originalError: { message } });

function reportPending(this: TapReporterPrototype, evt: PendingEvent, message: string): void {
  for (const [testFile, titles] of evt.pendingTests) {
    for (const title of titles) this.writeTest({ testFile, title, err: serializedError(message) }, { passed: false, todo: false, skip: false });
  }
}

reporter.writeTimeout = function (evt) {
  reportPending.call(this, evt, `Timed out: no new tests completed within the last ${evt.period ?? '?'}ms of inactivity`);
};
reporter.writeProcessExit = function (evt) {
  reportPending.call(this, evt, `Exiting due to process.exit() when running ${evt.testFile ?? 'a test file'}`);
};

const cli = (await import(pathToFileURL(join(ava, 'lib', 'cli.js')).href)) as { default: () => Promise<void> };
await cli.default();
