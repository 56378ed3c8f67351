import { type FormMetadata, getFormProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import type { FormAnswer } from '../../+shared/forms.tsx'

/** A list page's "add" form in its own card: its title names the card and the button alike. */
export function CreateCard<Schema extends Record<string, unknown>>({
  id,
  title,
  form,
  answer,
  busy,
  children,
}: {
  id: string
  title: string
  form: FormMetadata<Schema, string[]>
  answer?: FormAnswer
  busy: boolean
  children: ReactNode
}) {
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Form method="post" className="content-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        {children}
        <button type="submit" className="button" disabled={busy}>
          {title}
        </button>
      </Form>
    </section>
  )
}
