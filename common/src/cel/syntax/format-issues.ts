// Renders parse and check issues as cel-go prints them and Kubernetes shows them after
// "compilation failed: ": one block per issue,
//   ERROR: <input>:LINE:COLUMN: message
//    | the source line
//    | ....^
// with the caret under the issue's code point; characters outside ASCII are marked with full-width
// dots and caret, as cel-go does. Issues without a place print as `<input>:-1:0` and no snippet.

import type { CelIssue } from './ast.ts';
import { SourceText } from './source-text.ts';

export function formatIssues(source: string | SourceText, issues: readonly CelIssue[], description = '<input>'): string {
  const text = typeof source === 'string' ? new SourceText(source) : source;
  return issues.map((issue) => formatIssue(text, issue, description)).join('\n');
}

function formatIssue(text: SourceText, issue: CelIssue, description: string): string {
  if (issue.offset < 0) return `ERROR: ${description}:-1:0: ${issue.message}`;
  // cel-go shows no snippet of an empty source, and its parser places the missing expression before the first column.
  if (text.length === 0) return `ERROR: ${description}:1:0: ${issue.message}`;
  const { line, column } = text.location(issue.offset);
  let out = `ERROR: ${description}:${line}:${column + 1}: ${issue.message}`;
  const lineText = text.lineText(line);
  if (lineText === undefined) return out;
  const codePoints = Array.from(lineText);
  out += `\n | ${lineText.replaceAll('\t', ' ')}\n | `;
  for (let i = 0; i < column && i < codePoints.length; i++) out += codePoints[i]!.codePointAt(0)! > 0x7f ? '\uff0e' : '.';
  const at = codePoints[column];
  out += at !== undefined && at.codePointAt(0)! > 0x7f ? '\uff3e' : '^';
  return out;
}
