// Only a schema module is imported here, not forms/index.ts: importing a schema must be enough
// to get the product's messages (practice-schemas.ts applies the locale before building).
import { ValidationError } from 'yup';
import { describe, expect, it } from 'vitest';
import { programSchema } from './practice-schemas.ts';

describe('importing a schema', () => {
  it('is enough to get the product messages', () => {
    const error = (() => {
      try {
        programSchema.validateSync({ name: ' Adults' }, { strict: true });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe('name cannot begin or end with whitespace');
  });
});
