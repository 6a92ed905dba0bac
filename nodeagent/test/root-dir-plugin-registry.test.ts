// plugins_registry/: plugin sockets are found, asked GetInfo, validated by the handler of their
// type, told the outcome with NotifyRegistrationStatus, and deregistered when they go; a device
// plugin may register this way instead of through device-plugins/kubelet.sock.

import test from 'ava';
import { quantityString } from '@capstan/common';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootDirectory } from '../src/root-dir/index.ts';
import type { PodDirectory } from '../src/pods/index.ts';
import { until } from './pods-fixture.ts';
import { startDevicePlugin, startRegistryPlugin } from './root-dir-fixtures.ts';

const noPods: PodDirectory = { findPod: () => undefined, listPods: () => [], findContainer: () => undefined };

async function openRoot(t: { teardown(fn: () => Promise<void> | void): void }): Promise<RootDirectory> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-registry-'));
  const root = await RootDirectory.open({ rootDir: dir, featureGates: {}, pluginScanPeriodMs: 100 });
  await root.start(noPods);
  t.teardown(async () => {
    await root.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return root;
}

test('a CSI plugin’s socket in plugins_registry is discovered, registered and told so', async (t) => {
  const root = await openRoot(t);
  const socketPath = join(root.paths.pluginsRegistry, 'csi.example.com-reg.sock');
  const plugin = await startRegistryPlugin(socketPath, {
    type: 'CSIPlugin',
    name: 'csi.example.com',
    endpoint: '/var/lib/kubelet/plugins/csi.example.com/csi.sock',
    supportedVersions: ['1.0.0'],
  });
  t.teardown(() => plugin.close());
  await until(
    () => plugin.statuses,
    (statuses) => statuses.length > 0,
    'NotifyRegistrationStatus',
  );
  t.deepEqual(plugin.statuses, [{ pluginRegistered: true, error: '' }]);
  // The watcher records the plugin once the plugin's answer to the notification is back.
  const registered = await until(
    () => root.plugins?.plugins() ?? [],
    (plugins) => plugins.length > 0,
    'the registered plugin',
  );
  t.like(registered, [{ socketPath, type: 'CSIPlugin', name: 'csi.example.com', endpoint: '/var/lib/kubelet/plugins/csi.example.com/csi.sock', versions: ['1.0.0'] }]);
  plugin.close();
  await until(
    () => root.plugins?.plugins() ?? [],
    (plugins) => plugins.length === 0,
    'deregistration',
  );
  t.pass();
});

test('plugins of an unknown type or unsupported versions are told why they are refused', async (t) => {
  const root = await openRoot(t);
  mkdirSync(join(root.paths.pluginsRegistry, 'nested'));
  const unknown = await startRegistryPlugin(join(root.paths.pluginsRegistry, 'nested', 'foo.sock'), { type: 'FooPlugin', name: 'foo', endpoint: '', supportedVersions: ['v1'] });
  const oldCsi = await startRegistryPlugin(join(root.paths.pluginsRegistry, 'old.sock'), {
    type: 'CSIPlugin',
    name: 'old.example.com',
    endpoint: '',
    supportedVersions: ['0.3.0'],
  });
  const hidden = await startRegistryPlugin(join(root.paths.pluginsRegistry, '.hidden.sock'), { type: 'CSIPlugin', name: 'hidden', endpoint: '', supportedVersions: ['1.0.0'] });
  t.teardown(() => [unknown, oldCsi, hidden].forEach((plugin) => plugin.close()));
  await until(
    () => Math.min(unknown.statuses.length, oldCsi.statuses.length),
    (fewest) => fewest > 0,
    'refusals',
  );
  t.deepEqual(unknown.statuses[0], {
    pluginRegistered: false,
    error: `RegisterPlugin error -- no handler registered for plugin type: FooPlugin at socket ${join(root.paths.pluginsRegistry, 'nested', 'foo.sock')}`,
  });
  t.deepEqual(oldCsi.statuses[0], {
    pluginRegistered: false,
    error: 'RegisterPlugin error -- plugin validation failed with err: none of the CSI versions reported by this driver are supported',
  });
  t.deepEqual(hidden.statuses, [], 'names starting with a dot are ignored');
  t.deepEqual(root.plugins?.plugins(), []);
});

test('a device plugin registering through plugins_registry has its devices advertised', async (t) => {
  const root = await openRoot(t);
  const devices = await startDevicePlugin(root.paths.devicePlugins, 'gadget', 'example.com/gadget', [
    { ID: 'g1', health: 'Healthy', topology: null },
    { ID: 'g2', health: 'Healthy', topology: null },
  ]);
  const registration = await startRegistryPlugin(join(root.paths.pluginsRegistry, 'gadget-reg.sock'), {
    type: 'DevicePlugin',
    name: 'example.com/gadget',
    endpoint: devices.socketPath,
    supportedVersions: ['v1beta1'],
  });
  t.teardown(async () => {
    registration.close();
    await devices.close();
  });
  await until(
    () => {
      const count = root.extendedResources().allocatable.get('example.com/gadget');
      return count === undefined ? undefined : quantityString(count);
    },
    (count) => count === '2',
    'the gadgets',
  );
  t.deepEqual(registration.statuses, [{ pluginRegistered: true, error: '' }]);
  t.is(devices.watchers, 1);
});
