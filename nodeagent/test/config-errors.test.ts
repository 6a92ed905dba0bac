import test from 'ava';
import { AgentConfigurationError, loadAgentConfiguration } from '../src/config/index.ts';
import { configDirectory, header } from './config-fixtures.ts';

const load = (argv: string[], cwd: string) => loadAgentConfiguration(argv, { cwd, hostname: () => 'node-a' });
const mainFile = (given: string, inner: string): string => `failed to load kubelet config file, path: ${given}, error: failed to load Kubelet config file ${given}, error ${inner}`;
const dropIn = (dir: string, path: string, inner: string): string =>
  `failed to merge kubelet configs: failed to walk through kubelet dropin directory "${dir}": failed to load kubelet dropin file, path: ${path}, error: ${inner}`;

test('unknown fields of the config file stop the agent, named by their paths', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}foo: 1\nauthentication:\n  webhook:\n    enabeld: true\nregisterWithTaints:\n- key: a\n  effect: NoSchedule\n  bar: x\n`);

  t.throws(() => load(['--config', 'config.yaml'], dir.root), {
    instanceOf: AgentConfigurationError,
    message: mainFile(
      'config.yaml',
      'failed to decode: strict decoding error: unknown field "foo", unknown field "authentication.webhook.enabeld", unknown field "registerWithTaints[0].bar"',
    ),
  });
});

test('an unknown field of a drop-in names the drop-in and the field', (t) => {
  const dir = configDirectory(t);
  dir.write('conf.d/10-good.conf', `${header}maxPods: 10\n`);
  dir.write('conf.d/20-bad.conf', `${header}memorySwap:\n  swapBehaviour: NoSwap\n`);

  t.throws(() => load(['--config-dir', 'conf.d'], dir.root), {
    message: dropIn('conf.d', 'conf.d/20-bad.conf', 'strict decoding error: unknown field "memorySwap.swapBehaviour"'),
  });
});

test('values of the wrong type are named by their Go struct field', (t) => {
  const dir = configDirectory(t);
  const cases: [string, string][] = [
    ['maxPods: "10"', 'json: cannot unmarshal string into Go struct field KubeletConfiguration.maxPods of type int32'],
    ['maxPods: 1.5', 'json: cannot unmarshal number 1.5 into Go struct field KubeletConfiguration.maxPods of type int32'],
    ['maxPods: 3000000000', 'json: cannot unmarshal number 3000000000 into Go struct field KubeletConfiguration.maxPods of type int32'],
    ['failSwapOn: "no"', 'json: cannot unmarshal string into Go struct field KubeletConfiguration.failSwapOn of type bool'],
    ['clusterDNS: 10.0.0.1', 'json: cannot unmarshal string into Go struct field KubeletConfiguration.clusterDNS of type []string'],
    ['featureGates:\n  ContainerCheckpoint: "off"', 'json: cannot unmarshal string into Go struct field KubeletConfiguration.featureGates of type bool'],
    ['authentication:\n  webhook:\n    enabled: 1', 'json: cannot unmarshal number into Go struct field KubeletWebhookAuthentication.authentication.webhook.enabled of type bool'],
    ['nodeStatusUpdateFrequency: 10', 'json: cannot unmarshal number into Go struct field KubeletConfiguration.nodeStatusUpdateFrequency of type string'],
    ['nodeStatusUpdateFrequency: soon', 'nodeStatusUpdateFrequency: time: invalid duration "soon"'],
    ['nodeStatusUpdateFrequency: "10"', 'nodeStatusUpdateFrequency: time: missing unit in duration "10"'],
    ['memorySwap: NoSwap', 'json: cannot unmarshal string into Go struct field KubeletConfiguration.memorySwap of type v1beta1.MemorySwapConfiguration'],
  ];
  for (const [line, inner] of cases) {
    dir.write('d/10.conf', `${header}${line}\n`);
    t.throws(() => load(['--config-dir', 'd'], dir.root), { message: dropIn('d', 'd/10.conf', inner) }, line);
  }
});

test('repeated keys are strict decoding errors, in YAML and in JSON', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}maxPods: 10\nport: 1\nmaxPods: 20\n`);
  t.throws(() => load(['--config', 'config.yaml'], dir.root), {
    message: mainFile('config.yaml', 'failed to decode: strict decoding error: yaml: unmarshal errors:\n  line 5: key "maxPods" already set in map'),
  });
  dir.write('config.json', '{"apiVersion":"kubelet.config.k8s.io/v1beta1","kind":"KubeletConfiguration","maxPods":1,"maxPods":2}');
  t.throws(() => load(['--config', 'config.json'], dir.root), {
    message: mainFile('config.json', 'failed to decode: strict decoding error: duplicate field "maxPods"'),
  });
});

