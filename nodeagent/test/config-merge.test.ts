import test from 'ava';
import { loadAgentConfiguration } from '../src/config/index.ts';
import { configDirectory, header } from './config-fixtures.ts';

const load = (argv: string[], cwd: string) => loadAgentConfiguration(argv, { cwd, hostname: () => 'node-a' });

test('drop-ins apply in lexical order, depth first, and later files win', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}maxPods: 10\nclusterDomain: base.local\n`);
  dir.write('conf.d/20-b.conf', `${header}maxPods: 20\n`);
  dir.write('conf.d/10-a.conf', `${header}maxPods: 15\nclusterDomain: a.local\n`);
  dir.write('conf.d/15-sub/01.conf', `${header}clusterDomain: sub.local\n`);
  dir.write('conf.d/30-c.conf.disabled', `${header}maxPods: 99\n`);
  dir.write('conf.d/README', 'not a configuration');

  const loaded = load(['--config', 'config.yaml', '--config-dir', 'conf.d'], dir.root);

  t.is(loaded.config.maxPods, 20);
  t.is(loaded.config.clusterDomain, 'sub.local');
  t.deepEqual(loaded.files.dropIns, ['conf.d/10-a.conf', 'conf.d/15-sub/01.conf', 'conf.d/20-b.conf']);
  t.deepEqual(loaded.files.skippedDropIns, ['conf.d/30-c.conf.disabled', 'conf.d/README']);
  t.is(loaded.sources.get('maxPods'), 'conf.d/20-b.conf');
  t.is(loaded.sources.get('clusterDomain'), 'conf.d/15-sub/01.conf');
});

test('embedded structs merge field by field', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}port: 20250\naddress: 192.168.0.1\nauthorization:\n  mode: Webhook\n  webhook:\n    cacheAuthorizedTTL: 5m\n    cacheUnauthorizedTTL: 30s\n`);
  dir.write('d/10.conf', `${header}address: 192.168.0.8\nauthorization:\n  mode: AlwaysAllow\n  webhook:\n    cacheAuthorizedTTL: 8m\n`);

  const { config } = load(['--config=config.yaml', '--config-dir=d'], dir.root);

  t.is(config.port, 20250);
  t.is(config.address, '192.168.0.8');
  t.is(config.authorization.mode, 'AlwaysAllow');
  t.is(config.authorization.webhook.cacheAuthorizedTTL, 8 * 60_000);
  // Not named by the drop-in: kept from the base file.
  t.is(config.authorization.webhook.cacheUnauthorizedTTL, 30_000);
});

test('lists are replaced whole', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}clusterDNS: [192.168.0.9, 192.168.0.8]\nenforceNodeAllocatable: [pods]\n`);
  dir.write('d/10.conf', `${header}clusterDNS:\n- 192.168.0.2\n- 192.168.0.3\n- 192.168.0.5\n`);
  dir.write('d/20.conf', `${header}clusterDNS: [10.0.0.1]\n`);

  const { config } = load(['--config=config.yaml', '--config-dir=d'], dir.root);

  t.deepEqual(config.clusterDNS, ['10.0.0.1']);
  t.deepEqual(config.enforceNodeAllocatable, ['pods']);
});

test('maps of scalars merge key by key, and null removes a key', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}featureGates:\n  NodeDeclaredFeatures: true\n  ContainerCheckpoint: true\nsystemReserved:\n  cpu: 100m\n  memory: 100Mi\n`);
  dir.write('d/10.conf', `${header}featureGates:\n  ContainerCheckpoint: false\n  MemoryQoS: true\nsystemReserved:\n  memory: 1Gi\n  pid: null\n`);
  dir.write('d/20.conf', `${header}systemReserved:\n  cpu: null\n  ephemeral-storage: 1Gi\n`);

  const loaded = load(['--config=config.yaml', '--config-dir=d'], dir.root);

  t.deepEqual(loaded.config.featureGates, { NodeDeclaredFeatures: true, ContainerCheckpoint: false, MemoryQoS: true });
  t.deepEqual(loaded.config.systemReserved, { memory: '1Gi', 'ephemeral-storage': '1Gi' });
  t.false(loaded.featureGates.ContainerCheckpoint);
  t.true(loaded.featureGates.NodeDeclaredFeatures);
  t.true(loaded.featureGates.MemoryQoS);
});

