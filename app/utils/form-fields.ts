import type { z } from 'zod'

/**
 * A form's fields as conform sees them: the names of the schema's fields (plus
 * `Extra`, e.g. a file input the schema does not parse), each holding the text
 * an input holds. `useForm<FormFields<typeof schema>>()` then refuses a field
 * the schema no longer has. Types only: no zod reaches the page.
 */
export type FormFields<S extends z.ZodType, Extra extends string = never> = {
  [K in FormField<S> | Extra]: string
}

/** The name of one of the schema's fields. */
export type FormField<S extends z.ZodType> = keyof z.input<S> & string