test('files of another kind, without a kind, empty or missing are refused with the kubelet words', (t) => {
  const dir = configDirectory(t);
  const absolute = (name: string): string => `${dir.root}/${name}`;
  dir.write('other.yaml', 'apiVersion: v1\nkind: ConfigMap\n');
  t.throws(() => load(['--config', 'other.yaml'], dir.root), { message: mainFile('other.yaml', 'failed to decode: no kind "ConfigMap" is registered for version "v1"') });
  dir.write('d/10.conf', 'apiVersion: kubelet.config.k8s.io/v1\nkind: KubeletConfiguration\n');
  t.throws(() => load(['--config-dir', 'd'], dir.root), {
    message:
      'failed to merge kubelet configs: failed to walk through kubelet dropin directory "d": failed to load kubelet dropin file, path: d/10.conf, unknown apiVersion/kind: kubelet.config.k8s.io/v1, Kind=KubeletConfiguration',
  });
  dir.write('d/10.conf', 'maxPods: 3\n');
  t.throws(() => load(['--config-dir', 'd'], dir.root), { message: dropIn('d', 'd/10.conf', `Object 'Kind' is missing in '{"maxPods":3}'`) });
  dir.write('empty.yaml', '');
  t.throws(() => load(['--config', 'empty.yaml'], dir.root), { message: mainFile('empty.yaml', `kubelet config file "${absolute('empty.yaml')}" was empty`) });
  t.throws(() => load(['--config', 'missing.yaml'], dir.root), {
    message: mainFile('missing.yaml', `failed to read kubelet config file "${absolute('missing.yaml')}", error: open ${absolute('missing.yaml')}: no such file or directory`),
  });
  t.throws(() => load(['--config-dir', 'no-such-dir'], dir.root), {
    message: 'failed to merge kubelet configs: failed to walk through kubelet dropin directory "no-such-dir": lstat no-such-dir: no such file or directory',
  });
});

test('an unknown or locked feature gate in a file names the file', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}featureGates:\n  NoSuchGate: true\n`);
  t.throws(() => load(['--config', 'config.yaml'], dir.root), { message: mainFile('config.yaml', 'unrecognized feature gate: NoSuchGate') });
  dir.write('d/10.conf', `${header}featureGates:\n  NodeSwap: false\n`);
  t.throws(() => load(['--config-dir', 'd'], dir.root), { message: dropIn('d', 'd/10.conf', 'cannot set feature gate NodeSwap to false, feature is locked to true') });
});

test('invalid values stop the agent with the kubelet validation words and the file that set them', (t) => {
  const dir = configDirectory(t);
  dir.write('config.yaml', `${header}nodeLeaseDurationSeconds: 40\n`);
  dir.write('d/10.conf', `${header}memorySwap:\n  swapBehavior: Everything\n`);
  dir.write('d/20.conf', `${header}shutdownGracePeriod: 30s\nshutdownGracePeriodCriticalPods: 1m\n`);

  t.throws(() => load(['--config', 'config.yaml', '--config-dir', 'd'], dir.root), {
    message:
      'failed to validate kubelet configuration, error: [' +
      'invalid configuration: shutdownGracePeriodCriticalPods 1m0s must be <= shutdownGracePeriod 30s, ' +
      'invalid configuration: memorySwap.swapBehavior "Everything" must be one of: "", "LimitedSwap" or "NoSwap"' +
      '], path: d/20.conf, d/10.conf',
  });
});

test('one invalid value is reported alone, with the flag that set it', (t) => {
  const dir = configDirectory(t);
  t.throws(() => load(['--port', '70000'], dir.root), {
    message: 'failed to validate kubelet configuration, error: invalid configuration: port (--port) 70000 must be between 1 and 65535, inclusive, path: --port',
  });
  dir.write('config.yaml', `${header}logging:\n  format: xml\n`);
  t.throws(() => load(['--config', 'config.yaml'], dir.root), {
    message: `failed to validate kubelet configuration, error: logging.format: Invalid value: "xml": Unsupported log format, path: ${dir.root}/config.yaml`,
  });
});

test('bad flags are refused with the words of pflag and the kubelet', (t) => {
  const dir = configDirectory(t);
  t.throws(() => load(['--no-such-flag'], dir.root), { message: 'failed to parse kubelet flag: unknown flag: --no-such-flag' });
  t.throws(() => load(['run'], dir.root), { message: 'unknown command run' });
  t.throws(() => load(['--feature-gates=NoSuchGate=true'], dir.root), {
    message: 'failed to parse kubelet flag: invalid argument "NoSuchGate=true" for "--feature-gates" flag: unrecognized feature gate: NoSuchGate',
  });
  t.throws(() => load(['--feature-gates=ContainerCheckpoint'], dir.root), {
    message: 'failed to parse kubelet flag: invalid argument "ContainerCheckpoint" for "--feature-gates" flag: missing bool value for ContainerCheckpoint',
  });
  t.throws(() => load(['--system-reserved=cpu'], dir.root), {
    message: 'failed to parse kubelet flag: invalid argument "cpu" for "--system-reserved" flag: malformed pair, expect string=string',
  });
  t.throws(() => load(['--exit-on-lock-contention'], dir.root), { message: 'cannot exit on lock file contention: no lock file specified' });
  t.throws(() => load(['--node-ip=10.0.0.1,10.0.0.2'], dir.root), { message: 'bad --node-ip "10.0.0.1,10.0.0.2": must contain either a single IP or a dual-stack pair of IPs' });
  t.throws(() => loadAgentConfiguration(['--hostname-override', '  '], { cwd: dir.root }), { message: 'empty hostname is invalid' });
});
