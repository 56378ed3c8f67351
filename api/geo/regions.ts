import { TASHKENT_CITY } from '#contract/regions.ts'
import type { Lang, Localized } from '../http/locale.ts'

/** A region of Uzbekistan or a district of Tashkent city, by its SOATO code (REFERENCE-UZ.md). */
export type Place = { code: string; name: Localized }
export type Region = Place & { districts: Place[] }

const place = (code: string, sr: string, uz: string, ru: string): Place => ({ code, name: { sr, uz, ru } })

const tashkentDistricts: Place[] = [
  place('1726262', 'Uchtepa tumani', 'Учтепа тумани', 'Учтепинский район'),
  place('1726264', 'Bektemir tumani', 'Бектемир тумани', 'Бектемирский район'),
  place('1726266', 'Yunusobod tumani', 'Юнусобод тумани', 'Юнусабадский район'),
  place('1726269', 'Mirzo Ulugʻbek tumani', 'Мирзо Улуғбек тумани', 'Мирзо-Улугбекский район'),
  place('1726273', 'Mirobod tumani', 'Миробод тумани', 'Мирабадский район'),
  place('1726277', 'Shayxontohur tumani', 'Шайхонтоҳур тумани', 'Шайхантахурский район'),
  place('1726280', 'Olmazor tumani', 'Олмазор тумани', 'Алмазарский район'),
  place('1726283', 'Sirgʻali tumani', 'Сирғали тумани', 'Сергелийский район'),
  place('1726287', 'Yakkasaroy tumani', 'Яккасарой тумани', 'Яккасарайский район'),
  place('1726290', 'Yashnobod tumani', 'Яшнобод тумани', 'Яшнабадский район'),
  place('1726292', 'Yangihayot tumani', 'Янгиҳаёт тумани', 'Янгихаётский район'),
  place('1726294', 'Chilonzor tumani', 'Чилонзор тумани', 'Чиланзарский район'),
]

const region = (code: string, sr: string, uz: string, ru: string, districts: Place[] = []): Region => ({
  ...place(code, sr, uz, ru),
  districts,
})

/** The 14 regions in SOATO order. */
export const regions: readonly Region[] = [
  region('1703', 'Andijon viloyati', 'Андижон вилояти', 'Андижанская область'),
  region('1706', 'Buxoro viloyati', 'Бухоро вилояти', 'Бухарская область'),
  region('1708', 'Jizzax viloyati', 'Жиззах вилояти', 'Джизакская область'),
  region('1710', 'Qashqadaryo viloyati', 'Қашқадарё вилояти', 'Кашкадарьинская область'),
  region('1712', 'Navoiy viloyati', 'Навоий вилояти', 'Навоийская область'),
  region('1714', 'Namangan viloyati', 'Наманган вилояти', 'Наманганская область'),
  region('1718', 'Samarqand viloyati', 'Самарқанд вилояти', 'Самаркандская область'),
  region('1722', 'Surxondaryo viloyati', 'Сурхондарё вилояти', 'Сурхандарьинская область'),
  region('1724', 'Sirdaryo viloyati', 'Сирдарё вилояти', 'Сырдарьинская область'),
  region(TASHKENT_CITY, 'Toshkent shahri', 'Тошкент шаҳри', 'город Ташкент', tashkentDistricts),
  region('1727', 'Toshkent viloyati', 'Тошкент вилояти', 'Ташкентская область'),
  region('1730', 'Fargʻona viloyati', 'Фарғона вилояти', 'Ферганская область'),
  region('1733', 'Xorazm viloyati', 'Хоразм вилояти', 'Хорезмская область'),
  region('1735', 'Qoraqalpogʻiston Respublikasi', 'Қорақалпоғистон Республикаси', 'Республика Каракалпакстан'),
]

export const findRegion = (code: string) => regions.find((r) => r.code === code)

/** The district of a region: one of Tashkent's 12 codes, or (elsewhere) `null`. */
export const findDistrict = (regionCode: string, code: string) =>
  findRegion(regionCode)?.districts.find((d) => d.code === code)

export const regionView = (r: Region, lang: Lang) => ({
  code: r.code,
  name: r.name[lang],
  districts: r.districts.map((d) => ({ code: d.code, name: d.name[lang] })),
})
