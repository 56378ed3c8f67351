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
