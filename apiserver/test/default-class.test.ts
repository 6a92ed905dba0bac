// How the DefaultStorageClass and DefaultIngressClass admissions choose the default class
// (admission/default-class.ts), as kube's GetDefaultClass: only "true" marks a class, the newest
// wins, and of those created in the same second the first by name.

import test from 'ava';
import { defaultClassOf } from '../src/admission/default-class.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';

const nameOf = (object: JsonObject | undefined): unknown => (object?.metadata as { name?: string } | undefined)?.name;

const annotation = 'storageclass.kubernetes.io/is-default-class';
const beta = 'storageclass.beta.kubernetes.io/is-default-class';
const storageClass = (name: string, creationTimestamp: string, annotations: Record<string, string>) => ({ metadata: { name, creationTimestamp, annotations } });

test('the newest class marked "true" by either annotation is the default; "True" or an unmarked class is not', (t) => {
  const classes = [
    storageClass('old', '2026-01-01T00:00:00Z', { [annotation]: 'true' }),
    storageClass('capitalized', '2026-03-01T00:00:00Z', { [annotation]: 'True' }),
    storageClass('beta', '2026-02-01T00:00:00Z', { [beta]: 'true' }),
    storageClass('plain', '2026-04-01T00:00:00Z', {}),
  ];
  t.is(nameOf(defaultClassOf(classes, [annotation, beta])), 'beta');
  t.is(nameOf(defaultClassOf(classes, [annotation])), 'old');
  t.is(defaultClassOf(classes.slice(3), [annotation, beta]), undefined);
});

test('of the classes created in the same second, the first by name', (t) => {
  const classes = ['b', 'c', 'a'].map((name) => storageClass(name, '2026-01-01T00:00:00Z', { [annotation]: 'true' }));
  t.is(nameOf(defaultClassOf(classes, [annotation])), 'a');
});
