import test from 'ava';
import { loadAgentConfiguration } from '../src/config/index.ts';
import { configDirectory, header } from './config-fixtures.ts';

const load = (argv: string[], cwd: string) => loadAgentConfiguration(argv, { cwd, hostname: () => 'Node-A.Example' });

test('a config file gets the kubelet defaults of v1beta1', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', header);

  const { config, featureGates } = load(['--config', 'config.yaml'], dir.root);

  t.true(config.enableServer);
  t.is(config.port, 10250);
  t.is(config.address, '0.0.0.0');
  t.is(config.readOnlyPort, 0);
  t.is(config.staticPodPath, '');
  t.is(config.containerRuntimeEndpoint, 'unix:///run/containerd/containerd.sock');
  t.is(config.imageServiceEndpoint, '');
  t.is(config.nodeStatusUpdateFrequency, 10_000);
  t.is(config.nodeStatusReportFrequency, 5 * 60_000);
  t.is(config.nodeLeaseDurationSeconds, 40);
  t.true(config.failSwapOn);
  t.is(config.memorySwap.swapBehavior, '');
  t.is(config.maxPods, 110);
  t.is(config.podPidsLimit, -1);
  t.false(config.seccompDefault);
  t.is(config.shutdownGracePeriod, 0);
  t.is(config.clusterDNS, undefined);
  t.is(config.clusterDomain, '');
  t.is(config.resolvConf, '/etc/resolv.conf');
  t.false(config.authentication.anonymous.enabled);
  t.true(config.authentication.webhook.enabled);
  t.is(config.authentication.webhook.cacheTTL, 120_000);
  t.is(config.authorization.mode, 'Webhook');
  t.is(config.authorization.webhook.cacheAuthorizedTTL, 300_000);
  t.is(config.authorization.webhook.cacheUnauthorizedTTL, 30_000);
  t.deepEqual(config.enforceNodeAllocatable, ['pods']);
  t.deepEqual(config.evictionHard, { 'memory.available': '100Mi', 'nodefs.available': '10%', 'nodefs.inodesFree': '5%', 'imagefs.available': '15%', 'imagefs.inodesFree': '5%' });
  t.true(config.serializeImagePulls);
  t.is(config.logging.format, 'text');
  t.is(config.logging.flushFrequency, 5000);
  // Gate-dependent defaults: both gates are beta and on in 1.35.
  t.is(config.crashLoopBackOff.maxContainerRestartPeriod, 300_000);
  t.is(config.imagePullCredentialsVerificationPolicy, 'NeverVerifyPreloadedImages');
  t.true(featureGates.ContainerCheckpoint);
  t.false(featureGates.NodeDeclaredFeatures);
  t.true(featureGates.NodeSwap);
});

test('without a config file the flags-only legacy defaults apply', (t) => {
  const dir = configDirectory(t);

  const loaded = load([], dir.root);

  t.true(loaded.config.authentication.anonymous.enabled);
  t.false(loaded.config.authentication.webhook.enabled);
  t.is(loaded.config.authorization.mode, 'AlwaysAllow');
  t.is(loaded.config.readOnlyPort, 10255);
  t.is(loaded.files.config, undefined);
  t.is(loaded.sources.size, 0);
});

test('an explicit update frequency is also the report frequency, unless that is set too', (t) => {
  const dir = configDirectory(t);
  dir.write('a.yaml', `${header}nodeStatusUpdateFrequency: 20s\n`);
  dir.write('b.yaml', `${header}nodeStatusUpdateFrequency: 20s\nnodeStatusReportFrequency: 1m\n`);

  t.is(load(['--config', 'a.yaml'], dir.root).config.nodeStatusReportFrequency, 20_000);
  t.is(load(['--config', 'b.yaml'], dir.root).config.nodeStatusReportFrequency, 60_000);
  // The base is defaulted before drop-ins merge, as in the kubelet: a drop-in's update frequency
  // no longer moves the report frequency.
  dir.write('d/10.conf', `${header}nodeStatusUpdateFrequency: 20s\n`);
  t.is(load(['--config', 'b.yaml', '--config-dir', 'd'], dir.root).config.nodeStatusReportFrequency, 60_000);
  dir.write('c.yaml', header);
  t.is(load(['--config', 'c.yaml', '--config-dir', 'd'], dir.root).config.nodeStatusReportFrequency, 300_000);
});

