import i18next from 'i18next'
import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { CardSummary, PaymeNotice } from '#app/components/profile/cards.tsx'
import ru from '../../locales/ru/cards.json' with { type: 'json' }
import sr from '../../locales/sr/cards.json' with { type: 'json' }
import uz from '../../locales/uz/cards.json' with { type: 'json' }

// Pieces of the profile cards page (app/components/profile/cards.tsx) rendered to HTML.
async function render(lang: 'ru' | 'uz' | 'sr', node: ReactNode) {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: { ru: { cards: ru }, uz: { cards: uz }, sr: { cards: sr } },
    ns: ['cards'],
    interpolation: { escapeValue: false },
  })
  return renderToString(createElement(I18nextProvider, { i18n }, node))
}

describe('profile cards page parts', () => {
  it('names Payme on the add form when Payme keeps the cards', async () => {
    const html = await render('ru', createElement(PaymeNotice))
    expect(html).toContain('Payme')
    expect(html).toContain('магазин не хранит её номер')
    expect(await render('sr', createElement(PaymeNotice))).toContain('Payme toʻlov tizimida')
  })

  it('shows the system, the masked number and the expiry of a card', async () => {
    const card = {
      id: 1,
      masked_number: '9860 **** **** 0002',
      expiry: '03/29',
      system: 'humo' as const,
      verified: true,
      phone: null,
    }
    const html = await render('uz', createElement(CardSummary, { card }))
    expect(html).toContain('Humo')
    expect(html).toContain('9860 **** **** 0002')
    expect(html).toContain('03/29 гача')
  })
})
