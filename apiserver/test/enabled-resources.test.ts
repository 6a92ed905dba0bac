// What a server serves under --runtime-config: built-in resources turned off leave discovery and
// routing but keep their stores for the server's own use (as optional ones not served do); optional resources are served when
// their group-version (or they) are on, and their feature gate too; what kube would serve and
// Capstan does not is told in one line.

import test from 'ava';
import { parseFeatureGates } from '@capstan/common';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { jobResource } from '../src/resources/batch/jobs.ts';
import { cronJobResource } from '../src/resources/batch/cronjobs.ts';
import { volumeAttributesClassResource } from '../src/resources/storage/volumeattributesclasses.ts';
import type { OptionalResource } from '../src/resources/optional-resources.ts';
import { Registry } from '../src/registry/registry.ts';
import { apiServerFeatures } from '../src/server/feature-gates.ts';
import { enabledResources } from '../src/server/runtime-config/enabled-resources.ts';
import { resourceConfigOf } from '../src/server/runtime-config/runtime-config.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import { makeTempDir } from './storage/temp-dir.ts';

const defaultGates = parseFeatureGates(apiServerFeatures, []);
const alphaClasses: OptionalResource = { definition: { ...volumeAttributesClassResource, version: 'v1alpha1' }, featureGate: undefined };
const gatedClasses: OptionalResource = { definition: { ...volumeAttributesClassResource, version: 'v1alpha1' }, featureGate: 'MutatingAdmissionPolicy' };
const names = (definitions: readonly { group: string; version: string; resource: string }[]) => definitions.map((d) => `${d.group}/${d.version}/${d.resource}`);

test('by default every built-in resource is served and no optional one', (t) => {
  const enabled = enabledResources(resourceConfigOf([]), defaultGates, builtinResources, [alphaClasses]);
  t.deepEqual(enabled.served, builtinResources);
  t.deepEqual(enabled.stored, [...builtinResources, alphaClasses.definition]);
  t.deepEqual(enabled.warnings, []);
});

test('a built-in resource turned off is not served and keeps its store', (t) => {
  const enabled = enabledResources(resourceConfigOf(['batch/v1/jobs=false']), defaultGates, builtinResources, []);
  t.false(enabled.served.includes(jobResource));
  t.true(enabled.served.includes(cronJobResource));
  t.true(enabled.stored.includes(jobResource));
});

test('an optional resource is served once enabled, with its feature gate on as well', (t) => {
  const on = resourceConfigOf(['storage.k8s.io/v1alpha1=true']);
  t.deepEqual(names(enabledResources(on, defaultGates, [], [alphaClasses]).served), ['storage.k8s.io/v1alpha1/volumeattributesclasses']);
  const gateOff = enabledResources(on, defaultGates, [], [gatedClasses]);
  t.deepEqual(gateOff.served, []);
  t.deepEqual(gateOff.stored, [gatedClasses.definition]);
  t.deepEqual(gateOff.warnings, [
    '--runtime-config enables storage.k8s.io/v1alpha1/volumeattributesclasses, which is served only with --feature-gates=MutatingAdmissionPolicy=true as well',
  ]);
  const gateOn = enabledResources(on, parseFeatureGates(apiServerFeatures, ['MutatingAdmissionPolicy=true']), [], [gatedClasses]);
  t.deepEqual(names(gateOn.served), ['storage.k8s.io/v1alpha1/volumeattributesclasses']);
  t.deepEqual(gateOn.warnings, []);
  // One resource of the version enabled is enough.
  const one = resourceConfigOf(['storage.k8s.io/v1alpha1/volumeattributesclasses=true']);
  t.is(enabledResources(one, defaultGates, [], [alphaClasses]).served.length, 1);
});

test('what kube-apiserver would serve and Capstan does not is named in one warning', (t) => {
  const enabled = enabledResources(resourceConfigOf(['resource.k8s.io/v1beta1=true', 'coordination.k8s.io/v1beta1/leasecandidates=true']), defaultGates, builtinResources, []);
  t.deepEqual(enabled.warnings, [
    '--runtime-config enables resources that kube-apiserver 1.35 serves and Capstan does not serve yet: coordination.k8s.io/v1beta1/leasecandidates, resource.k8s.io/v1beta1/deviceclasses, resource.k8s.io/v1beta1/resourceclaims, resource.k8s.io/v1beta1/resourceclaimtemplates, resource.k8s.io/v1beta1/resourceslices',
  ]);
  // A removed version kube registers serves nothing in kube either: nothing to tell.
  t.deepEqual(enabledResources(resourceConfigOf(['batch/v1beta1=true']), defaultGates, builtinResources, []).warnings, []);
});

test("the registry finds a turned-off built-in's store for the server, not for requests", async (t) => {
  const dir = makeTempDir('enabled-resources');
  const storage = new SqliteStore({ dataDir: dir.path });
  t.teardown(async () => {
    await storage.close();
    dir.remove();
  });
  const served = builtinResources.filter((definition) => definition !== jobResource);
  const registry = new Registry(served, storage, {}, [jobResource]);
  t.is(registry.definition('batch', 'v1', 'jobs'), undefined);
  t.is(registry.store('batch', 'v1', 'jobs'), undefined);
  t.false(registry.definitions.includes(jobResource));
  t.is(registry.builtinStore(jobResource).definition, jobResource);
  t.true(registry.servesGroup('batch'));
  t.false(registry.servesGroup('example.com'));
});
