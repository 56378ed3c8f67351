import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { languages } from '#contract/languages.ts'
import type { FormAnswer } from '../../+shared/forms.tsx'
import { ContentInput, LanguageLabel } from './fields.tsx'
import { ContentIntent } from './intents.ts'
import { RichTextEditor } from './rich-text-editor.tsx'
import type { LocalizedText } from './types.ts'

type Texts = { title: LocalizedText; body: LocalizedText }

/**
 * The title and rich-text body of a page or post in three languages, with
 * "save draft", "preview" and "publish" (the action: saveTexts).
 */
export function TextsForm({
  id,
  texts,
  answer,
  busy,
}: {
  id: string
  texts: Texts
  answer: FormAnswer | undefined
  busy: boolean
}) {
  const { t } = useTranslation('admin-content')
  const own = answer && answer.intent !== ContentIntent.settings ? answer : undefined
  const [form, fields] = useForm({ id, lastResult: own?.result, shouldValidate: 'onSubmit', defaultValue: texts })
  const title = fields.title.getFieldset()
  const body = fields.body.getFieldset()
  return (
    <Form method="post" className="admin-card content-form" {...getFormProps(form)}>
      <FormMessage toast={own?.toast} />
      <nav className="content-tabs" aria-label={t('languages.label')}>
        {languages.map((l) => (
          <a key={l} href={`#texts-${l}`}>
            {t(`languages.${l}`)}
            {!texts.title[l] || !texts.body[l] ? ` (${t('missing_translation')})` : ''}
          </a>
        ))}
      </nav>
      {languages.map((l) => (
        <fieldset key={l} id={`texts-${l}`} className="content-language">
          <legend>{t(`languages.${l}`)}</legend>
          <ContentInput
            field={title[l]!}
            label={<LanguageLabel lang={l} label={t('fields.title')} missing={!texts.title[l]} />}
            maxLength={200}
          />
          <RichTextEditor
            field={body[l]!}
            label={<LanguageLabel lang={l} label={t('fields.body')} missing={!texts.body[l]} />}
          />
        </fieldset>
      ))}
      <div className="admin-actions">
        <button type="submit" name="intent" value={ContentIntent.draft} className="admin-button" disabled={busy}>
          {t('save_draft')}
        </button>
        <button type="submit" name="intent" value={ContentIntent.preview} className="admin-button" disabled={busy}>
          {t('preview')}
        </button>
        <button type="submit" name="intent" value={ContentIntent.publish} className="button" disabled={busy}>
          {t('publish')}
        </button>
      </div>
    </Form>
  )
}
