import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { RichHtml } from '#app/components/catalogue/rich-text.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { Icon } from '#app/components/icon.tsx'
import { mapHref, telHref } from '#app/components/shell/contact-links.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { orNull } from '#app/utils/api-errors.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { absoluteUrl, breadcrumbLd, seoMeta, siteName } from '#app/utils/seo.ts'
import type { Route } from './+types/contact'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const api = context.get(apiClientContext)
  const t = serverT(context, 'catalogue')
  const [contacts, page] = await Promise.all([api.get('settings/contacts/'), orNull(api.get('pages/contact/'))])
  const origin = siteOrigin(request)
  const title = t('contact.title')
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: title, to: `/${lang}/contact` },
  ]
  const phones = [contacts.phone, contacts.phone2].filter(Boolean)
  const seo = {
    title: t('contact.meta_title'),
    description: t('contact.meta_description', { phone: contacts.phone, address: contacts.address }),
    url: absoluteUrl(origin, `/${lang}/contact`),
    lang,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Store',
        name: siteName,
        url: absoluteUrl(origin, `/${lang}`),
        telephone: phones,
        ...(contacts.email ? { email: contacts.email } : {}),
        address: { '@type': 'PostalAddress', streetAddress: contacts.address, addressCountry: 'UZ' },
        geo: { '@type': 'GeoCoordinates', latitude: contacts.latitude, longitude: contacts.longitude },
        sameAs: [contacts.facebook, contacts.instagram, contacts.telegram].filter(Boolean),
      },
      breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) }))),
    ],
  }
  return data(
    { lang, title, contacts, text: page?.body ?? null, crumbs, seo },
    { headers: catalogueLoaderHeaders(request, lang) },
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function Contact({ loaderData: { title, contacts, text, crumbs } }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue')
  const phones = [contacts.phone, contacts.phone2].filter(Boolean)
  return (
    <main id="main" className="container text-page">
      <Breadcrumbs crumbs={crumbs} />
      <h1>{title}</h1>
      <dl className="contact-list">
        {phones.length ? (
          <div>
            <dt>{t('contact.phones')}</dt>
            <dd>
              {phones.map((phone) => (
                <a key={phone} href={telHref(phone)} className="contact-link">
                  <Icon name="phone" />
                  {phone}
                </a>
              ))}
            </dd>
          </div>
        ) : null}
        {contacts.telegram ? (
          <div>
            <dt>Telegram</dt>
            <dd>
              <a href={contacts.telegram} className="contact-link" target="_blank" rel="noopener noreferrer">
                <Icon name="telegram" />
                {t('contact.telegram')}
              </a>
            </dd>
          </div>
        ) : null}
        {contacts.email ? (
          <div>
            <dt>{t('contact.email')}</dt>
            <dd>
              <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('contact.address')}</dt>
          <dd>
            {contacts.address}
            <br />
            <a href={mapHref(contacts)} target="_blank" rel="noopener noreferrer" className="contact-link">
              <Icon name="pin" />
              {t('contact.map')}
            </a>
          </dd>
        </div>
        {contacts.instagram || contacts.facebook ? (
          <div>
            <dt>{t('contact.social')}</dt>
            <dd className="link-row">
              {contacts.instagram ? (
                <a href={contacts.instagram} target="_blank" rel="noopener noreferrer" className="contact-link">
                  <Icon name="instagram" />
                  Instagram
                </a>
              ) : null}
              {contacts.facebook ? (
                <a href={contacts.facebook} target="_blank" rel="noopener noreferrer" className="contact-link">
                  <Icon name="facebook" />
                  Facebook
                </a>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {contacts.pickup_points.length ? (
        <section aria-labelledby="pickup-points">
          <h2 id="pickup-points">{t('contact.pickup_points')}</h2>
          <ul className="pickup-points">
            {contacts.pickup_points.map((point) => (
              <li key={point.id}>
                <strong>{point.name}</strong>
                <br />
                {point.address}
                <br />
                {t('contact.hours', { hours: point.hours })}
                <br />
                <a href={mapHref(point)} target="_blank" rel="noopener noreferrer" className="contact-link">
                  <Icon name="pin" />
                  {t('contact.map')}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {text ? <RichHtml html={text} /> : null}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
