import type { AnyObjectSchema, SchemaDescription } from 'yup';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { NOTE_SCHEMAS } from '../notes/note-resource-schemas.ts';
import { RESOURCE_SCHEMAS } from '../people/resource-schemas.ts';
import { getResourceType } from '../resources/registry.ts';
import { DATE_TIME_FIELDS_BY_TYPE, assertDateTimeFields, dateTimeFieldIssues, dateTimeFieldsOf } from './date-time-fields.ts';
import type { DateTimeFormat } from './date-time-formats.ts';

const FORMATS: readonly string[] = ['dateTime', 'instant', 'date', 'time', 'dateOrDateTime'] satisfies DateTimeFormat[];

describe('dateTimeFieldIssues', () => {
  it('finds the names every type shares at any depth, through arrays, in document order', () => {
    const body = {
      created: 'garbage',
      recorded: '2024-05-01T10:00:00Z',
      activities: [{ period: { start: '2024-05-01', end: 'soon' } }, { detail: { date: '2024-02-30' } }],
      expiration: 1714557600000,
    };
    expect(dateTimeFieldIssues('CarePlan', body)).toEqual([
      { path: 'created', message: 'created must be a date and time with a zone, such as 2024-05-01T14:30:00Z.' },
      {
        path: 'activities.0.period.end',
        message: 'activities.0.period.end must be a date (2024-05-01) or a date and time with a zone (2024-05-01T14:30:00Z).',
      },
      {
        path: 'activities.1.detail.date',
        message: 'activities.1.detail.date must be a date (2024-05-01) or a date and time with a zone (2024-05-01T14:30:00Z).',
      },
      { path: 'expiration', message: 'expiration must be a date and time with a zone, such as 2024-05-01T14:30:00Z.' },
    ]);
  });

  it('takes null as absent, and anything else that is not text of the format as wrong', () => {
    expect(dateTimeFieldIssues('Appointment', { start: '2024-05-01T10:00:00Z', end: null })).toEqual([]);
    expect(dateTimeFieldIssues('Appointment', { start: { at: '2024-05-01T10:00:00Z' }, end: true }).map((i) => i.path)).toEqual([
      'start',
      'end',
    ]);
  });

  it('reads a name by the type: a Patient period is days, an Encounter one instants, an Appointment date-times', () => {
    const period = { period: { start: '2024-05-01', end: '2024-05-01T10:00:00Z' } };
    expect(dateTimeFieldIssues('Patient', period).map((i) => i.path)).toEqual(['period.end']);
    expect(dateTimeFieldIssues('Encounter', period).map((i) => i.path)).toEqual(['period.start']);
    expect(dateTimeFieldIssues('Encounter', { period: { start: '2024-05-01T10:00:00.000Z' } }).map((i) => i.path)).toEqual([
      'period.start',
    ]);
    expect(dateTimeFieldIssues('Appointment', { start: '2024-05-01' }).map((i) => i.path)).toEqual(['start']);
    expect(dateTimeFieldIssues('SomeFutureType', period)).toEqual([]);
  });

  it("leaves answers (keys chosen by a form) and the server's meta alone", () => {
    const body = {
      answers: { start: 'whenever', date: 3, nested: { end: 'x' } },
      meta: { created: 'x' },
      sections: [{ answers: { date: 'x' } }],
    };
    expect(dateTimeFieldIssues('QuestionnaireResponse', body)).toEqual([]);
  });

  it('never reaches Object.prototype: a member named constructor or __proto__ is an ordinary member', () => {
    expect(
      dateTimeFieldIssues('CarePlan', JSON.parse('{"constructor": "x", "__proto__": {"start": "x"}, "toString": 1}')).map((i) => i.path),
    ).toEqual(['__proto__.start']);
  });

  it("assertDateTimeFields refuses with the product's 400 naming every field", () => {
    let error: unknown;
    try {
      assertDateTimeFields('Appointment', { start: 'garbage', end: 'later' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BadRequest');
    expect((error as AppError).message).toBe(
      'The Appointment was not saved: start must be a date and time with a zone, such as ' +
        '2024-05-01T14:30:00Z.; end must be a date and time with a zone, such as 2024-05-01T14:30:00Z..',
    );
    expect((error as AppError).issues?.map((i) => i.path)).toEqual(['start', 'end']);
    expect(() => assertDateTimeFields('Appointment', { start: '2024-05-01T10:00:00Z' })).not.toThrow();
  });
});

/** Every field of a schema with its dotted path (arrays by their items), its name and the date-time format its tests name. */
function schemaFields(description: SchemaDescription, path = ''): { path: string; name: string; format: string | undefined }[] {
  const d = description as SchemaDescription & { fields?: Record<string, SchemaDescription>; innerType?: SchemaDescription };
  if (d.innerType) return schemaFields(d.innerType, path);
  return Object.entries(d.fields ?? {}).flatMap(([name, field]) => {
    const here = path === '' ? name : `${path}.${name}`;
    const format = field.tests.map((t) => t.name).find((n): n is string => n !== undefined && FORMATS.includes(n));
    return [{ path: here, name, format }, ...schemaFields(field, here)];
  });
}

describe('the declaration and the schemas agree', () => {
  const schemas: [string, AnyObjectSchema][] = [...Object.entries(RESOURCE_SCHEMAS), ...Object.entries(NOTE_SCHEMAS)];

  it.each(schemas)(
    '%s: every date or time its schema checks is declared with that format, and every declared name it has is checked',
    (type, schema) => {
      const declared = dateTimeFieldsOf(type);
      for (const field of schemaFields(schema.describe())) {
        expect(declared.get(field.name), `${type} ${field.path}`).toBe(field.format);
      }
    },
  );

  it('declares only types of the registry', () => {
    for (const type of Object.keys(DATE_TIME_FIELDS_BY_TYPE)) expect(getResourceType(type), type).toBeDefined();
  });
});
