// The grammar of gross formulas, checked before anything reaches HyperFormula so that the grid,
// the server and the xlsx export accept exactly the same text, and a refusal names its cause
// (an unknown function, a wrong number of arguments) in the cell that has it.
//
//   formula    := comparison
//   comparison := additive (('=' | '<>' | '<' | '<=' | '>' | '>=') additive)*
//   additive   := term (('+' | '-') term)*
//   term       := power (('*' | '/') power)*
//   power      := unary ('^' unary)*
//   unary      := ('+' | '-')* primary
//   primary    := number | [n] | #REF! | '(' formula ')' | NAME '(' arguments ')'
//   arguments  := argument (',' argument)*    argument := formula | [n]:[m] (SUM, MIN, MAX, AVERAGE)
//
// Rendering walks the same grammar and writes the formula for a sheet (the engine's or the
// export's): references through the caller, function names in capitals, and ROUND, ROUNDUP and
// ROUNDDOWN given the decimal guard of DESIGN.md section 5 on their number, so that
// ROUNDUP([0]*1.1,0) over 100 is 110 (binary noise makes 100*1.1 110.00000000000001) in the grid,
// on the server and in Excel alike.

import { DECIMAL_GUARD_PLACES } from '../domain/price-maths';

type ArgumentCount = { min: number; max: number };

/** The functions a gross formula may use, with how many arguments each takes. */
export const FORMULA_FUNCTIONS: Readonly<Record<string, ArgumentCount>> = {
  ROUND: { min: 2, max: 2 },
  ROUNDUP: { min: 2, max: 2 },
  ROUNDDOWN: { min: 2, max: 2 },
  MIN: { min: 1, max: 255 },
  MAX: { min: 1, max: 255 },
  SUM: { min: 1, max: 255 },
  AVERAGE: { min: 1, max: 255 },
  ABS: { min: 1, max: 1 },
  IF: { min: 2, max: 3 },
};
const RANGE_FUNCTIONS = new Set(['SUM', 'MIN', 'MAX', 'AVERAGE']);
const GUARDED_FUNCTIONS = new Set(['ROUND', 'ROUNDUP', 'ROUNDDOWN']);
/**
 * The most rows a range may cover: the engine builds a range cell by cell (a million-row range
 * took 5 s), and no season's grid comes near it.
 */
export const MAX_RANGE_ROWS = 20_000;
/**
 * How deeply brackets, function calls and signs may nest: parsers recurse once per level, and
 * 900 nested brackets overflowed the stack (a 500). Staff formulas nest a handful of levels.
 */
export const MAX_FORMULA_DEPTH = 100;
const FUNCTION_LIST = 'ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF';
const SYNTAX_ERROR = 'Syntax error in formula';

export type FormulaToken =
  | { kind: 'space' | 'number' | 'operator' | 'name' | 'deleted'; text: string }
  | { kind: 'reference'; text: string; row: number }
  | { kind: 'range'; text: string; from: number; to: number };

const TOKEN = /(\s+)|(\d+(?:\.\d*)?|\.\d+)|\[(\d+)\]\s*:\s*\[(\d+)\]|\[(\d+)\]|(#REF!)|([A-Za-z_][A-Za-z0-9_.]*)|(<>|<=|>=|[-+*/^()=<>,:])/y;

/** Typed formula text as tokens; undefined when it holds a character outside the language. */
export function tokenizeFormula(formula: string): FormulaToken[] | undefined {
  const tokens: FormulaToken[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < formula.length) {
    const match = TOKEN.exec(formula);
    if (match === null) return undefined;
    const [text, space, number, from, to, row, deleted, name] = match;
    if (space !== undefined) tokens.push({ kind: 'space', text });
    else if (number !== undefined) tokens.push({ kind: 'number', text });
    else if (from !== undefined) tokens.push({ kind: 'range', text, from: Number(from), to: Number(to) });
    else if (row !== undefined) tokens.push({ kind: 'reference', text, row: Number(row) });
    else if (deleted !== undefined) tokens.push({ kind: 'deleted', text });
    else if (name !== undefined) tokens.push({ kind: 'name', text });
    else tokens.push({ kind: 'operator', text });
  }
  return tokens;
}

/** How a sheet writes the formula's references. */
export type ReferenceWriter = {
  reference: (row: number) => string;
  range: (from: number, to: number) => string;
};

/** 'unknown-name': a function or name outside the language; 'syntax': malformed; 'usage': a wrong argument count or range. */
export type FormulaProblemKind = 'unknown-name' | 'syntax' | 'usage';
export type RenderedFormula = { ok: true; text: string } | { ok: false; problem: string; kind: FormulaProblemKind };

/** Checks typed formula text and writes it for a sheet (without a leading '='). */
export function renderFormula(formula: string, writer: ReferenceWriter): RenderedFormula {
  const tokens = tokenizeFormula(formula);
  if (tokens === undefined) return { ok: false, problem: SYNTAX_ERROR, kind: 'syntax' };
  try {
    const parser = new FormulaParser(
      tokens.filter((token) => token.kind !== 'space'),
      writer,
    );
    return { ok: true, text: parser.formula() };
  } catch (error) {
    if (error instanceof FormulaProblem) return { ok: false, problem: error.message, kind: error.kind };
    throw error;
  }
}

class FormulaProblem extends Error {
  constructor(
    message: string,
    readonly kind: FormulaProblemKind = 'usage',
  ) {
    super(message);
  }
}

const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);

