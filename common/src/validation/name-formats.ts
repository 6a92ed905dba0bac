// apimachinery's string format checks with their 1.35 messages: DNS-1123 labels and subdomains and
// DNS-1035 labels (util/validation, lengths "characters"), label keys (qualified names) and label
// values (api/validate/content, lengths "bytes"), and the generateName prefix variant. Lengths
// count bytes either way, as Go's len() does.

const dns1123LabelFormat = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123SubdomainFormat = `${dns1123LabelFormat}(\\.${dns1123LabelFormat})*`;
const dns1035LabelFormat = '[a-z]([-a-z0-9]*[a-z0-9])?';
const qualifiedNameFormat = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const labelValueFormat = '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?';

const dns1123Label = new RegExp(`^${dns1123LabelFormat}$`);
const dns1123Subdomain = new RegExp(`^${dns1123SubdomainFormat}$`);
const dns1035Label = new RegExp(`^${dns1035LabelFormat}$`);
const qualifiedName = new RegExp(`^${qualifiedNameFormat}$`);
const labelValue = new RegExp(`^${labelValueFormat}$`);

const byteLength = (value: string): number => Buffer.byteLength(value, 'utf8');

const maxLengthError = (length: number): string => `must be no more than ${length} characters`;
const maxBytesError = (length: number): string => `must be no more than ${length} bytes`;

/** apimachinery's RegexError, with its ", " before " or " kept (hence the double space). */
export function regexError(message: string, format: string, ...examples: string[]): string {
  if (examples.length === 0) return `${message} (regex used for validation is '${format}')`;
  const shown = examples.map((example, i) => `${i > 0 ? ' or ' : ''}'${example}', `).join('');
  return `${message} (e.g. ${shown}regex used for validation is '${format}')`;
}

export function isDNS1123Label(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > 63) errors.push(maxLengthError(63));
  if (!dns1123Label.test(value)) {
    // A valid subdomain that is no label (the length aside) has dots.
    if (dns1123Subdomain.test(value)) errors.push('must not contain dots');
    else {
      const message = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
      errors.push(regexError(message, dns1123LabelFormat, 'my-name', '123-abc'));
    }
  }
  return errors;
}

export const isDNS1123Subdomain = (value: string): string[] => dns1123SubdomainErrors(value, maxLengthError);

function dns1123SubdomainErrors(value: string, tooLong: (length: number) => string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > 253) errors.push(tooLong(253));
  if (!dns1123Subdomain.test(value)) {
    const message = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    errors.push(regexError(message, dns1123SubdomainFormat, 'example.com'));
  }
  return errors;
}

export function isDNS1035Label(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > 63) errors.push(maxLengthError(63));
  if (!dns1035Label.test(value)) {
    const message = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
    errors.push(regexError(message, dns1035LabelFormat, 'my-name', 'abc-123'));
  }
  return errors;
}

const qualifiedNameMessage = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** IsQualifiedName (content.IsLabelKey): an optional DNS subdomain prefix and '/', then a name of at most 63 bytes. */
export function isQualifiedName(value: string): string[] {
  const parts = value.split('/');
  if (parts.length > 2) {
    return [
      `a valid label key ${regexError(qualifiedNameMessage, qualifiedNameFormat, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  const errors: string[] = [];
  const name = parts[parts.length - 1] as string;
  if (parts.length === 2) {
    const prefix = parts[0] as string;
    if (prefix === '') errors.push('prefix part must be non-empty');
    else errors.push(...dns1123SubdomainErrors(prefix, maxBytesError).map((message) => `prefix part ${message}`));
  }
  if (name === '') errors.push('name part must be non-empty');
  else if (byteLength(name) > 63) errors.push(`name part ${maxBytesError(63)}`);
  if (!qualifiedName.test(name)) errors.push(`name part ${regexError(qualifiedNameMessage, qualifiedNameFormat, 'MyName', 'my.name', '123-abc')}`);
  return errors;
}

/** IsValidLabelValue (content.IsLabelValue): empty, or at most 63 bytes of the label alphabet. */
export function isValidLabelValue(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > 63) errors.push(maxBytesError(63));
  if (!labelValue.test(value)) {
    const message = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    errors.push(regexError(message, labelValueFormat, 'MyValue', 'my_value', '12345'));
  }
  return errors;
}

/**
 * A generateName prefix gets a suffix appended, so a trailing dash is fine. apimachinery's
 * maskTrailingDash replaces the last two characters with "a" (so "ab-" is checked as "aa").
 */
export function maskTrailingDash(name: string): string {
  return byteLength(name) > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}
