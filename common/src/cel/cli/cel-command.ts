// `capstan cel check|eval`: compiles or evaluates one CEL expression without a server, for people
// who write validation rules and for CI pipelines. Prints one JSON object on stdout; exits 0 on
// success, 1 on a CEL error (printed as {"error": ...}), 2 on bad usage (an `Error:` line on stderr).

import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { FlagError, formatFlagHelp, parseFlags } from '../../cli/flags.ts';
import { compileExpression, type CompiledExpression } from '../compile-expression.ts';
import { costLimitExceededMessage, perCallLimit } from '../cost-limits.ts';
import { schemaSizeEstimator } from '../cost/size-estimator.ts';
import { customResourceRuleVariables, ruleSelfType } from '../environment/custom-resource-rule-variables.ts';
import { kubernetesEnvSet, type CelEnvironment } from '../environment/kubernetes-environment.ts';
import { formatIssues } from '../syntax/format-issues.ts';
import { dynType, type CelType } from '../types/cel-types.ts';
import { parseTypeName } from '../types/parse-type-name.ts';
import { isSchema } from '../types/schema-types.ts';
import { checkerTypeName } from '../types/type-names.ts';
import { celValueOfJsonText } from '../values/json-text-values.ts';
import { schemaValue } from '../values/schema-values.ts';
import { CelError, type CelValue } from '../values/values.ts';
import { celValueJson, NestedCelError, type JsonValue } from './value-json.ts';
import { valueTypeName } from './value-type-name.ts';
import { errorMessage } from '../../text/error-message.ts';
import { rawJSON } from '../../json/raw-json.ts';

const checkFlags = {
  schema: { type: 'string', default: '', help: 'An OpenAPI v3 schema (YAML or JSON) that types self' },
  var: { type: 'string', default: '', help: 'NAME=TYPE: declare a variable (repeat the flag for more)' },
  'patch-types': {
    type: 'bool',
    default: false,
    help: 'Declare what MutatingAdmissionPolicy mutations see: Object{...}, Object.<path>{...}, JSONPatch{...} literals and jsonpatch.escapeKey',
  },
} as const;

const evalFlags = {
  schema: checkFlags.schema,
  'patch-types': checkFlags['patch-types'],
  input: { type: 'string', default: '', help: 'NAME=JSON: bind a variable to a JSON value (repeat the flag for more)' },
  budget: { type: 'string', default: '', help: `Stop the evaluation once its cost exceeds this (default ${perCallLimit}, Kubernetes' per-expression limit)` },
} as const;

/** The flags that may be given more than once; each occurrence is kept (pflag's stringArray). */
const repeatedFlags = ['var', 'input'] as const;

export const celUsage = `Check or evaluate a CEL expression as Kubernetes compiles it, without a server.

Usage:
  capstan cel check EXPR [--schema FILE] [--var NAME=TYPE ...] [--patch-types]
  capstan cel eval EXPR [--schema FILE] [--input NAME=JSON ...] [--budget N] [--patch-types]

Expressions are compiled in Kubernetes 1.35's environment for new expressions (libraries of
compatibility version 1.34) and type-checked. check prints {"type": "<CEL type>", "estimatedCost":
{"min": N, "max": N}} (the worst case as Kubernetes estimates it; a CRD rule whose max exceeds
10000000 is refused) or {"error": "<message with position>"}. eval prints {"result": <value>,
"type": "<CEL type>", "cost": <cost>} or {"error": "<message>"}, the cost counted as Kubernetes
counts it at run time; past the budget the evaluation stops with Kubernetes' error
(${JSON.stringify(costLimitExceededMessage)}).

--schema types self and oldSelf as a custom resource rule on that schema node sees them (an object
schema is taken as the resource's root: it also has apiVersion, kind and metadata), and its
maxLength, maxItems and maxProperties bound the estimate; --input self=... is then read as
Kubernetes reads the object (number fields are doubles, date-time strings timestamps, ...).
Other --input variables are declared dyn; --var declares a variable's type for check (int,
list(string), map(string, int), optional_type(int), google.protobuf.Timestamp, net.IP, ...).
--patch-types adds what the expressions of MutatingAdmissionPolicy mutations see: Object{...} and
Object.<path>{...} literals (eval prints an object's fields), JSONPatch{op, path, from, value}
literals (printed as RFC 6902 operations) and jsonpatch.escapeKey.

Exit status: 0 on success, 1 on a CEL error, 2 on bad usage. Put an expression that starts with
'-' after '--'.

Flags of check:
${formatFlagHelp(checkFlags)}

Flags of eval:
${formatFlagHelp(evalFlags)}`;

