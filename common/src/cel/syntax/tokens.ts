// The tokens of CEL's grammar. Their numbering and names are those of the grammar's token vocabulary
// (the order in which CEL.g4 declares them), because syntax errors list expected tokens in that order
// and by those names, and Kubernetes users see those messages.

export const T = {
  EOF: 0,
  EQUALS: 1,
  NOT_EQUALS: 2,
  IN: 3,
  LESS: 4,
  LESS_EQUALS: 5,
  GREATER_EQUALS: 6,
  GREATER: 7,
  LOGICAL_AND: 8,
  LOGICAL_OR: 9,
  LBRACKET: 10,
  RBRACKET: 11,
  LBRACE: 12,
  RBRACE: 13,
  LPAREN: 14,
  RPAREN: 15,
  DOT: 16,
  COMMA: 17,
  MINUS: 18,
  EXCLAM: 19,
  QUESTIONMARK: 20,
  COLON: 21,
  PLUS: 22,
  STAR: 23,
  SLASH: 24,
  PERCENT: 25,
  TRUE: 26,
  FALSE: 27,
  NULL: 28,
  NUM_FLOAT: 31,
  NUM_INT: 32,
  NUM_UINT: 33,
  STRING: 34,
  BYTES: 35,
  IDENTIFIER: 36,
  ESC_IDENTIFIER: 37,
} as const;

export type TokenType = (typeof T)[keyof typeof T];

export interface Token {
  readonly type: TokenType;
  /** Code point offsets of the token in the source: [start, end). */
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const displayNames: Record<number, string> = {
  [T.EOF]: '<EOF>',
  [T.EQUALS]: "'=='",
  [T.NOT_EQUALS]: "'!='",
  [T.IN]: "'in'",
  [T.LESS]: "'<'",
  [T.LESS_EQUALS]: "'<='",
  [T.GREATER_EQUALS]: "'>='",
  [T.GREATER]: "'>'",
  [T.LOGICAL_AND]: "'&&'",
  [T.LOGICAL_OR]: "'||'",
  [T.LBRACKET]: "'['",
  [T.RBRACKET]: "']'",
  [T.LBRACE]: "'{'",
  [T.RBRACE]: "'}'",
  [T.LPAREN]: "'('",
  [T.RPAREN]: "')'",
  [T.DOT]: "'.'",
  [T.COMMA]: "','",
  [T.MINUS]: "'-'",
  [T.EXCLAM]: "'!'",
  [T.QUESTIONMARK]: "'?'",
  [T.COLON]: "':'",
  [T.PLUS]: "'+'",
  [T.STAR]: "'*'",
  [T.SLASH]: "'/'",
  [T.PERCENT]: "'%'",
  [T.TRUE]: "'true'",
  [T.FALSE]: "'false'",
  [T.NULL]: "'null'",
  [T.NUM_FLOAT]: 'NUM_FLOAT',
  [T.NUM_INT]: 'NUM_INT',
  [T.NUM_UINT]: 'NUM_UINT',
  [T.STRING]: 'STRING',
  [T.BYTES]: 'BYTES',
  [T.IDENTIFIER]: 'IDENTIFIER',
  [T.ESC_IDENTIFIER]: 'ESC_IDENTIFIER',
};

/** An expected-token set as syntax errors print it: one name alone, several as `{a, b}` in vocabulary order. */
export function expectedTokensText(types: readonly TokenType[]): string {
  const sorted = [...new Set(types)].sort((a, b) => a - b);
  const names = sorted.map((t) => displayNames[t] ?? `<${t}>`);
  return names.length === 1 ? names[0]! : `{${names.join(', ')}}`;
}

/** A token as syntax errors quote it: its text with tabs and line breaks escaped, in single quotes. */
export function quotedTokenText(token: Token): string {
  return quoteInput(token.type === T.EOF ? '<EOF>' : token.text);
}

export function quoteInput(text: string): string {
  return `'${text.replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`;
}

/** Tokens that can start a member expression (a primary); `-` only as the sign of a number literal. */
export const memberStart: readonly TokenType[] = [
  T.LBRACKET,
  T.LBRACE,
  T.LPAREN,
  T.DOT,
  T.MINUS,
  T.TRUE,
  T.FALSE,
  T.NULL,
  T.NUM_FLOAT,
  T.NUM_INT,
  T.NUM_UINT,
  T.STRING,
  T.BYTES,
  T.IDENTIFIER,
];

/** Tokens that can start an expression. */
export const exprStart: readonly TokenType[] = [...memberStart, T.EXCLAM];

const exprStartFlags = new Uint8Array(64);
for (const t of exprStart) exprStartFlags[t] = 1;

export function startsExpr(type: TokenType): boolean {
  return exprStartFlags[type] === 1;
}

export function startsMember(type: TokenType): boolean {
  return type !== T.EXCLAM && exprStartFlags[type] === 1;
}

/** Binary operators and what may follow a complete operand: the tokens error recovery stops at. */
export const operatorTokens: readonly TokenType[] = [
  T.EQUALS,
  T.NOT_EQUALS,
  T.IN,
  T.LESS,
  T.LESS_EQUALS,
  T.GREATER_EQUALS,
  T.GREATER,
  T.LOGICAL_AND,
  T.LOGICAL_OR,
  T.QUESTIONMARK,
  T.PLUS,
  T.MINUS,
  T.STAR,
  T.SLASH,
  T.PERCENT,
];
