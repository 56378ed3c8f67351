import type { Text } from './text.ts'

export type GroupSeed = { slug: string; title: Text }

export type CategorySeed = {
  slug: string
  group: string
  title: Text
  inHeader: boolean
  inFooter: boolean
  isPopular: boolean
}

export const groups: GroupSeed[] = [
  { slug: 'perfume', title: { ru: 'Парфюмерия', uz: 'Парфюмерия' } },
  { slug: 'body-care', title: { ru: 'Уход за телом', uz: 'Тана парвариши' } },
  { slug: 'bath', title: { ru: 'Для ванны', uz: 'Ванна учун' } },
]

const category = (
  slug: string,
  group: string,
  title: Text,
  flags: { header?: boolean; footer?: boolean; popular?: boolean },
): CategorySeed => ({
  slug,
  group,
  title,
  inHeader: flags.header ?? false,
  inFooter: flags.footer ?? false,
  isPopular: flags.popular ?? false,
})

const all = { header: true, footer: true, popular: true }

export const categories: CategorySeed[] = [
  category('womens-perfume', 'perfume', { ru: 'Женская парфюмерия', uz: 'Аёллар парфюмерияси' }, all),
  category('mens-perfume', 'perfume', { ru: 'Мужская парфюмерия', uz: 'Эркаклар парфюмерияси' }, all),
  category('unisex-perfume', 'perfume', { ru: 'Парфюмерия унисекс', uz: 'Унисекс парфюмерия' }, all),
  category('niche-perfume', 'perfume', { ru: 'Нишевая парфюмерия', uz: 'Ниша парфюмерияси' }, all),
  category('gift-sets', 'perfume', { ru: 'Подарочные наборы', uz: 'Совға тўпламлари' }, all),
  category('shower-gels', 'body-care', { ru: 'Гели для душа', uz: 'Душ гельлари' }, all),
  category(
    'body-lotions',
    'body-care',
    { ru: 'Лосьоны и кремы для тела', uz: 'Тана учун лосьон ва кремлар' },
    {
      header: true,
      popular: true,
    },
  ),
  category('body-mists', 'body-care', { ru: 'Спреи для тела', uz: 'Тана учун спрейлар' }, { popular: true }),
  category('deodorants', 'body-care', { ru: 'Дезодоранты', uz: 'Дезодорантлар' }, {}),
  category('sun-care', 'body-care', { ru: 'Защита от солнца', uz: 'Қуёшдан ҳимоя' }, {}),
  category('shaving', 'body-care', { ru: 'Средства для бритья', uz: 'Соқол олиш воситалари' }, {}),
  category(
    'bath-foams',
    'bath',
    { ru: 'Пена и масла для ванны', uz: 'Ванна учун кўпик ва мойлар' },
    { header: true, popular: true },
  ),
  category('bath-salts', 'bath', { ru: 'Соли и бомбочки для ванны', uz: 'Ванна учун туз ва бомбочкалар' }, {}),
  category('soap', 'bath', { ru: 'Мыло', uz: 'Совун' }, {}),
]