test('zero values of value fields take the default, zero pointers stay', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}maxPods: 0\nport: 0\nregistryPullQPS: 0\nfailSwapOn: false\npodPidsLimit: -7\nmaxParallelImagePulls: 4\n`);

  const { config } = load(['--config', 'config.yaml'], dir.root);

  t.is(config.maxPods, 110);
  t.is(config.port, 10250);
  t.is(config.registryPullQPS, 0);
  t.false(config.failSwapOn);
  t.is(config.podPidsLimit, -1);
  t.false(config.serializeImagePulls);
});

test('evictionHard set by the config file replaces the default unless mergeDefaultEvictionSettings', (t) => {
  const dir = configDirectory(t);
  dir.write('a.yaml', `${header}evictionHard:\n  memory.available: 1Gi\n`);
  dir.write('b.yaml', `${header}mergeDefaultEvictionSettings: true\nevictionHard:\n  memory.available: 1Gi\n`);

  t.deepEqual(load(['--config', 'a.yaml'], dir.root).config.evictionHard, { 'memory.available': '1Gi' });
  t.deepEqual(load(['--config', 'b.yaml'], dir.root).config.evictionHard, {
    'memory.available': '1Gi',
    'nodefs.available': '10%',
    'nodefs.inodesFree': '5%',
    'imagefs.available': '15%',
    'imagefs.inodesFree': '5%',
  });
});

test("relative paths of the config file start at the file's directory", (t) => {
  const dir = configDirectory(t);
  dir.write('etc/config.yaml', `${header}staticPodPath: manifests\ntlsCertFile: pki/agent.crt\nauthentication:\n  x509:\n    clientCAFile: /etc/ca.crt\n`);

  const { config } = load(['--config', 'etc/config.yaml'], dir.root);

  t.is(config.staticPodPath, `${dir.root}/etc/manifests`);
  t.is(config.tlsCertFile, `${dir.root}/etc/pki/agent.crt`);
  t.is(config.authentication.x509.clientCAFile, '/etc/ca.crt');
});

test('YAML 1.1 scalars read as go-yaml reads them', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}failSwapOn: no\nseccompDefault: yes\nmaxPods: 0x20\n`);

  const { config } = load(['--config', 'config.yaml'], dir.root);

  t.false(config.failSwapOn);
  t.true(config.seccompDefault);
  t.is(config.maxPods, 32);
});

test('the agent flags: root and cert directories, standalone mode, node name and IPs', (t) => {
  const dir = configDirectory(t);

  const defaults = load([], dir.root);
  t.is(defaults.flags['root-dir'], '/var/lib/kubelet');
  t.is(defaults.flags['cert-dir'], '/var/lib/kubelet/pki');
  t.true(defaults.standalone);
  t.is(defaults.nodeName, 'node-a.example');
  t.deepEqual(defaults.nodeIPs, { ips: [], invalid: [] });

  const given = load(
    ['--root-dir=/srv/agent', '--kubeconfig=/etc/agent.kubeconfig', '--hostname-override= Worker-7 ', '--node-ip=10.0.0.7,fd00::7,bogus', '--lock-file=/run/agent.lock'],
    dir.root,
  );
  t.is(given.flags['cert-dir'], '/srv/agent/pki');
  t.false(given.standalone);
  t.is(given.nodeName, 'worker-7');
  t.deepEqual(given.nodeIPs, { ips: ['10.0.0.7', 'fd00::7'], invalid: ['bogus'] });
  t.is(given.flags['lock-file'], '/run/agent.lock');
  t.is(load(['--cert-dir=/etc/agent-pki', '--root-dir=/srv/agent'], dir.root).flags['cert-dir'], '/etc/agent-pki');
});
