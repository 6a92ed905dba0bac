// Invariants of JSON merge patch (RFC 7386) and JSON patch (RFC 6902), checked on generated
// documents and patches (fast-check).

import test from 'ava';
import fc from 'fast-check';
import { applyJsonPatch, JsonPatchError } from '../src/patch/json-patch.ts';
import { applyMergePatch } from '../src/patch/merge-patch.ts';

const key = fc.constantFrom('a', 'b', 'c', 'x/y', 'm~n');
const scalar = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -5, max: 5 }), fc.boolean());
const { document } = fc.letrec((tie) => ({
  document: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(scalar, { maxLength: 3 }), tie('document')),
}));
const { patch } = fc.letrec((tie) => ({
  patch: fc.dictionary(key, tie('patchValue'), { maxKeys: 4 }),
  patchValue: fc.oneof({ depthSize: 'small' }, scalar, fc.constant(null), fc.array(scalar, { maxLength: 3 }), tie('patch')),
}));
const pointer = (...tokens: string[]) => `/${tokens.map((t) => t.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

test('property: a merge patch is idempotent, sets what it names and removes what it nulls', (t) => {
  fc.assert(
    fc.property(document, patch, (target, mergePatch) => {
      const once = applyMergePatch(target, mergePatch) as Record<string, unknown>;
      t.deepEqual(applyMergePatch(once, mergePatch), once);
      for (const [name, value] of Object.entries(mergePatch)) {
        if (value === null) t.false(name in once);
        else if (typeof value !== 'object' || Array.isArray(value)) t.deepEqual(once[name], value);
      }
      for (const name of Object.keys(target)) if (!(name in mergePatch)) t.deepEqual(once[name], target[name]);
    }),
  );
});

test('property: JSON patch add then remove of a new key gives the document back; test of a present value changes nothing', (t) => {
  fc.assert(
    fc.property(document, key, scalar, (target, name, value) => {
      fc.pre(!(name in target));
      const added = applyJsonPatch(target, [{ op: 'add', path: pointer(name), value }]) as Record<string, unknown>;
      t.deepEqual(added[name], value);
      t.deepEqual(applyJsonPatch(added, [{ op: 'remove', path: pointer(name) }]), target);
      t.deepEqual(applyJsonPatch(added, [{ op: 'test', path: pointer(name), value }]), added);
    }),
  );
});

test('property: a JSON patch whose test fails changes nothing, whatever came before it', (t) => {
  fc.assert(
    fc.property(document, key, scalar, (target, name, value) => {
      const frozen = structuredClone(target);
      const operations = [
        { op: 'add', path: pointer('added'), value },
        { op: 'test', path: pointer(name), value: '__never__' },
      ];
      t.throws(() => applyJsonPatch(target, operations), { instanceOf: JsonPatchError });
      t.deepEqual(target, frozen);
    }),
  );
});

test('property: move is copy then remove; replace is remove then add', (t) => {
  fc.assert(
    fc.property(document, key, key, (target, from, to) => {
      fc.pre(from in target && !(to in target));
      const moved = applyJsonPatch(target, [{ op: 'move', from: pointer(from), path: pointer(to) }]);
      const copiedAndRemoved = applyJsonPatch(target, [
        { op: 'copy', from: pointer(from), path: pointer(to) },
        { op: 'remove', path: pointer(from) },
      ]);
      t.deepEqual(moved, copiedAndRemoved);
      const replaced = applyJsonPatch(target, [{ op: 'replace', path: pointer(from), value: 1 }]);
      t.deepEqual(
        replaced,
        applyJsonPatch(target, [
          { op: 'remove', path: pointer(from) },
          { op: 'add', path: pointer(from), value: 1 },
        ]),
      );
    }),
  );
});
