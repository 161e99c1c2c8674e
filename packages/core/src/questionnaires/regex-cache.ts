/** SPEC.md section 9: the validation regex cache holds 512 entries. */
export const REGEX_CACHE_SIZE = 512;
/** Longer patterns are refused: nobody writes one by hand, and long ones are slow to compile. */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * A least-recently-used cache of compiled patterns: a Map keeps insertion order, so re-inserting
 * on every hit keeps the oldest entry first, and that is the one evicted when full.
 */
export class RegexCache {
  private readonly entries = new Map<string, RegExp>();

  constructor(readonly capacity = REGEX_CACHE_SIZE) {}

  get size(): number {
    return this.entries.size;
  }

  has(pattern: string): boolean {
    return this.entries.has(pattern);
  }

  /**
   * The compiled pattern, anchored so the whole answer must match (`^(?:pattern)$`), compiled
   * once and reused. Throws a SyntaxError for an invalid pattern (nothing is cached then).
   */
  get(pattern: string): RegExp {
    const hit = this.entries.get(pattern);
    if (hit) {
      this.entries.delete(pattern);
      this.entries.set(pattern, hit);
      return hit;
    }
    if (pattern.length > MAX_PATTERN_LENGTH) throw new SyntaxError(`Pattern longer than ${MAX_PATTERN_LENGTH} characters.`);
    const compiled = new RegExp(`^(?:${pattern})$`);
    this.entries.set(pattern, compiled);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return compiled;
  }
}

/** The process-wide cache every validator shares. */
export const validationRegexCache = new RegexCache();

/** Whether a pattern compiles; what publishing checks before a pattern can reach a validator. */
export function isValidPattern(pattern: unknown): pattern is string {
  if (typeof pattern !== 'string') return false;
  try {
    validationRegexCache.get(pattern);
    return true;
  } catch {
    return false;
  }
}
