import test from 'ava';
import { parseDuration } from '../src/cli/duration.ts';
import { FlagError, formatFlagHelp, parseFlags } from '../src/cli/flags.ts';

const specs = {
  'bind-address': { type: 'string', default: '127.0.0.1', help: 'address' },
  port: { type: 'int', default: 6443, help: 'port' },
  'storage-backend': { type: 'string', default: 'sqlite', help: 'backend', choices: ['sqlite', 'etcd3'] },
  'watch-history-duration': { type: 'duration', default: 300_000, help: 'history' },
  'etcd-servers': { type: 'strings', default: [], help: 'servers' },
  verbose: { type: 'bool', default: false, help: 'more' },
} as const;

test('flags take --name=value, --name value and bare booleans; the rest are arguments', (t) => {
  const parsed = parseFlags(specs, ['get', '--port=7000', '--bind-address', '0.0.0.0', '--verbose', 'KEY', '--etcd-servers=http://a:1,http://b:2']);
  t.deepEqual(parsed.args, ['get', 'KEY']);
  t.is(parsed.flags.port, 7000);
  t.is(parsed.flags['bind-address'], '0.0.0.0');
  t.true(parsed.flags.verbose);
  t.deepEqual(parsed.flags['etcd-servers'], ['http://a:1', 'http://b:2']);
  t.is(parsed.flags['watch-history-duration'], 300_000);
  t.is(parsed.flags['storage-backend'], 'sqlite');
});

test("a list flag given again adds to the list, as pflag's StringSlice; another flag takes its last value", (t) => {
  const parsed = parseFlags(specs, ['--etcd-servers=http://a:1', '--port=1', '--etcd-servers', 'http://b:2,http://c:3', '--port=2']);
  t.deepEqual(parsed.flags['etcd-servers'], ['http://a:1', 'http://b:2', 'http://c:3']);
  t.is(parsed.flags.port, 2);
});

test('unknown flags and bad values fail with the words pflag uses', (t) => {
  t.throws(() => parseFlags(specs, ['--nope=1']), { instanceOf: FlagError, message: 'unknown flag: --nope' });
  t.throws(() => parseFlags(specs, ['--port=abc']), { message: 'invalid argument "abc" for "--port" flag: not an integer' });
  t.throws(() => parseFlags(specs, ['--storage-backend=mysql']), { message: /invalid argument "mysql" for "--storage-backend" flag: must be one of sqlite, etcd3/ });
  t.throws(() => parseFlags(specs, ['--watch-history-duration=5 minutes']), { message: /for "--watch-history-duration" flag/ });
  t.throws(() => parseFlags(specs, ['--port']), { message: 'flag needs an argument: --port' });
  t.throws(() => parseFlags(specs, ['--verbose=maybe']), { message: /not a boolean/ });
});

test('durations read as Go writes them', (t) => {
  t.is(parseDuration('5m'), 300_000);
  t.is(parseDuration('1h30m'), 5_400_000);
  t.is(parseDuration('300ms'), 300);
  t.is(parseDuration('1.5s'), 1500);
  t.is(parseDuration('0'), 0);
  t.is(parseDuration('5'), undefined);
  t.is(parseDuration('m'), undefined);
  t.is(parseDuration('5x'), undefined);
});

test('float flags take decimal and exponent forms and refuse the rest as pflag words it', (t) => {
  const specs = { rate: { type: 'float', default: 0.1, help: '' } } as const;
  t.is(parseFlags(specs, []).flags.rate, 0.1);
  t.is(parseFlags(specs, ['--rate=0.01']).flags.rate, 0.01);
  t.is(parseFlags(specs, ['--rate', '1e-3']).flags.rate, 0.001);
  t.is(parseFlags(specs, ['--rate=.5']).flags.rate, 0.5);
  t.is(t.throws(() => parseFlags(specs, ['--rate=fast']), { instanceOf: FlagError })?.message, 'invalid argument "fast" for "--rate" flag: not a number');
});

test('the flag help shows a default as pflag does: a duration as Go prints it, a zero default not at all', (t) => {
  const help = formatFlagHelp({
    'request-timeout': { type: 'duration', default: 60_000, help: 'How long a request may take' },
    'kubelet-timeout': { type: 'duration', default: 5_000, help: 'Timeout' },
    'grace-period': { type: 'duration', default: 0, help: 'Grace' },
    'max-requests': { type: 'int', default: 0, help: 'Limit' },
    name: { type: 'string', default: 'capstan', help: 'Name' },
  });
  t.regex(help, /--request-timeout duration +How long a request may take \(default 1m0s\)\n/);
  t.regex(help, /--kubelet-timeout duration +Timeout \(default 5s\)\n/);
  t.regex(help, /--grace-period duration +Grace\n/);
  t.regex(help, /--max-requests int +Limit\n/);
  t.regex(help, /--name string +Name \(default capstan\)$/);
});
