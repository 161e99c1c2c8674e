/* eslint-disable @typescript-eslint/no-explicit-any -- yup types its schemas with `any` parameters;
   the merged declarations and methods repeat them */
import { ArraySchema, Schema, addMethod, type Flags, type Message } from 'yup';

// The schema as a rule sees it: any type, context and flags (what `addMethod` hands `this`).
type AnySchemaOf = Schema<any, any, any, Flags>;
import { CUSTOM_FORM_MESSAGES } from './form-messages.ts';
import { registerDecidingTest } from './schema-plan.ts';

/** A test over the values of the sibling fields named by `keys` (in the order of `keys`). */
export type SiblingCondition = (...values: unknown[]) => boolean;

declare module 'yup' {
  // Interface merging adds the product's rules to every schema (TSDoc on each rule below).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- interface merging repeats yup's type parameters
  interface Schema<TType, TContext, TDefault, TFlags> {
    /**
     * Required when the sibling field(s) `keys` satisfy `is`, optional otherwise: e.g. an
     * end date required when the status is `finished`.
     */
    requiredWhen(keys: string | string[], is: SiblingCondition, message?: Message): this;
    /**
     * The schema `then` makes of this one, applied unless the sibling field(s) `keys` satisfy
     * `is`: the inverse of yup's `when(keys, { is, then })`.
     */
    unless(keys: string | string[], is: SiblingCondition, then: (schema: this) => this): this;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- interface merging repeats yup's type parameters
  interface ArraySchema<TIn, TContext, TDefault, TFlags> {
    /**
     * No two items the same ('{path} cannot have duplicates.'). `by` picks what must differ
     * (e.g. a code out of a coding); items are compared as JSON, so equal objects are duplicates.
     */
    unique(message?: Message, by?: (item: any) => unknown): this;
  }
}

let registered = false;

/** Adds `requiredWhen`, `unless` and array `unique` to yup (once; `applyFormLocale` calls it). */
export function registerCustomRules(): void {
  if (registered) return;
  registered = true;

  // Both branches of a requiredWhen are fixed (required, or as it was), so which one applies
  // depends on `is` alone: strict-validity.ts keeps one resolved schema per answer of `is`.
  const decidedBy = (schema: AnySchemaOf, is: SiblingCondition) => {
    registerDecidingTest((schema as unknown as { conditions: object[] }).conditions.at(-1), is);
    return schema;
  };

  addMethod(
    Schema,
    'requiredWhen',
    function requiredWhen(this: AnySchemaOf, keys: string | string[], is: SiblingCondition, message?: Message) {
      return decidedBy(
        this.when(keys, { is, then: (schema: AnySchemaOf) => schema.required(message), otherwise: (schema: AnySchemaOf) => schema }),
        is,
      );
    },
  );

  addMethod(
    Schema,
    'unless',
    function unless(this: AnySchemaOf, keys: string | string[], is: SiblingCondition, then: (schema: AnySchemaOf) => AnySchemaOf) {
      return this.when(keys, { is, then: (schema: AnySchemaOf) => schema, otherwise: then });
    },
  );

  addMethod(
    ArraySchema,
    'unique',
    function unique(this: ArraySchema<any[] | null | undefined, unknown, unknown, Flags>, message?: Message, by?: (item: any) => unknown) {
      return this.test({
        name: 'unique',
        message: message ?? CUSTOM_FORM_MESSAGES.unique,
        skipAbsent: true,
        test(items) {
          if (!Array.isArray(items)) return true;
          const keys = items.map((item) => JSON.stringify(by ? by(item) : item));
          return new Set(keys).size === keys.length;
        },
      });
    },
  );
}
