import type { Shape } from './forms.ts'
import type { Text } from './text.ts'

// Banners and stories of the home page. Links are storefront paths without the
// language prefix; the storefront adds the visitor's language.

export type BannerSeed = { title: Text; subtitle: Text; link: string; hue: number; shape: Shape }
export type StoryItemSeed = { title: Text; link: string | null; shape: Shape }
export type StorySeed = { slug: string; title: Text; hue: number; shape: Shape; items: StoryItemSeed[] }

export const banners: BannerSeed[] = [
  {
    title: { ru: 'Ароматы для неё', uz: 'Аёллар учун ифорлар' },
    subtitle: { ru: 'Chanel, Dior, Lancôme и ещё десятки брендов', uz: 'Chanel, Dior, Lancôme ва яна ўнлаб брендлар' },
    link: '/products/category/womens-perfume',
    hue: 340,
    shape: 'bottle',
  },
  {
    title: { ru: 'Ароматы для него', uz: 'Эркаклар учун ифорлар' },
    subtitle: {
      ru: 'Свежие, древесные и пряные — выберите свой',
      uz: 'Тароватли, ёғочли ва зираворли — ўзингизникини танланг',
    },
    link: '/products/category/mens-perfume',
    hue: 210,
    shape: 'bottle',
  },
  {
    title: { ru: 'Подарочные наборы', uz: 'Совға тўпламлари' },
    subtitle: {
      ru: 'Красивая упаковка и доставка по Ташкенту в день заказа',
      uz: 'Чиройли қадоқ ва Тошкент бўйлаб буюртма кунидаёқ етказиш',
    },
    link: '/products/category/gift-sets',
    hue: 20,
    shape: 'box',
  },
  {
    title: { ru: 'Нишевая парфюмерия', uz: 'Ниша парфюмерияси' },
    subtitle: {
      ru: 'Редкие ароматы, которых нет в обычных магазинах',
      uz: 'Оддий дўконларда учрамайдиган ноёб ифорлар',
    },
    link: '/products/category/niche-perfume',
    hue: 280,
    shape: 'bottle',
  },
]

const item = (ru: string, uz: string, link: string | null, shape: Shape): StoryItemSeed => ({
  title: { ru, uz },
  link,
  shape,
})

// Post links point at the posts in their seeding order (ids 1–3 in a fresh database).
export const stories = (postLinks: string[]): StorySeed[] => [
  {
    slug: 'new',
    title: { ru: 'Новинки', uz: 'Янгиликлар' },
    hue: 160,
    shape: 'bottle',
    items: [
      item('Свежие поступления', 'Янги келган маҳсулотлар', '/products', 'bottle'),
      item('Ароматы унисекс', 'Унисекс ифорлар', '/products/category/unisex-perfume', 'bottle'),
      item('Новое для тела', 'Тана учун янгиликлар', '/products/category/body-mists', 'spray'),
    ],
  },
  {
    slug: 'sale',
    title: { ru: 'Скидки', uz: 'Чегирмалар' },
    hue: 350,
    shape: 'box',
    items: [
      item('Скидки до 40 %', '40 % гача чегирмалар', '/products', 'bottle'),
      item('Выгодные наборы', 'Фойдали тўпламлар', '/products/category/gift-sets', 'box'),
      item('Уход за телом со скидкой', 'Чегирмадаги тана парвариши', '/products/category/body-lotions', 'tube'),
    ],
  },
  {
    slug: 'for-her',
    title: { ru: 'Для неё', uz: 'Аёллар учун' },
    hue: 320,
    shape: 'bottle',
    items: [
      item('Цветочные ароматы', 'Гулли ифорлар', '/products/category/womens-perfume', 'bottle'),
      item('Спреи для тела', 'Тана учун спрейлар', '/products/category/body-mists', 'spray'),
      item('Лосьоны и кремы', 'Лосьон ва кремлар', '/products/category/body-lotions', 'jar'),
      item('Для ванны', 'Ванна учун', '/products/category/bath-foams', 'ball'),
    ],
  },
  {
    slug: 'for-him',
    title: { ru: 'Для него', uz: 'Эркаклар учун' },
    hue: 215,
    shape: 'bottle',
    items: [
      item('Свежие ароматы', 'Тароватли ифорлар', '/products/category/mens-perfume', 'bottle'),
      item('Гели для душа', 'Душ гельлари', '/products/category/shower-gels', 'tube'),
      item('Дезодоранты', 'Дезодорантлар', '/products/category/deodorants', 'spray'),
    ],
  },
  {
    slug: 'gifts',
    title: { ru: 'Подарки', uz: 'Совғалар' },
    hue: 30,
    shape: 'box',
    items: [
      item('Подарочные наборы', 'Совға тўпламлари', '/products/category/gift-sets', 'box'),
      item('Нишевые ароматы', 'Ниша ифорлари', '/products/category/niche-perfume', 'bottle'),
      item('Ароматное мыло', 'Хушбўй совун', '/products/category/soap', 'bar'),
      item('Соли и бомбочки', 'Туз ва бомбочкалар', '/products/category/bath-salts', 'ball'),
    ],
  },
  {
    slug: 'tips',
    title: { ru: 'Советы', uz: 'Маслаҳатлар' },
    hue: 100,
    shape: 'jar',
    items: [
      item('Аромат на лето', 'Ёз учун ифор', postLinks[0] ?? null, 'bottle'),
      item('EDT, EDP и духи', 'EDT, EDP ва атир', postLinks[1] ?? null, 'bottle'),
      item('Как продлить стойкость', 'Ифорни қандай узоқ сақлаш мумкин', postLinks[2] ?? null, 'spray'),
    ],
  },
]
