// What the brand list does not say: price level, fame, niche status and where
// the perfumes are actually made. Prices are typical Tashkent shelf prices in sum.

/** Price of 100 ml eau de toilette; everything else is scaled from it. */
const perfumePrice: Record<string, number> = {
  chanel: 2_300_000,
  dior: 2_000_000,
  'yves-saint-laurent': 1_700_000,
  'giorgio-armani': 1_600_000,
  'tom-ford': 3_200_000,
  versace: 1_100_000,
  lancome: 1_600_000,
  givenchy: 1_500_000,
  gucci: 1_500_000,
  prada: 1_600_000,
  'hugo-boss': 1_000_000,
  'carolina-herrera': 1_400_000,
  rabanne: 1_200_000,
  'jo-malone': 2_000_000,
  'dolce-gabbana': 1_300_000,
  guerlain: 1_900_000,
  hermes: 1_900_000,
  burberry: 1_200_000,
  'calvin-klein': 700_000,
  kenzo: 1_100_000,
  'nina-ricci': 900_000,
  montblanc: 900_000,
  bvlgari: 1_400_000,
  cartier: 1_800_000,
  chloe: 1_400_000,
  creed: 4_000_000,
  davidoff: 550_000,
  lacoste: 800_000,
  valentino: 1_600_000,
  'viktor-rolf': 1_600_000,
  'jean-paul-gaultier': 1_400_000,
  'marc-jacobs': 1_100_000,
  'narciso-rodriguez': 1_400_000,
  'issey-miyake': 1_100_000,
  'maison-francis-kurkdjian': 3_800_000,
  byredo: 3_000_000,
  'le-labo': 3_200_000,
  kilian: 3_500_000,
  montale: 1_600_000,
  mancera: 1_600_000,
  lattafa: 350_000,
  ajmal: 700_000,
  amouage: 3_600_000,
  zara: 300_000,
  azzaro: 1_000_000,
  mugler: 1_500_000,
  'ralph-lauren': 1_000_000,
  diesel: 800_000,
  'maison-margiela': 1_700_000,
  moschino: 900_000,
  'parfums-de-marly': 3_300_000,
  'acqua-di-parma': 2_200_000,
  penhaligons: 3_000_000,
  'frederic-malle': 3_800_000,
  'jimmy-choo': 1_000_000,
  'ariana-grande': 700_000,
  armaf: 400_000,
  'elizabeth-arden': 550_000,
  'victorias-secret': 600_000,
  clinique: 900_000,
  'estee-lauder': 1_200_000,
  loccitane: 900_000,
  'the-body-shop': 400_000,
  kiehls: 900_000,
}

/** Price of the larger size of a body product, for brands that are mainly body care. */
const bodyPrice: Record<string, number> = {
  nivea: 45_000,
  dove: 50_000,
  garnier: 55_000,
  'old-spice': 60_000,
  'the-body-shop': 180_000,
  loccitane: 250_000,
  'bath-and-body-works': 220_000,
  'sol-de-janeiro': 350_000,
  vichy: 200_000,
  'la-roche-posay': 230_000,
  bioderma: 190_000,
  weleda: 200_000,
  kiehls: 300_000,
  'elizabeth-arden': 250_000,
  'victorias-secret': 200_000,
  clinique: 280_000,
  'estee-lauder': 300_000,
}

const niche = new Set([
  'tom-ford',
  'creed',
  'maison-francis-kurkdjian',
  'byredo',
  'le-labo',
  'kilian',
  'amouage',
  'parfums-de-marly',
  'penhaligons',
  'frederic-malle',
  'montale',
  'mancera',
  'acqua-di-parma',
])

/** The brands shown first on the home page. */
export const popularBrands = new Set([
  'chanel',
  'dior',
  'yves-saint-laurent',
  'giorgio-armani',
  'tom-ford',
  'versace',
  'lancome',
  'givenchy',
  'gucci',
  'prada',
  'hugo-boss',
  'carolina-herrera',
  'rabanne',
  'dolce-gabbana',
  'creed',
])

// Licensed perfumes are often made far from the brand's home (Puig makes
// Carolina Herrera and Rabanne in Spain, Shiseido makes Issey Miyake in France).
const madeIn: Record<string, string> = {
  'carolina-herrera': 'ES',
  rabanne: 'ES',
  'narciso-rodriguez': 'FR',
  'issey-miyake': 'FR',
  montblanc: 'FR',
  'jimmy-choo': 'FR',
  creed: 'FR',
}

export const isNiche = (brandSlug: string) => niche.has(brandSlug)
export const perfumeBasePrice = (brandSlug: string) => perfumePrice[brandSlug] ?? 800_000
export const bodyBasePrice = (brandSlug: string) =>
  bodyPrice[brandSlug] ?? Math.min(380_000, Math.max(60_000, Math.round(perfumeBasePrice(brandSlug) * 0.15)))
export const countryOfMake = (brandSlug: string, brandCountry: string) => madeIn[brandSlug] ?? brandCountry
