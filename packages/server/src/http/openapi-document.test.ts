import { describe, expect, it } from 'vitest';
import { isOpenSchema } from './schema-compilers.ts';
import { nameComponents } from './openapi-document.ts';

describe('the OpenAPI document', () => {
  it('names each titled schema once and refers to it', () => {
    const user = { title: 'User', type: 'object', properties: { id: { type: 'string' } } };
    const document = nameComponents({
      paths: { '/a': { get: { schema: user } }, '/b': { get: { schema: { type: 'array', items: user } } } },
    });
    expect(document.paths).toEqual({
      '/a': { get: { schema: { $ref: '#/components/schemas/User' } } },
      '/b': { get: { schema: { type: 'array', items: { $ref: '#/components/schemas/User' } } } },
    });
    expect(document.components).toEqual({ schemas: { User: user } });
  });

  it('refuses two different schemas under one title', () => {
    const one = { title: 'User', type: 'object' };
    const other = { title: 'User', type: 'string' };
    expect(() => nameComponents({ paths: { a: one, b: other } })).toThrow('Two different schemas are titled User');
  });
});

describe('serialising answers', () => {
  it('keeps every member of an open object: such answers are written by JSON.stringify', () => {
    expect(isOpenSchema({ type: 'object', additionalProperties: true })).toBe(true);
    expect(isOpenSchema({ type: 'object', properties: { note: { type: 'object', properties: {} } }, additionalProperties: false })).toBe(
      true,
    );
    expect(isOpenSchema({ type: 'array', items: { type: 'object', patternProperties: { '^.*$': {} }, additionalProperties: false } })).toBe(
      true,
    );
    expect(isOpenSchema({ type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false })).toBe(false);
  });
});
