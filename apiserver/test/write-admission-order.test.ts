// Where the two admission phases run in a create and an update, as kube-apiserver runs them:
// decode, default, the mutating phase, the store's metadata and the strategy's preparation,
// validation (a 422), the validating phase, the write. Built-in plugins cannot show all of it (none
// of Capstan's validates yet), so the real AdmissionChain runs plugins built here, with the real
// DefaultTolerationSeconds, over the endpoints' create and update of a store on SQLite.

import { cloneJson, newForbidden, StatusError } from '@capstan/common';
import test, { type ExecutionContext } from 'ava';
import type { AdmissionAttributes } from '../src/admission/admission-attributes.ts';
import { AdmissionChain } from '../src/admission/admission-chain.ts';
import type { AdmissionPlugin } from '../src/admission/admission-plugin.ts';
import { defaultTolerationSeconds, defaultTolerationSecondsPlugin } from '../src/admission/default-toleration-seconds.ts';
import { anonymousUser } from '../src/authentication/authenticator.ts';
import { createFromBody } from '../src/endpoints/create.ts';
import { mainView } from '../src/endpoints/object-view.ts';
import { writeAdmission } from '../src/admission/request-admission.ts';
import { writeCreated, writeReplacement } from '../src/endpoints/write-on-thread.ts';
import type { ServerResponse } from 'node:http';
import type { ResourceWrites } from '../src/endpoints/resource-writes.ts';
import { GenericStore } from '../src/registry/generic-store.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { encodeStoredObject } from '../src/registry/stored-object.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import { makeTempDir } from './storage/temp-dir.ts';

type Json = Record<string, any>;

/** What a plugin was asked, in order: the phase, and a copy of what it saw. */
interface Seen {
  readonly phase: 'admit' | 'validate';
  readonly plugin: string;
  readonly operation: string;
  readonly name: string;
  readonly dryRun: boolean;
  readonly object: Json | undefined;
  readonly oldObject: Json | undefined;
}

const seenOf = (phase: Seen['phase'], plugin: string, attributes: AdmissionAttributes): Seen => ({
  phase,
  plugin,
  operation: attributes.operation,
  name: attributes.name,
  dryRun: attributes.dryRun,
  object: attributes.object === undefined ? undefined : cloneJson(attributes.object),
  oldObject: attributes.oldObject === undefined ? undefined : cloneJson(attributes.oldObject),
});

/** A plugin of both phases that records what it sees; `refuse` makes a phase refuse (a 403) after recording. */
function recorder(seen: Seen[], refuse: { admit?: boolean; validate?: boolean } = {}): AdmissionPlugin {
  const refusal = (attributes: AdmissionAttributes): StatusError => newForbidden(attributes.resource, attributes.name, 'refused by the test plugin');
  return {
    // Any name of kube's: the chain runs the plugins it is given, in the order given.
    name: 'AlwaysAdmit',
    operations: ['CREATE', 'UPDATE'],
    admit: (attributes) => {
      seen.push(seenOf('admit', 'recorder', attributes));
      if (refuse.admit === true) throw refusal(attributes);
    },
    validate: (attributes) => {
      seen.push(seenOf('validate', 'recorder', attributes));
      if (refuse.validate === true) throw refusal(attributes);
    },
  };
}

async function podStore(t: ExecutionContext): Promise<GenericStore> {
  const dir = makeTempDir('write-admission-order');
  const storage = new SqliteStore({ dataDir: dir.path });
  t.teardown(async () => {
    await storage.close();
    dir.remove();
  });
  const definition = builtinResources.find((d) => d.group === '' && d.resource === 'pods');
  if (definition === undefined) throw new Error('no pods declaration');
  return new GenericStore(definition, storage);
}

const writesOf = (plugins: readonly AdmissionPlugin[]): ResourceWrites => ({ admission: { chain: new AdmissionChain(plugins), user: anonymousUser }, hooks: undefined });

const pod = (): JsonObject => ({ metadata: { generateName: 'web-', labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } });

const notReady = 'node.kubernetes.io/not-ready';
const tolerationKeys = (object: Json | undefined): unknown => object?.spec?.tolerations?.map((toleration: Json) => toleration.key);

