// `$((…))` of the simulated shell: integers, variables by name, + - * / % and parentheses, which is
// what loop counters in container commands use (`i=$((i+1))`).

export function evaluateArithmetic(expression: string, vars: ReadonlyMap<string, string>): number {
  const tokens = expression.match(/\d+|[A-Za-z_]\w*|[-+*/%()]/g) ?? [];
  let at = 0;
  const primary = (): number => {
    const token = tokens[at++];
    if (token === '(') {
      const value = sum();
      at++;
      return value;
    }
    if (token === '-') return -primary();
    if (token === '+') return primary();
    if (token === undefined) return 0;
    if (/^\d/.test(token)) return Number.parseInt(token, 10);
    return Number.parseInt(vars.get(token) ?? '0', 10) || 0;
  };
  const product = (): number => {
    let value = primary();
    for (let op = tokens[at]; op === '*' || op === '/' || op === '%'; op = tokens[at]) {
      at++;
      const right = primary();
      value = op === '*' ? value * right : right === 0 ? 0 : op === '/' ? Math.trunc(value / right) : value % right;
    }
    return value;
  };
  const sum = (): number => {
    let value = product();
    for (let op = tokens[at]; op === '+' || op === '-'; op = tokens[at]) {
      at++;
      value = op === '+' ? value + product() : value - product();
    }
    return value;
  };
  return sum();
}
