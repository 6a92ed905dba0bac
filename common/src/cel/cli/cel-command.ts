// `capstan cel check|eval`: compiles or evaluates one CEL expression without a server, for people
// who write validation rules and for CI pipelines. Prints one JSON object on stdout; exits 0 on
// success, 1 on a CEL error (printed as {"error": ...}), 2 on bad usage (an `Error:` line on stderr).

import { readFileSync } from 'node:fs';
import { FlagError, formatFlagHelp, parseFlags } from '../../cli/flags.ts';
import { parseJson } from '../../json/parse-json.ts';
import { costLimitExceededMessage, perCallLimit } from '../cost-limits.ts';
import { compileCel } from '../program.ts';
import { formatIssues } from '../syntax/format-issues.ts';
import { CelError, fromJson, type CelValue } from '../values/values.ts';
import { celValueJson, NestedCelError, type JsonValue } from './value-json.ts';
import { valueTypeName } from './value-type-name.ts';

const checkFlags = {
  schema: { type: 'string', default: '', help: 'An OpenAPI v3 schema (YAML or JSON) that types self' },
  var: { type: 'string', default: '', help: 'NAME=TYPE: declare a variable (repeat the flag for more)' },
} as const;

const evalFlags = {
  schema: checkFlags.schema,
  input: { type: 'string', default: '', help: 'NAME=JSON: bind a variable to a JSON value (repeat the flag for more)' },
  budget: { type: 'string', default: '', help: `Stop the evaluation once its cost exceeds this (default ${perCallLimit}, Kubernetes' per-expression limit)` },
} as const;

/** The flags that may be given more than once; each occurrence is kept (pflag's stringArray). */
const repeatedFlags = ['var', 'input'] as const;

export const celUsage = `Check or evaluate a CEL expression as Kubernetes compiles it, without a server.

Usage:
  capstan cel check EXPR [--schema FILE] [--var NAME=TYPE ...]
  capstan cel eval EXPR [--schema FILE] [--input NAME=JSON ...] [--budget N]

Prints one JSON object: check prints {"error": "<message with position>"} for an expression that
does not compile; eval prints {"result": <value>, "type": "<CEL type>", "cost": <cost>} or
{"error": "<message>"}, the cost counted as Kubernetes counts it at run time; past the budget the
evaluation stops with Kubernetes' error (${JSON.stringify(costLimitExceededMessage)}).
Exit status: 0 on success, 1 on a CEL error, 2 on bad usage. Put an expression that starts with
'-' after '--'.

Not yet: type checking and cost estimation (check only checks the syntax), --schema (only read).

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
  const note = (text: string): void => void process.stderr.write(`capstan cel: ${text}\n`);
  let answer: Answer;
  try {
    const [action, ...rest] = argv;
    if (action === 'check') answer = check(rest, note);
    else if (action === 'eval') answer = evaluate(rest, note);
    else throw new FlagError(`unknown action ${JSON.stringify(action ?? '')}: want check or eval\n\n${celUsage}`);
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    process.stderr.write(`Error: ${error.message}\n`);
    return 2;
  }
  out(JSON.stringify(answer.json));
  return answer.exitCode;
}

function check(argv: readonly string[], note: (text: string) => void): Answer {
  const { flags, args, repeated } = parseArgs(checkFlags, 'check', argv);
  const expression = oneExpression('check', args);
  for (const declaration of repeated.var) {
    const [name, type] = splitAssignment('var', declaration);
    if (type.trim() === '') throw invalidFlag('var', declaration, `no type for ${name}`);
  }
  readSchema(flags.schema, note);
  const compiled = compileCel(expression);
  if (!compiled.ok) return celError(formatIssues(expression, compiled.issues));
  note('type checking and cost estimation are not implemented yet: only the syntax was checked');
  return { json: {}, exitCode: 0 };
}

function evaluate(argv: readonly string[], note: (text: string) => void): Answer {
  const { flags, args, repeated } = parseArgs(evalFlags, 'eval', argv);
  const expression = oneExpression('eval', args);
  if (flags.budget !== '' && !/^\d+$/.test(flags.budget)) throw invalidFlag('budget', flags.budget, 'not a non-negative integer');
  const costLimit = flags.budget === '' ? perCallLimit : Number(flags.budget);
  const variables: Record<string, CelValue> = {};
  for (const input of repeated.input) {
    const [name, text] = splitAssignment('input', input);
    if (Object.hasOwn(variables, name)) throw invalidFlag('input', input, `${name} is bound twice`);
    try {
      variables[name] = fromJson(parseJson(text));
    } catch (error) {
      throw invalidFlag('input', input, `not JSON: ${(error as Error).message}`);
    }
  }
  readSchema(flags.schema, note);
  const compiled = compileCel(expression);
  if (!compiled.ok) return celError(formatIssues(expression, compiled.issues));
  const { value: result, cost } = compiled.program.evaluateWithCost(variables, { costLimit });
  if (result instanceof CelError) return celError(result.message);
  try {
    return { json: { result: celValueJson(result), type: valueTypeName(result), cost }, exitCode: 0 };
  } catch (error) {
    if (error instanceof NestedCelError) return celError(error.message);
    throw error;
  }
}

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
  throw new FlagError(args.length === 0 ? `capstan cel ${action} needs an expression` : `capstan cel ${action} takes one expression, got ${args.length} arguments (quote the expression)`);
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

/** Reads the schema file so that a wrong path is reported; typing self from it needs the type checker. */
function readSchema(path: string, note: (text: string) => void): void {
  if (path === '') return;
  try {
    readFileSync(path, 'utf8');
  } catch (error) {
    throw new FlagError(`cannot read --schema file: ${(error as Error).message}`);
  }
  note('--schema is not applied yet: variables are typed by their --input values');
}
