// Shell-style patterns of the lifecycle file: `*` any run of characters, `?` one character, every
// other character itself. Used to match image references and exec arguments.

export type GlobPattern = (text: string) => boolean;

export function compileGlob(pattern: string): GlobPattern {
  if (!pattern.includes('*') && !pattern.includes('?')) return (text) => text === pattern;
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  const regexp = new RegExp(`^${source}$`, 's');
  return (text) => regexp.test(text);
}
