import type { FieldMetadata } from '@conform-to/react'
import type { z } from 'zod'

/**
 * A form's fields as conform sees them: the names of the schema's fields (plus
 * `Extra`, e.g. a file input the schema does not parse), each holding the text
 * an input holds, and a nested object (a title in three languages) holding
 * those of its own fields. `useForm<FormFields<typeof schema>>()` then refuses
 * a field the schema no longer has. Types only: no zod reaches the page.
 */
export type FormFields<S extends z.ZodType, Extra extends string = never> = {
  [K in FormField<S> | Extra]: K extends FormField<S> ? Texts<NonNullable<z.input<S>[K]>> : string
}

/** What the inputs of a value hold: text, or an object's (or a list's) fields each as text. */
type Texts<T> = T extends readonly (infer E)[]
  ? Texts<NonNullable<E>>[]
  : T extends object
    ? { [K in keyof T]-?: Texts<NonNullable<T[K]>> }
    : string

/** The name of one of the schema's fields. */
export type FormField<S extends z.ZodType> = keyof z.input<S> & string

/**
 * The name conform gives a field of the schema, nested ones too (`address.region`,
 * `items[0].quantity`): `const name: FieldName<typeof schema> = 'address.region'`
 * is checked against the schema. Types only.
 */
export type FieldName<S extends z.ZodType> = Names<NonNullable<z.input<S>>, ''>

type Names<T, Prefix extends string> = T extends readonly (infer E)[]
  ? Names<NonNullable<E>, `${Prefix}[${number}]`>
  : T extends object
    ? { [K in keyof T & string]-?: Names<NonNullable<T[K]>, Prefix extends '' ? K : `${Prefix}.${K}`> }[keyof T &
        string]
    : Prefix

/**
 * A field of any form, as the components that show one take it: a text
 * (`FieldOf`), or a nested one (`FieldOf<Localized>`, whose fieldset holds its texts).
 */
export type FieldOf<Schema = string> = FieldMetadata<Schema, Record<string, unknown>, string[]>