class FormulaParser {
  private position = 0;
  private depth = 0;

  constructor(
    private readonly tokens: readonly FormulaToken[],
    private readonly writer: ReferenceWriter,
  ) {}

  formula(): string {
    const text = this.comparison();
    if (this.peek() !== undefined) this.fail();
    return text;
  }

  private comparison(): string {
    return this.nested(() => this.chain(() => this.additive(), COMPARISONS));
  }

  /** Parses one more level of nesting, refusing past MAX_FORMULA_DEPTH before the stack runs out. */
  private nested(parse: () => string): string {
    if (++this.depth > MAX_FORMULA_DEPTH) throw new FormulaProblem(`A formula nests brackets, functions and signs at most ${MAX_FORMULA_DEPTH} deep`);
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private additive(): string {
    return this.chain(() => this.term(), new Set(['+', '-']));
  }

  private term(): string {
    return this.chain(() => this.power(), new Set(['*', '/']));
  }

  private power(): string {
    return this.chain(() => this.unary(), new Set(['^']));
  }

  private chain(operand: () => string, operators: ReadonlySet<string>): string {
    let text = operand();
    for (;;) {
      const next = this.peek();
      if (next?.kind !== 'operator' || !operators.has(next.text)) return text;
      text += this.take().text + operand();
    }
  }

  private unary(): string {
    const next = this.peek();
    if (next?.kind === 'operator' && (next.text === '-' || next.text === '+')) return this.take().text + this.nested(() => this.unary());
    return this.primary();
  }

  private primary(): string {
    const token = this.take();
    switch (token.kind) {
      case 'number':
      case 'deleted':
        return token.text;
      case 'reference':
        return this.writer.reference(token.row);
      case 'range':
        throw new FormulaProblem(rangeProblem(token));
      case 'name':
        return this.call(token.text);
      case 'operator':
        if (token.text !== '(') this.fail();
        return `(${this.comparison()}${this.expect(')')}`;
      default:
        return this.fail();
    }
  }

  private call(typedName: string): string {
    const name = typedName.toUpperCase();
    const count = FORMULA_FUNCTIONS[name];
    if (count === undefined) throw new FormulaProblem(unknownName(typedName, this.peek()), 'unknown-name');
    this.expect('(');
    const args: string[] = [];
    if (this.peek()?.text === ')') this.fail();
    for (;;) {
      args.push(this.argument(name));
      const separator = this.take().text;
      if (separator === ')') break;
      if (separator !== ',') this.fail();
    }
    if (args.length < count.min || args.length > count.max) throw new FormulaProblem(arityProblem(name, count));
    if (GUARDED_FUNCTIONS.has(name)) args[0] = `ROUND(${args[0]},${DECIMAL_GUARD_PLACES})`;
    return `${name}(${args.join(',')})`;
  }

  private argument(name: string): string {
    const token = this.peek();
    const after = this.tokens[this.position + 1];
    const closes = after === undefined || after.text === ',' || after.text === ')';
    if (token?.kind === 'range' && closes) {
      if (!RANGE_FUNCTIONS.has(name)) throw new FormulaProblem(rangeProblem(token));
      if (Math.abs(token.to - token.from) >= MAX_RANGE_ROWS) throw new FormulaProblem(`A range covers at most ${MAX_RANGE_ROWS.toLocaleString('en-GB')} rows`);
      this.take();
      return this.writer.range(token.from, token.to);
    }
    return this.comparison();
  }

  private peek(): FormulaToken | undefined {
    return this.tokens[this.position];
  }

  private take(): FormulaToken {
    const token = this.tokens[this.position++];
    if (token === undefined) this.fail();
    return token;
  }

  private expect(text: string): string {
    if (this.take().text !== text) this.fail();
    return text;
  }

  private fail(): never {
    throw new FormulaProblem(SYNTAX_ERROR, 'syntax');
  }
}

function unknownName(typed: string, next: FormulaToken | undefined): string {
  const name = typed.toUpperCase();
  return next?.text === '(' ? `Unknown function ${name}: use ${FUNCTION_LIST}` : `Unknown name ${typed}: a formula uses numbers, [n] and ${FUNCTION_LIST}`;
}

function rangeProblem(token: { from: number; to: number }): string {
  return `A range such as [${token.from}]:[${token.to}] only goes in SUM, MIN, MAX or AVERAGE`;
}

function arityProblem(name: string, { min, max }: ArgumentCount): string {
  if (min === max) return `${name} takes ${min} argument${min === 1 ? '' : 's'}`;
  return max > 3 ? `${name} takes at least ${min} argument` : `${name} takes ${min} or ${max} arguments`;
}