interface Answer {
  readonly json: { readonly [key: string]: JsonValue };
  readonly exitCode: 0 | 1;
}

/** Runs the command; answers the exit code. */
export async function celCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  let answer: Answer;
  try {
    const [action, ...rest] = argv;
    if (action === 'check') answer = check(rest);
    else if (action === 'eval') answer = evaluate(rest);
    else throw new FlagError(`unknown action ${JSON.stringify(action ?? '')}: want check or eval\n\n${celUsage}`);
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    process.stderr.write(`Error: ${error.message}\n`);
    return 2;
  }
  out(JSON.stringify(answer.json));
  return answer.exitCode;
}

function check(argv: readonly string[]): Answer {
  const { flags, args, repeated } = parseArgs(checkFlags, 'check', argv);
  const expression = oneExpression('check', args);
  const schema = readSchema(flags.schema);
  const variables = new Map<string, CelType>(schema?.variables);
  for (const declaration of repeated.var) {
    const [name, typeText] = splitAssignment('var', declaration);
    const type = parseTypeName(typeText);
    if ('error' in type) throw invalidFlag('var', declaration, type.error);
    variables.set(name, type);
  }
  const result = compileExpression(expression, { environment: environmentOf(flags['patch-types']), variables, sizes: schema?.sizes });
  if (!result.ok) return celError(formatIssues(expression, result.issues));
  const { checked, estimatedCost } = result.compiled;
  return { json: { type: checkerTypeName(checked.type), estimatedCost: { min: exactInteger(estimatedCost.min), max: exactInteger(estimatedCost.max) } }, exitCode: 0 };
}

function evaluate(argv: readonly string[]): Answer {
  const { flags, args, repeated } = parseArgs(evalFlags, 'eval', argv);
  const expression = oneExpression('eval', args);
  if (flags.budget !== '' && !/^\d+$/.test(flags.budget)) throw invalidFlag('budget', flags.budget, 'not a non-negative integer');
  const costLimit = flags.budget === '' ? perCallLimit : Number(flags.budget);
  const schema = readSchema(flags.schema);
  const variables = new Map<string, CelType>(schema?.variables);
  const values: Record<string, CelValue> = {};
  for (const input of repeated.input) {
    const [name, text] = splitAssignment('input', input);
    if (Object.hasOwn(values, name)) throw invalidFlag('input', input, `${name} is bound twice`);
    let json: CelValue;
    try {
      json = celValueOfJsonText(text);
    } catch (error) {
      throw invalidFlag('input', input, `not JSON: ${errorMessage(error)}`);
    }
    const declared = variables.get(name);
    values[name] = declared === undefined ? json : schemaValue(json, declared);
    if (declared === undefined) variables.set(name, dynType);
  }
  const result = compileExpression(expression, { environment: environmentOf(flags['patch-types']), variables, sizes: schema?.sizes });
  if (!result.ok) return celError(formatIssues(expression, result.issues));
  return evaluated(result.compiled, values, costLimit);
}

