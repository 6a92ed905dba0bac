// The column layout of Go's text/tabwriter as kube's APF debug dumps use it (minwidth 8,
// padding 1, spaces): every tab-terminated cell is padded to its column's widest cell plus one,
// at least 8; the text after a line's last tab is not a column.

const minWidth = 8;
const padding = 1;

/** Lines of tab-separated cells, aligned. Every line here has as many cells, so one block per column. */
export function alignColumns(lines: readonly string[]): string {
  const split = lines.map((line) => line.split('\t'));
  const widths: number[] = [];
  for (const cells of split) {
    for (let i = 0; i < cells.length - 1; i++) widths[i] = Math.max(widths[i] ?? minWidth, [...(cells[i] as string)].length + padding);
  }
  return split.map((cells) => `${cells.map((cell, i) => (i < cells.length - 1 ? cell.padEnd((widths[i] as number) + cell.length - [...cell].length) : cell)).join('')}\n`).join('');
}

/** kube's row(): columns joined by ",\t". */
export const row = (columns: readonly string[]): string => columns.join(',\t');
