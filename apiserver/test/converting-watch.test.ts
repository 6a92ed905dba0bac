// A watch whose objects a remote conversion (a CRD's webhook) makes: events keep their order however
// long each conversion takes, a failed initial event fails the watch, a failed later one ends it
// with an ERROR event, and the store is held while the client is full.

import test from 'ava';
import { newUnclassifiedError } from '@capstan/common';
import { watchConverting } from '../src/registry/conversions/converting-watch.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import type { ApiWatchEvent, ApiWatchListener } from '../src/registry/store-watch.ts';
import type { Watch } from '../src/storage/storage.ts';

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A store watch the test drives: `emit` delivers an event as the store would, answering what the listener said. */
function fakeStore(initial: readonly ApiWatchEvent[] = []) {
  let listener: ApiWatchListener | undefined;
  const calls = { resume: 0, close: 0 };
  const watch: Watch = { resume: () => void calls.resume++, requestProgress: () => {}, close: () => void calls.close++ };
  const start = async (to: ApiWatchListener): Promise<Watch> => {
    listener = to;
    for (const event of initial) to(event);
    return watch;
  };
  return { start, calls, emit: (event: ApiWatchEvent) => listener?.(event) };
}

const added = (name: string): ApiWatchEvent => ({ type: 'ADDED', object: { metadata: { name } } });
const nameOf = (event: ApiWatchEvent): string => ('object' in event ? String((event.object as { metadata?: { name?: string } }).metadata?.name) : event.type);

test('events reach the listener converted and in their order, however long each conversion takes', async (t) => {
  const store = fakeStore();
  const pending = new Map<string, Deferred<JsonObject>>();
  const convert = (object: JsonObject): Promise<JsonObject> => {
    const wait = deferred<JsonObject>();
    pending.set(String((object.metadata as JsonObject).name), wait);
    return wait.promise;
  };
  const seen: string[] = [];
  const allSeen = deferred<void>();
  await watchConverting(store.start, convert, (event) => {
    seen.push(`${event.type} ${nameOf(event)}`);
    if (seen.length === 3) allSeen.resolve();
  });
  store.emit(added('a'));
  store.emit(added('b'));
  store.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '9' } } });
  // The second converts first: nothing is delivered before the first has.
  pending.get('b')?.resolve({ metadata: { name: 'b2' } });
  await Promise.resolve();
  t.deepEqual(seen, []);
  pending.get('a')?.resolve({ metadata: { name: 'a2' } });
  await allSeen.promise;
  t.deepEqual(seen, ['ADDED a2', 'ADDED b2', 'BOOKMARK undefined']);
});

test('an initial event that does not convert fails the watch itself, which is closed', async (t) => {
  const store = fakeStore([added('a'), added('b')]);
  const failure = newUnclassifiedError('conversion webhook for stable.example.com/v1, Kind=CronTab failed: no');
  const convert = async (object: JsonObject): Promise<JsonObject> => {
    if ((object.metadata as JsonObject).name === 'b') throw failure;
    return object;
  };
  await t.throwsAsync(
    watchConverting(store.start, convert, () => {}),
    { is: failure },
  );
  t.is(store.calls.close, 1);
});

test('a later event that does not convert ends the watch with an ERROR event carrying the Status', async (t) => {
  const store = fakeStore([added('a')]);
  const convert = async (object: JsonObject): Promise<JsonObject> => {
    if ((object.metadata as JsonObject).name === 'bad') throw newUnclassifiedError('no conversion for you');
    return object;
  };
  const seen: ApiWatchEvent[] = [];
  const errored = deferred<void>();
  await watchConverting(store.start, convert, (event) => {
    seen.push(event);
    if (event.type === 'ERROR') errored.resolve();
  });
  store.emit(added('bad'));
  store.emit(added('after'));
  await errored.promise;
  t.deepEqual(
    seen.map((event) => event.type),
    ['ADDED', 'ERROR'],
  );
  t.like(seen[1], { object: { code: 500, message: 'no conversion for you' } });
});

test('a full client holds the store until it drains', async (t) => {
  const store = fakeStore();
  let full = true;
  const delivered = deferred<void>();
  const watch = await watchConverting(
    store.start,
    async (object) => object,
    () => {
      delivered.resolve();
      return !full;
    },
  );
  store.emit(added('a'));
  await delivered.promise;
  // The client said it is full: the next event asks the store to hold the rest.
  t.false(store.emit(added('b')));
  full = false;
  watch.resume();
  t.is(store.calls.resume, 1);
});
