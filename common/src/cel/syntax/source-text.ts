// The source of a CEL expression seen as code points, the unit CEL counts offsets, columns and size
// limits in. JavaScript strings index UTF-16 units, so sources with characters beyond the BMP keep a
// map from code point offsets to string indices; the rest (nearly all) are indexed directly.

export class SourceText {
  readonly text: string;
  /** Code points of the text. */
  readonly codePoints: Uint32Array;
  /** String index of each code point offset (length + 1 entries), or undefined when they coincide. */
  private readonly stringIndex: Uint32Array | undefined;
  private lineStarts: number[] | undefined;

  constructor(text: string) {
    this.text = text;
    let surrogates = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) {
        surrogates = true;
        break;
      }
    }
    if (!surrogates) {
      const codePoints = new Uint32Array(text.length);
      for (let i = 0; i < text.length; i++) codePoints[i] = text.charCodeAt(i);
      this.codePoints = codePoints;
      this.stringIndex = undefined;
      return;
    }
    const points: number[] = [];
    const indices: number[] = [];
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i)!;
      points.push(cp);
      indices.push(i);
      i += cp > 0xffff ? 2 : 1;
    }
    indices.push(text.length);
    this.codePoints = Uint32Array.from(points);
    this.stringIndex = Uint32Array.from(indices);
  }

  get length(): number {
    return this.codePoints.length;
  }

  /** The text between two code point offsets. */
  slice(start: number, end: number): string {
    if (this.stringIndex === undefined) return this.text.slice(start, end);
    return this.text.slice(this.stringIndex[start], this.stringIndex[Math.min(end, this.codePoints.length)]);
  }

  /** Line (1-based) and column (0-based, in code points) of an offset; lines end at '\n'. */
  location(offset: number): { readonly line: number; readonly column: number } {
    const starts = this.getLineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! };
  }

  /** The text of a line (1-based), without its line break. */
  lineText(line: number): string | undefined {
    const starts = this.getLineStarts();
    const start = starts[line - 1];
    if (start === undefined) return undefined;
    const next = starts[line];
    return this.slice(start, next === undefined ? this.codePoints.length : next - 1);
  }

  private getLineStarts(): number[] {
    if (this.lineStarts === undefined) {
      const starts = [0];
      const cps = this.codePoints;
      for (let i = 0; i < cps.length; i++) if (cps[i] === 0x0a) starts.push(i + 1);
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
}