test('a create: the mutating phase sees the defaulted body, before the name and metadata; the validating phase the object prepared and validated', async (t) => {
  const store = await podStore(t);
  const seen: Seen[] = [];
  // The recorder's admit runs before DefaultTolerationSeconds', its validate after every admit.
  const writes = writesOf([recorder(seen), defaultTolerationSecondsPlugin(defaultTolerationSeconds)]);
  const created = await createFromBody(store, 'default', pod(), {}, writes);
  t.deepEqual(
    seen.map((s) => s.phase),
    ['admit', 'validate'],
  );
  const [admitted, validated] = seen as [Seen, Seen];
  // Defaulted as decoded: the pod's defaults are there for the mutating plugins.
  t.is(admitted.object?.spec.restartPolicy, 'Always');
  t.is(admitted.object?.spec.containers[0].terminationMessagePath, '/dev/termination-log');
  // Not yet given what the store fills: no name generated, no uid, no creationTimestamp, no status.
  t.is(admitted.object?.metadata.name, undefined);
  t.is(admitted.object?.metadata.generateName, 'web-');
  t.is(admitted.object?.metadata.uid, undefined);
  t.is(admitted.object?.metadata.creationTimestamp, undefined);
  t.is(admitted.object?.status, undefined);
  t.is(admitted.name, '');
  t.is(admitted.oldObject, undefined);
  // The validating phase sees the object as it is stored: named, with its metadata, the mutating
  // plugin's tolerations, and what the pod strategy prepared (its QoS class).
  const { resourceVersion: _resourceVersion, ...createdMetadata } = created.metadata as Json;
  t.deepEqual(validated.object, { ...created, metadata: createdMetadata });
  t.regex(validated.object?.metadata.name, /^web-[a-z0-9]{5}$/);
  t.is(typeof validated.object?.metadata.uid, 'string');
  t.deepEqual(tolerationKeys(validated.object), [notReady, 'node.kubernetes.io/unreachable']);
  t.is(validated.object?.status.qosClass, 'BestEffort');
  // kube's attributes keep the name the request gave (none, for a generateName) in the mutating
  // phase; the validating one names the object as generated (AdmissionToValidateObjectFunc).
  t.is(validated.name, validated.object?.metadata.name);
  t.false(validated.dryRun);
});

test('a create of an object both invalid and refused by a validating plugin gets the 422: validation comes first', async (t) => {
  const store = await podStore(t);
  const seen: Seen[] = [];
  const writes = writesOf([recorder(seen, { validate: true })]);
  const invalid = { metadata: { name: 'web' }, spec: { containers: [{ name: 'Not A Name', image: 'nginx' }] } };
  const error = await t.throwsAsync(createFromBody(store, 'default', invalid, {}, writes), { instanceOf: StatusError });
  t.is((error as StatusError).code, 422);
  t.deepEqual(
    seen.map((s) => s.phase),
    ['admit'],
  );
  // A valid object goes on to the validating plugin, whose refusal stores nothing.
  const refused = await t.throwsAsync(createFromBody(store, 'default', { ...pod(), metadata: { name: 'web', labels: { app: 'web' } } }, {}, writes), { instanceOf: StatusError });
  t.is((refused as StatusError).code, 403);
  t.deepEqual(
    seen.map((s) => s.phase),
    ['admit', 'admit', 'validate'],
  );
  const missing = await t.throwsAsync(store.get('default', 'web'), { instanceOf: StatusError });
  t.is((missing as StatusError).code, 404);
});

test('a create refused by a mutating plugin gets its refusal before validation', async (t) => {
  const store = await podStore(t);
  const seen: Seen[] = [];
  const invalid = { metadata: { name: 'web' }, spec: { containers: [] } };
  const error = await t.throwsAsync(createFromBody(store, 'default', invalid, {}, writesOf([recorder(seen, { admit: true })])), { instanceOf: StatusError });
  t.is((error as StatusError).code, 403);
  t.deepEqual(
    seen.map((s) => s.phase),
    ['admit'],
  );
});

test('a dry-run create goes through both phases, told it is a dry run, and stores nothing', async (t) => {
  const store = await podStore(t);
  const seen: Seen[] = [];
  const created = await createFromBody(store, 'default', { ...pod(), metadata: { name: 'dry' } }, { dryRun: true }, writesOf([recorder(seen)]));
  t.deepEqual(
    seen.map((s) => [s.phase, s.dryRun, s.name]),
    [
      ['admit', true, 'dry'],
      ['validate', true, 'dry'],
    ],
  );
  t.deepEqual(seen[1]?.object, created);
  const missing = await t.throwsAsync(store.get('default', 'dry'), { instanceOf: StatusError });
  t.is((missing as StatusError).code, 404);
});