test('maps of string lists replace the list of each key a drop-in names', (t) => {
  const dir = configDirectory(t);
  dir.write(
    'config.yaml',
    `${header}staticPodURLHeader:\n  kubelet-api-support:\n  - "Authorization: 234APSDFA"\n  - "X-Custom-Header: 123"\n  custom-static-pod:\n  - "Authorization: 223EWRWER"\n  - "X-Custom-Header: 456"\n`,
  );
  dir.write('d/10.conf', `${header}staticPodURLHeader:\n  custom-static-pod:\n  - "X-Custom-Header: 345"\n`);

  const { config } = load(['--config=config.yaml', '--config-dir=d'], dir.root);

  t.deepEqual(config.staticPodURLHeader, {
    'kubelet-api-support': ['Authorization: 234APSDFA', 'X-Custom-Header: 123'],
    'custom-static-pod': ['X-Custom-Header: 345'],
  });
});

test('a null field of a drop-in falls back to the default', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}maxPods: 30\nnodeStatusUpdateFrequency: 20s\n`);
  dir.write('d/10.conf', `${header}maxPods: null\n`);

  const loaded = load(['--config=config.yaml', '--config-dir=d'], dir.root);

  t.is(loaded.config.maxPods, 110);
  t.false(loaded.sources.has('maxPods'));
  t.is(loaded.config.nodeStatusUpdateFrequency, 20_000);
});

test('drop-ins in JSON merge like YAML ones', (t) => {
  const dir = configDirectory(t);
  dir.write('config.json', JSON.stringify({ apiVersion: 'kubelet.config.k8s.io/v1beta1', kind: 'KubeletConfiguration', evictionHard: { 'memory.available': '1Gi' } }));
  dir.write('d/10.conf', JSON.stringify({ apiVersion: 'kubelet.config.k8s.io/v1beta1', kind: 'KubeletConfiguration', evictionHard: { 'nodefs.available': '5%' } }));

  const { config } = load(['--config=config.json', '--config-dir=d'], dir.root);

  t.deepEqual(config.evictionHard, { 'memory.available': '1Gi', 'nodefs.available': '5%' });
});

test('--config-dir works without --config, on top of the flags-only defaults', (t) => {
  const dir = configDirectory(t);
  dir.write('d/10.conf', `${header}maxPods: 7\n`);

  const { config } = load(['--config-dir', 'd'], dir.root);

  t.is(config.maxPods, 7);
  t.is(config.authorization.mode, 'AlwaysAllow');
  t.is(config.readOnlyPort, 10255);
});

test('flags given on the command line win over every file', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}maxPods: 10\nport: 20250\nfeatureGates:\n  ContainerCheckpoint: false\n  NodeDeclaredFeatures: true\nsystemReserved:\n  cpu: "1"\n`);
  dir.write('d/10.conf', `${header}maxPods: 20\nnodeStatusUpdateFrequency: 20s\nclusterDNS: [10.0.0.1]\n`);

  const loaded = load(
    [
      '--config=config.yaml',
      '--config-dir=d',
      '--max-pods=5',
      '--node-status-update-frequency=1m30s',
      '--cluster-dns=10.9.9.9,10.9.9.8',
      '--feature-gates=ContainerCheckpoint=true',
      '--system-reserved=memory=1Gi',
      '--anonymous-auth=true',
    ],
    dir.root,
  );

  t.is(loaded.config.maxPods, 5);
  t.is(loaded.config.nodeStatusUpdateFrequency, 90_000);
  t.deepEqual(loaded.config.clusterDNS, ['10.9.9.9', '10.9.9.8']);
  // A pairs flag replaces the whole map, as the kubelet's mapStringString does.
  t.deepEqual(loaded.config.systemReserved, { memory: '1Gi' });
  t.true(loaded.config.authentication.anonymous.enabled);
  // Flag gates win gate by gate; the file's other gates stay.
  t.deepEqual(loaded.config.featureGates, { ContainerCheckpoint: true, NodeDeclaredFeatures: true });
  t.true(loaded.featureGates.ContainerCheckpoint);
  t.true(loaded.featureGates.NodeDeclaredFeatures);
  // A flag not given leaves the files' value, even though the flag has a default of its own.
  t.is(loaded.config.port, 20250);
  t.is(loaded.sources.get('maxPods'), '--max-pods');
  t.is(loaded.sources.get('port'), `${dir.root}/config.yaml`);
});
