import i18next from 'i18next'
import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { SavedCard } from '#api/types.ts'
import { chosenCard, SavedCardChoice } from '#app/components/checkout/saved-card-choice.tsx'
import { CardSummary, PaymeNotice } from '#app/components/profile/cards.tsx'
import ru from '../../locales/ru/cards.json' with { type: 'json' }
import checkoutRu from '../../locales/ru/checkout.json' with { type: 'json' }
import sr from '../../locales/sr/cards.json' with { type: 'json' }
import checkoutSr from '../../locales/sr/checkout.json' with { type: 'json' }
import uz from '../../locales/uz/cards.json' with { type: 'json' }
import checkoutUz from '../../locales/uz/checkout.json' with { type: 'json' }

// Pieces of the profile cards page (app/components/profile/cards.tsx) rendered to HTML.
async function render(lang: 'ru' | 'uz' | 'sr', node: ReactNode) {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: {
      ru: { cards: ru, checkout: checkoutRu },
      uz: { cards: uz, checkout: checkoutUz },
      sr: { cards: sr, checkout: checkoutSr },
    },
    ns: ['cards', 'checkout'],
    interpolation: { escapeValue: false },
  })
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(MemoryRouter, null, node)))
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
      created_at: '2026-01-01T00:00:00.000Z',
    }
    const html = await render('uz', createElement(CardSummary, { card }))
    expect(html).toContain('Humo')
    expect(html).toContain('9860 **** **** 0002')
    expect(html).toContain('03/29 гача')
  })
})

describe('saved card choice (checkout payment step, order page)', () => {
  const cards: SavedCard[] = [
    {
      id: 4,
      masked_number: '8600 **** **** 6311',
      expiry: '03/29',
      system: 'uzcard' as const,
      verified: true,
      phone: null,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    {
      id: 9,
      masked_number: '9860 **** **** 0002',
      expiry: '11/28',
      system: 'humo' as const,
      verified: true,
      phone: null,
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ]

  it('offers each saved card and a new one as radios, checked as chosen, with the Payme logo when Payme keeps them', async () => {
    const html = await render(
      'ru',
      createElement(SavedCardChoice, { lang: 'ru', cards, selected: chosenCard(cards, '9'), payme: true }),
    )
    expect(html).toContain('<legend>Какой картой оплатить</legend>')
    expect(html).toMatch(/<input type="radio" name="card_id" checked="" value="9"\/>/)
    expect(html).toMatch(/<input type="radio" name="card_id" value="4"\/>/)
    expect(html).toContain('value="new"')
    expect(html).toContain('8600 **** **** 6311')
    expect(html).toContain('до 11/28')
    expect(html).toContain('translate="no">Payme</strong>')
    const sandbox = await render(
      'sr',
      createElement(SavedCardChoice, { lang: 'sr', cards, selected: '4', payme: false }),
    )
    expect(sandbox).not.toContain('Payme')
    expect(sandbox).toContain('Yangi karta bilan')
  })

  it('with no saved card: a new card, checked, and the way to add one', async () => {
    const html = await render(
      'uz',
      createElement(SavedCardChoice, { lang: 'uz', cards: [], selected: chosenCard([], undefined), payme: true }),
    )
    expect(html).toMatch(/checked="" value="new"/)
    expect(html).toContain('href="/uz/profile/cards"')
    expect(html).toContain('Профилда карта қўшиш')
    expect(html).not.toContain('Payme')
  })

  it('keeps a chosen card only while it is saved; else the first card', () => {
    expect(chosenCard(cards, '9')).toBe('9')
    expect(chosenCard(cards, 'new')).toBe('new')
    expect(chosenCard(cards, '77')).toBe('4')
    expect(chosenCard(cards, undefined)).toBe('4')
    expect(chosenCard([], '4')).toBe('new')
  })
})