test('an update: the mutating phase sees the defaulted body with the stored object, the validating phase the object derived from both', async (t) => {
  const store = await podStore(t);
  const stored = await store.create('default', { ...pod(), metadata: { name: 'web', labels: { app: 'web' } } });
  const seen: Seen[] = [];
  const writes = writesOf([recorder(seen), defaultTolerationSecondsPlugin(defaultTolerationSeconds)]);
  // A PUT of the pod as first written, a label changed: no uid, no status, no tolerations.
  const body = { metadata: { name: 'web', labels: { app: 'other' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } };
  const updated = await mainView(store, 'default', 'web', writes).update(body, { uidPrecondition: true });
  t.deepEqual(
    seen.map((s) => [s.phase, s.operation, s.name]),
    [
      ['admit', 'UPDATE', 'web'],
      ['validate', 'UPDATE', 'web'],
    ],
  );
  const [admitted, validated] = seen as [Seen, Seen];
  const { resourceVersion: _resourceVersion, ...storedMetadata } = stored.metadata as Json;
  t.deepEqual(admitted.oldObject, { ...stored, metadata: storedMetadata });
  t.is(admitted.object?.spec.restartPolicy, 'Always');
  t.is(admitted.object?.metadata.uid, undefined);
  t.is(admitted.object?.status, undefined);
  // Derived: the stored uid, creationTimestamp and status kept, the mutating plugin's tolerations added.
  t.is(validated.object?.metadata.uid, (stored.metadata as Json).uid);
  t.is(validated.object?.metadata.creationTimestamp, (stored.metadata as Json).creationTimestamp);
  t.deepEqual(validated.object?.status, stored.status);
  t.deepEqual(tolerationKeys(validated.object), [notReady, 'node.kubernetes.io/unreachable']);
  t.deepEqual(validated.oldObject, admitted.oldObject);
  const { resourceVersion: _updatedVersion, ...updatedMetadata } = updated.metadata as Json;
  t.deepEqual(validated.object, { ...updated, metadata: updatedMetadata });
});

test('an update both invalid and refused by a validating plugin gets the 422; a valid one the refusal, and nothing changes', async (t) => {
  const store = await podStore(t);
  await store.create('default', { ...pod(), metadata: { name: 'web', labels: { app: 'web' } } });
  const seen: Seen[] = [];
  const view = mainView(store, 'default', 'web', writesOf([recorder(seen, { validate: true })]));
  // A pod's image may change, its container names may not.
  const renamed = { metadata: { name: 'web' }, spec: { containers: [{ name: 'renamed', image: 'nginx' }] } };
  const invalid = await t.throwsAsync(view.update(renamed, { uidPrecondition: true }), { instanceOf: StatusError });
  t.is((invalid as StatusError).code, 422);
  t.deepEqual(
    seen.map((s) => s.phase),
    ['admit'],
  );
  const image = { metadata: { name: 'web' }, spec: { containers: [{ name: 'web', image: 'nginx:latest' }] } };
  const refused = await t.throwsAsync(view.update(image, { uidPrecondition: true }), { instanceOf: StatusError });
  t.is((refused as StatusError).code, 403, (refused as StatusError).message);
  t.deepEqual(
    seen.map((s) => s.phase),
    ['admit', 'admit', 'validate'],
  );
  t.is(((await store.get('default', 'web')).spec as Json).containers[0].image, 'nginx');
});

test('a dry-run update goes through both phases, told it is a dry run, and changes nothing', async (t) => {
  const store = await podStore(t);
  await store.create('default', { ...pod(), metadata: { name: 'web', labels: { app: 'web' } } });
  const seen: Seen[] = [];
  const view = mainView(store, 'default', 'web', writesOf([recorder(seen)]));
  const answer = await view.update({ metadata: { name: 'web', labels: { app: 'dry' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } }, { dryRun: true });
  t.deepEqual(
    seen.map((s) => [s.phase, s.dryRun]),
    [
      ['admit', true],
      ['validate', true],
    ],
  );
  t.deepEqual((answer.metadata as Json).labels, { app: 'dry' });
  t.deepEqual(((await store.get('default', 'web')).metadata as Json).labels, { app: 'web' });
});

test('a write prepared on a work thread meets the validating phase on the event loop, with the object decoded, before it is written', async (t) => {
  const store = await podStore(t);
  const seen: Seen[] = [];
  const writes = writesOf([recorder(seen, { validate: true })]);
  // Refused before anything is written or answered: no response is touched.
  const response = {} as ServerResponse;
  const object = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'big', namespace: 'default', uid: 'u' }, spec: { containers: [{ name: 'c', image: 'x' }] } };
  const createAdmission = writeAdmission(writes.admission, store.definition, { operation: 'CREATE', namespace: 'default', name: 'big', dryRun: false });
  t.true(createAdmission.validates);
  const refused = await t.throwsAsync(writeCreated(store, 'default', 'big', encodeStoredObject(object), createAdmission, false, response), { instanceOf: StatusError });
  t.is((refused as StatusError).code, 403);
  t.deepEqual(
    seen.map((s) => [s.phase, s.operation, s.object]),
    [['validate', 'CREATE', object]],
  );
  t.is(((await t.throwsAsync(store.get('default', 'big'), { instanceOf: StatusError })) as StatusError).code, 404);
  const stored = await store.create('default', { ...pod(), metadata: { name: 'big' } });
  const read = await store.getStored('default', 'big');
  const next = { ...stored, metadata: { ...(stored.metadata as Json), labels: { changed: 'yes' } } };
  delete (next.metadata as Json).resourceVersion;
  const updateAdmission = writeAdmission(writes.admission, store.definition, { operation: 'UPDATE', namespace: 'default', name: 'big', dryRun: false });
  const replacement = { outcome: 'write', stored: encodeStoredObject(next) } as const;
  const refusedUpdate = await t.throwsAsync(writeReplacement(store, 'default', 'big', read, replacement, updateAdmission, false, response), { instanceOf: StatusError });
  t.is((refusedUpdate as StatusError).code, 403);
  const { resourceVersion: _resourceVersion, ...storedMetadata } = stored.metadata as Json;
  t.deepEqual(seen[1], {
    phase: 'validate',
    plugin: 'recorder',
    operation: 'UPDATE',
    name: 'big',
    dryRun: false,
    object: next,
    oldObject: { ...stored, metadata: storedMetadata },
  });
  t.is((await store.getStored('default', 'big')).modRevision, read.modRevision);
});