function evaluated(compiled: CompiledExpression, values: Readonly<Record<string, CelValue>>, costLimit: number): Answer {
  const { value: result, cost } = compiled.program.evaluateWithCost(values, { costLimit });
  if (result instanceof CelError) return celError(result.message);
  try {
    return { json: { result: celValueJson(result), type: valueTypeName(result), cost }, exitCode: 0 };
  } catch (error) {
    if (error instanceof NestedCelError) return celError(error.message);
    throw error;
  }
}

/** Kubernetes 1.35's environment for new expressions, with the patch types of mutations when asked. */
const environmentOf = (patchTypes: boolean): CelEnvironment => kubernetesEnvSet({ patchTypes }).newExpressions;

/** A cost as an exact JSON integer, even beyond 2^53 (an unbounded estimate is 2^64-1). */
const exactInteger = (value: bigint): JsonValue => (value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : rawJSON(value.toString()));

const celError = (message: string): Answer => ({ json: { error: message }, exitCode: 1 });

type RepeatedFlag = (typeof repeatedFlags)[number];

/** The flags, with every occurrence of the repeatable ones (parseFlags keeps only the last). */
function parseArgs<S extends typeof checkFlags | typeof evalFlags>(specs: S, action: string, argv: readonly string[]) {
  const repeated: Record<RepeatedFlag, string[]> = { var: [], input: [] };
  const others: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      others.push(...argv.slice(i));
      break;
    }
    const name = repeatedFlags.find((flag) => Object.hasOwn(specs, flag) && (arg === `--${flag}` || arg.startsWith(`--${flag}=`)));
    if (name === undefined) others.push(arg);
    else if (arg.startsWith(`--${name}=`)) repeated[name].push(arg.slice(name.length + 3));
    else if (i + 1 < argv.length) repeated[name].push(argv[++i] as string);
    else throw new FlagError(`flag needs an argument: --${name}`);
  }
  try {
    return { ...parseFlags(specs, others), repeated };
  } catch (error) {
    if (error instanceof FlagError) throw new FlagError(`${error.message} (see 'capstan cel --help' for the flags of ${action})`);
    throw error;
  }
}

function oneExpression(action: string, args: readonly string[]): string {
  if (args.length === 1) return args[0] as string;
  throw new FlagError(
    args.length === 0 ? `capstan cel ${action} needs an expression` : `capstan cel ${action} takes one expression, got ${args.length} arguments (quote the expression)`,
  );
}

const variableName = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

function splitAssignment(flag: string, text: string): readonly [name: string, value: string] {
  const equals = text.indexOf('=');
  if (equals < 0) throw invalidFlag(flag, text, `want NAME=${flag === 'var' ? 'TYPE' : 'JSON'}`);
  const name = text.slice(0, equals);
  if (!variableName.test(name)) throw invalidFlag(flag, text, `${JSON.stringify(name)} is not a CEL variable name`);
  return [name, text.slice(equals + 1)];
}

const invalidFlag = (flag: string, text: string, why: string): FlagError => new FlagError(`invalid argument "${text}" for "--${flag}" flag: ${why}`);

interface SchemaScope {
  readonly variables: ReadonlyMap<string, CelType>;
  readonly sizes: ReturnType<typeof schemaSizeEstimator>;
}

/** self and oldSelf typed by the --schema file (YAML or JSON), and the estimator of their sizes. */
function readSchema(path: string): SchemaScope | undefined {
  if (path === '') return undefined;
  let schema: unknown;
  try {
    schema = parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new FlagError(`cannot read --schema file: ${errorMessage(error)}`);
  }
  if (!isSchema(schema)) throw new FlagError('--schema file: not an OpenAPI v3 schema (want an object)');
  const self = ruleSelfType(schema, { isRoot: schema.type === 'object', typeName: 'selfType' });
  if (self === undefined) throw new FlagError('--schema file: unable to convert structural schema to CEL declarations');
  return { variables: customResourceRuleVariables(self), sizes: schemaSizeEstimator(self) };
}
