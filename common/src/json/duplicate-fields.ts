// The keys a JSON text repeats within one object, each named by its path as kube's strict decoding
// names a duplicate field ("metadata.name", "spec.containers[0].image"). JSON.parse keeps the last
// value silently; kube's decoding keeps it too but reports the repetition (fieldValidation).
// The text must be valid JSON: this scans it and does not check it.

/** Paths of the repeated keys, in the order the repetitions appear. */
export function duplicateFieldPaths(text: string): string[] {
  const scanner = new Scanner(text);
  scanner.value('');
  return scanner.duplicates;
}

class Scanner {
  readonly duplicates: string[] = [];
  #at = 0;
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  value(path: string): void {
    this.#skipSpace();
    const ch = this.#text[this.#at];
    if (ch === '{') this.#object(path);
    else if (ch === '[') this.#array(path);
    else if (ch === '"') this.#string();
    else this.#scalar();
  }

  #object(path: string): void {
    this.#at++;
    const seen = new Set<string>();
    for (;;) {
      this.#skipSpace();
      if (this.#text[this.#at] === '}') {
        this.#at++;
        return;
      }
      if (this.#text[this.#at] === ',') {
        this.#at++;
        continue;
      }
      const key = this.#string();
      const keyPath = path === '' ? key : `${path}.${key}`;
      if (seen.has(key)) this.duplicates.push(keyPath);
      seen.add(key);
      this.#skipSpace();
      this.#at++; // the colon
      this.value(keyPath);
    }
  }

  #array(path: string): void {
    this.#at++;
    for (let index = 0; ; ) {
      this.#skipSpace();
      const ch = this.#text[this.#at];
      if (ch === ']') {
        this.#at++;
        return;
      }
      if (ch === ',') {
        this.#at++;
        index++;
        continue;
      }
      this.value(`${path}[${index}]`);
    }
  }

  /** A string token, decoded (a key is compared and named by its value, escapes resolved). */
  #string(): string {
    const start = this.#at;
    this.#at++;
    let escaped = false;
    while (this.#at < this.#text.length) {
      const ch = this.#text[this.#at++];
      if (ch === '"') break;
      if (ch === '\\') {
        escaped = true;
        this.#at++;
      }
    }
    const token = this.#text.slice(start, this.#at);
    return escaped ? (JSON.parse(token) as string) : token.slice(1, -1);
  }

  #scalar(): void {
    while (this.#at < this.#text.length && !',]} \t\r\n'.includes(this.#text[this.#at] as string)) this.#at++;
  }

  #skipSpace(): void {
    while (this.#at < this.#text.length && ' \t\r\n'.includes(this.#text[this.#at] as string)) this.#at++;
  }
}
