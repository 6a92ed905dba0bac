import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real capstan binary (concurrently with the other tests). */
function run(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [capstan, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const evaluate = (expression: string, ...flags: string[]) => run('cel', 'eval', expression, ...flags);

const results: ReadonlyArray<readonly [expression: string, result: unknown, type: string]> = [
  ['1 + 2', 3, 'int'],
  ['0 - 9007199254740991', -9007199254740991, 'int'],
  ['9007199254740992', '9007199254740992', 'int'],
  ['9223372036854775807', '9223372036854775807', 'int'],
  ['7u', 7, 'uint'],
  ['18446744073709551615u', '18446744073709551615', 'uint'],
  ['2.5 * 2.0', 5, 'double'],
  ['0.1 + 0.2', 0.30000000000000004, 'double'],
  ['double("NaN")', 'NaN', 'double'],
  ['(-1.0) / 0.0', '-Infinity', 'double'],
  ['"héllo😀".size()', 6, 'int'],
  ["'a' + 'b'", 'ab', 'string'],
  ['b"\\xff\\x00abc"', '/wBhYmM=', 'bytes'],
  ['true && !false', true, 'bool'],
  ['null', null, 'null_type'],
  ['[1, 2, 3].map(x, x * x)', [1, 4, 9], 'list(int)'],
  ['[]', [], 'list(dyn)'],
  ['{"a": 1, "b": 2}', { a: 1, b: 2 }, 'map(string, int)'],
  ['{1: "one", 2: "two"}', { 1: 'one', 2: 'two' }, 'map(int, string)'],
  ['timestamp("2024-02-29T23:59:59.123456789+05:30")', '2024-02-29T23:59:59.123456789+05:30', 'google.protobuf.Timestamp'],
  ['timestamp("2024-01-01T00:00:00Z") + duration("90m")', '2024-01-01T01:30:00Z', 'google.protobuf.Timestamp'],
  ['duration("3723.5s")', '1h2m3.5s', 'google.protobuf.Duration'],
  ['duration("1500us")', '1.5ms', 'google.protobuf.Duration'],
  ['optional.none()', null, 'optional_type(dyn)'],
  ['optional.of("x")', 'x', 'optional_type(string)'],
  ['{"a": 1}[?"a"]', 1, 'optional_type(int)'],
  ['int', 'int', 'type(int)'],
  ['type(duration("1s"))', 'google.protobuf.Duration', 'type(google.protobuf.Duration)'],
  ['quantity("1.5Gi")', '1536Mi', 'kubernetes.Quantity'],
  ['quantity("100m").add(quantity("900m"))', '1', 'kubernetes.Quantity'],
  ['url("https://example.com:8443/a?b=c")', 'https://example.com:8443/a?b=c', 'kubernetes.URL'],
  ['ip("2001:db8::1")', '2001:db8::1', 'net.IP'],
  ['cidr("10.0.0.0/8")', '10.0.0.0/8', 'net.CIDR'],
  ['semver("1.2.3-rc.1")', '1.2.3-rc.1', 'kubernetes.Semver'],
];

for (const [expression, result, type] of results) {
  test(`cel eval ${expression} prints ${JSON.stringify(result)} of type ${type}`, async (t) => {
    const answer = await evaluate(expression);
    t.is(answer.stderr, '');
    t.is(answer.status, 0);
    const { cost, ...printed } = JSON.parse(answer.stdout) as { cost: unknown };
    t.deepEqual(printed, { result, type });
    t.true(Number.isInteger(cost), 'an integer cost');
  });
}

test('cel eval prints the cost Kubernetes counts at run time, and stops past --budget', async (t) => {
  t.is((await evaluate('1 + 2')).stdout, '{"result":3,"type":"int","cost":1}\n');
  t.is((await evaluate('[1, 2, 3].map(x, x * 2)')).stdout, '{"result":[2,4,6],"type":"list(int)","cost":43}\n');
  const rule = "self.replicas <= self.maxReplicas && self.name.startsWith('web-')";
  t.is((await evaluate(rule, '--input', 'self={"replicas": 3, "maxReplicas": 5, "name": "web-1"}')).stdout, '{"result":true,"type":"bool","cost":8}\n');
  const runaway = await evaluate('lists.range(10000).all(i, lists.range(10000).all(j, i * j >= 0))', '--budget', '500');
  t.is(runaway.stdout, '{"error":"operation cancelled: actual cost limit exceeded"}\n');
  t.is(runaway.status, 1);
  const withinKubernetesLimit = await evaluate('lists.range(10000).all(i, lists.range(10000).all(j, i * j >= 0))');
  t.is(withinKubernetesLimit.stdout, '{"error":"operation cancelled: actual cost limit exceeded"}\n', "Kubernetes' per-call limit applies by default");
});

test('cel eval binds variables from --input, keeping integers beyond 2^53 exact', async (t) => {
  const rule = await evaluate("self.replicas <= self.maxReplicas && self.name.startsWith('web-')", '--input', 'self={"replicas": 3, "maxReplicas": 5, "name": "web-1"}');
  t.is(rule.stdout, '{"result":true,"type":"bool","cost":8}\n');
  t.is(rule.status, 0);
  const big = await evaluate('a * 2 + b', '--input=a=4611686018427387903', '--input', 'b=1');
  t.is(big.stdout, '{"result":"9223372036854775807","type":"int","cost":4}\n');
  const objects = await evaluate('self', '--input', 'self={"items": [1.5, 2], "n": 12345678901234567, "s": "x"}');
  t.is(objects.stdout, '{"result":{"items":[1.5,2],"n":"12345678901234567","s":"x"},"type":"map(string, dyn)","cost":1}\n');
  const dotted = await evaluate('params.limit - 1', '--input', 'params.limit=10');
  t.is(dotted.stdout, '{"result":9,"type":"int","cost":2}\n');
  const double = await evaluate('type(x) == double && x == 1', '--input', 'x=1.0');
  t.is(double.stdout, '{"result":true,"type":"bool","cost":5}\n', '1.0 is a double');
});

test('cel eval prints an evaluation error as {"error"} and exits 1', async (t) => {
  const division = await evaluate('1 / 0');
  t.is(division.stdout, '{"error":"division by zero"}\n');
  t.is(division.status, 1);
  const missingKey = await evaluate('self.spec', '--input', 'self={}');
  t.is(missingKey.stdout, '{"error":"no such key: spec"}\n');
  t.is(missingKey.status, 1);
  const overflow = await evaluate('9223372036854775807 + 1');
  t.is(overflow.stdout, '{"error":"integer overflow"}\n');
  t.is(overflow.status, 1);
});

test('a syntax error is printed with its position as cel-go prints it, and exits 1', async (t) => {
  const expected = `${JSON.stringify({ error: "ERROR: <input>:1:7: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | \"é\" + )\n | .\uff0e....^" })}\n`;
  for (const action of ['eval', 'check']) {
    const answer = await run('cel', action, '"é" + )');
    t.is(answer.stdout, expected, action);
    t.is(answer.status, 1, action);
  }
});

test('cel check prints the type and the estimated cost of an expression over declared variables', async (t) => {
  const answer = await run('cel', 'check', 'self.size() > 0', '--var', 'self=list(int)');
  t.is(answer.stdout, '{"type":"bool","estimatedCost":{"min":3,"max":3}}\n');
  t.is(answer.status, 0);
  t.is(answer.stderr, '');
  const unbounded = await run('cel', 'check', "l.all(s, s.matches('^a+$'))", '--var', 'l=list(string)');
  t.is(unbounded.stdout, '{"type":"bool","estimatedCost":{"min":2,"max":18446744073709551615}}\n', 'exact beyond 2^53');
  const optional = await run('cel', 'check', 'm[?"a"]', '--var', 'm=map(string, list(int))');
  t.is(optional.stdout, '{"type":"optional_type(list(int))","estimatedCost":{"min":2,"max":2}}\n');
});

test('type errors are printed with their positions as cel-go prints them, and exit 1', async (t) => {
  const mismatch = await run('cel', 'check', "x + 'a'", '--var', 'x=int');
  t.is(mismatch.stdout, `${JSON.stringify({ error: "ERROR: <input>:1:3: found no matching overload for '_+_' applied to '(int, string)'\n | x + 'a'\n | ..^" })}\n`);
  t.is(mismatch.status, 1);
  const undeclared = await evaluate('y + 1', '--input', 'x=1');
  t.is(undeclared.stdout, `${JSON.stringify({ error: "ERROR: <input>:1:1: undeclared reference to 'y' (in container '')\n | y + 1\n | ^" })}\n`);
  const mixed = await evaluate('[1, "a"]');
  t.is(mixed.stdout, `${JSON.stringify({ error: "ERROR: <input>:1:5: expected type 'int' but found 'string'\n | [1, \"a\"]\n | ....^" })}\n`);
});

test('bad usage exits 2 with an error on stderr and nothing on stdout', async (t) => {
  const cases: ReadonlyArray<readonly [args: string[], stderr: string | RegExp]> = [
    [['cel'], /^Error: unknown action "": want check or eval\n/],
    [['cel', 'run', '1'], /^Error: unknown action "run": want check or eval\n/],
    [['cel', 'eval'], 'Error: capstan cel eval needs an expression\n'],
    [['cel', 'check', '1', '2'], 'Error: capstan cel check takes one expression, got 2 arguments (quote the expression)\n'],
    [['cel', 'eval', 'x', '--input', 'x={bad'], /^Error: invalid argument "x=\{bad" for "--input" flag: not JSON: /],
    [['cel', 'eval', 'x', '--input', 'x'], 'Error: invalid argument "x" for "--input" flag: want NAME=JSON\n'],
    [['cel', 'eval', 'x', '--input', '1x=1'], 'Error: invalid argument "1x=1" for "--input" flag: "1x" is not a CEL variable name\n'],
    [['cel', 'eval', 'x', '--input', 'x=1', '--input', 'x=2'], 'Error: invalid argument "x=2" for "--input" flag: x is bound twice\n'],
    [['cel', 'eval', 'x', '--input'], 'Error: flag needs an argument: --input\n'],
    [['cel', 'eval', '1', '--var', 'x=int'], "Error: unknown flag: --var (see 'capstan cel --help' for the flags of eval)\n"],
    [['cel', 'check', '1', '--input', 'x=1'], "Error: unknown flag: --input (see 'capstan cel --help' for the flags of check)\n"],
    [['cel', 'check', 'x', '--var', 'x='], 'Error: invalid argument "x=" for "--var" flag: expected a type name at position 0 of type \'\'\n'],
    [['cel', 'check', 'x', '--var', 'x=integer'], 'Error: invalid argument "x=integer" for "--var" flag: unknown type \'integer\' at position 7 of type \'integer\'\n'],
    [['cel', 'eval', '1', '--budget', 'ten'], 'Error: invalid argument "ten" for "--budget" flag: not a non-negative integer\n'],
    [['cel', 'eval', '1', '--budget', '-1'], 'Error: invalid argument "-1" for "--budget" flag: not a non-negative integer\n'],
    [['cel', 'eval', '1', '--schema', '/nonexistent/schema.yaml'], "Error: cannot read --schema file: ENOENT: no such file or directory, open '/nonexistent/schema.yaml'\n"],
  ];
  await Promise.all(
    cases.map(async ([args, stderr]) => {
      const answer = await run(...args);
      const label = args.join(' ');
      t.is(answer.status, 2, label);
      t.is(answer.stdout, '', label);
      if (typeof stderr === 'string') t.is(answer.stderr, stderr, label);
      else t.regex(answer.stderr, stderr, label);
    }),
  );
});

test('--schema types self as a custom resource rule sees it: checked, estimated by its bounds, read as Kubernetes reads the object', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-cel-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const schema = join(dir, 'schema.yaml');
  writeFileSync(
    schema,
    [
      'type: object',
      'properties:',
      '  spec:',
      '    type: object',
      '    properties:',
      '      replicas: {type: integer}',
      '      ratio: {type: number}',
      '      created: {type: string, format: date-time}',
      '      tags: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: string, maxLength: 20}}',
      '',
    ].join('\n'),
  );
  const bounded = await run('cel', 'check', "self.spec.tags.all(t, t.matches('^a+$'))", '--schema', schema);
  t.is(bounded.stdout, '{"type":"bool","estimatedCost":{"min":4,"max":134}}\n');
  const undefinedField = await run('cel', 'check', 'self.spec.replica', '--schema', schema);
  t.is(undefinedField.stdout, `${JSON.stringify({ error: "ERROR: <input>:1:10: undefined field 'replica'\n | self.spec.replica\n | .........^" })}\n`);
  const metadata = await run('cel', 'check', 'self.metadata.name', '--schema', schema);
  t.is(metadata.stdout, '{"type":"string","estimatedCost":{"min":3,"max":3}}\n', 'the root has metadata');
  const object = 'self={"spec": {"ratio": 1, "created": "2024-01-02T03:04:05Z", "tags": ["a", "b"]}}';
  const read = await evaluate("type(self.spec.ratio) == double && self.spec.created.getFullYear() == 2024 && self.spec.tags == ['b', 'a']", '--schema', schema, '--input', object);
  t.is(JSON.parse(read.stdout).result, true, read.stdout);
  t.is(read.stderr, '');
  const unreadable = await run('cel', 'check', '1', '--schema', join(dir, 'missing.yaml'));
  t.is(unreadable.status, 2);
});

test('an expression that starts with a dash goes after --', async (t) => {
  const answer = await run('cel', 'eval', '--input', 'x=2', '--', '-x');
  t.is(answer.stdout, '{"result":-2,"type":"int","cost":2}\n');
});

test('capstan lists the cel command, and cel --help prints its usage', async (t) => {
  const help = await run('cel', '--help');
  t.is(help.status, 0);
  t.regex(help.stdout, /^Check or evaluate a CEL expression/);
  t.regex(help.stdout, /capstan cel eval EXPR \[--schema FILE\] \[--input NAME=JSON \.\.\.\] \[--budget N\]/);
  const list = await run('help');
  t.regex(list.stdout, /\n {2}cel +Check or evaluate a CEL expression as Kubernetes rules use it\n/);
});
