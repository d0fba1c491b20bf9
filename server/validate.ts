/**
 * Request validation with Laravel's rules and messages (CONTRACT.md: the real service is a
 * Laravel application): every bad field is reported at once as `errors: { field: [messages] }`.
 */
export type FieldErrors = Record<string, string[]>;
export type Fields = Record<string, unknown>;

export class ValidationError extends Error {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors) {
    const messages = Object.values(errors).flat();
    const more = messages.length - 1;
    super(more > 0 ? `${messages[0]} (and ${more} more error${more > 1 ? 's' : ''})` : messages[0]);
    this.name = 'ValidationError';
    this.errors = errors;
  }
}

/** Collects errors field by field, then throws them all together. */
export class Validator {
  readonly errors: FieldErrors = {};
  private readonly fields: Fields;

  constructor(fields: Fields) {
    this.fields = fields;
  }

  fail(field: string, message: string): undefined {
    (this.errors[field] ??= []).push(message);
    return undefined;
  }

  /**
   * The field as a string, or undefined when absent. Empty strings and null count as absent
   * (Laravel's ConvertEmptyStringsToNull); JSON numbers and booleans become their form spelling.
   */
  string(field: string, maxLength = 2048): string | undefined {
    const value = this.fields[field];
    if (value === undefined || value === null || value === '') return undefined;
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
    else if (typeof value === 'boolean') text = value ? '1' : '0';
    else return this.fail(field, `The ${label(field)} field must be a string.`);
    if (text.length > maxLength) {
      return this.fail(
        field,
        `The ${label(field)} field must not be greater than ${maxLength} characters.`,
      );
    }
    return text;
  }

  required(field: string, maxLength?: number): string | undefined {
    if (!(field in this.fields) || ['', null, undefined].includes(this.fields[field] as string)) {
      return this.fail(field, `The ${label(field)} field is required.`);
    }
    return this.string(field, maxLength);
  }

  oneOf<T extends string>(field: string, allowed: readonly T[], fallback?: T): T | undefined {
    const value = this.string(field, 64);
    if (value === undefined) return this.errors[field] ? undefined : fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    return this.fail(field, `The selected ${label(field)} is invalid.`);
  }

  /** A positive whole number, written in plain digits. */
  page(field: string): number {
    const value = this.string(field, 32);
    if (value === undefined) return 1;
    if (!/^\s*\+?\d+\s*$/.test(value) || !Number.isSafeInteger(Number(value))) {
      this.fail(field, `The ${label(field)} field must be an integer.`);
      return 1;
    }
    const page = Number(value);
    if (page < 1) this.fail(field, `The ${label(field)} field must be at least 1.`);
    return page;
  }

  done(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors);
  }
}

function label(field: string): string {
  return field.replaceAll('_', ' ');
}

/** An absolute http(s) URL with a host, or an error under `field`. */
export function webUrl(v: Validator, field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.parse(value.trim());
  if (!url || !url.hostname) return v.fail(field, `The ${label(field)} field must be a valid URL.`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return v.fail(field, `The ${label(field)} field must start with http:// or https://.`);
  }
  return value.trim();
}
