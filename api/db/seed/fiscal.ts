import type { FormKey } from './forms.ts'

/**
 * Demo fiscal codes per kind of product: the IKPU (MXIK, 17 digits, built on
 * the HS heading: 3303 perfumes, 3304 skin care, 3307 deodorants and bath
 * preparations, 3401 soap and shower gels) and a package code. A real shop
 * takes both from its own tasnif.soliq.uz catalogue card.
 */
const byHeading = {
  perfume: { ikpu: '03303001001000000', packageCode: '1501534' },
  skinCare: { ikpu: '03304009001000000', packageCode: '1502813' },
  deodorant: { ikpu: '03307002001000000', packageCode: '1505211' },
  bath: { ikpu: '03307003001000000', packageCode: '1505237' },
  showerGel: { ikpu: '03401003001000000', packageCode: '1506455' },
  soap: { ikpu: '03401001001000000', packageCode: '1506396' },
} as const

const headingOf: Record<FormKey, keyof typeof byHeading> = {
  edt: 'perfume',
  edp: 'perfume',
  parfum: 'perfume',
  extrait: 'perfume',
  'body-mist': 'perfume',
  aftershave: 'perfume',
  'shower-gel': 'showerGel',
  'shower-cream': 'showerGel',
  'shower-oil': 'showerGel',
  'body-lotion': 'skinCare',
  'body-cream': 'skinCare',
  'body-oil': 'skinCare',
  'hand-cream': 'skinCare',
  sunscreen: 'skinCare',
  deodorant: 'deodorant',
  'bath-foam': 'bath',
  'bath-oil': 'bath',
  'bath-milk': 'bath',
  'bath-salt': 'bath',
  'bath-bomb': 'bath',
  soap: 'soap',
}

export const fiscalCodes = (form: FormKey): { ikpu: string; packageCode: string } => byHeading[headingOf[form]]
