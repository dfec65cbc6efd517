import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { inSiteTimeZone } from '@ministry/shared/format';
import { Container, Logo, media, offscreenSkipped, theme } from '@ministry/shared/ui';

// The form (formik, yup and the shared schemas, ~28 KB gzip) loads only when
// the footer reaches the screen: no page needs it to become interactive.
const NewsletterForm = lazy(() => import('./NewsletterForm').then((m) => ({ default: m.NewsletterForm })));
const FormPlaceholder = styled.div`
  min-height: 44px;
`;

function NewsletterSlot() {
  const ref = useRef<HTMLDivElement>(null);
  // Always starts as a placeholder, so the browser's first render matches the server's HTML.
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '0px',
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <FormPlaceholder ref={ref} />;
  return (
    <Suspense fallback={<FormPlaceholder />}>
      <NewsletterForm />
    </Suspense>
  );
}

const Wrap = styled.footer`
  ${offscreenSkipped('560px')}
  /* On a phone the columns stack (about 1,150 px): an estimate short of that leaves the
     newsletter column outside the box while it is skipped, where its gold heading is
     read against the page's white. */
  ${media.mobile} {
    contain-intrinsic-block-size: auto 1200px;
  }
  background: #0e1830;
  color: rgba(255, 255, 255, 0.88);
  padding: 56px 0 24px;
  a {
    color: #fff;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  h2 {
    font-size: 1rem;
    color: ${theme.colors.accent};
    letter-spacing: 0.08em;
    text-transform: uppercase;
    margin-bottom: 16px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  address {
    font-style: normal;
    display: grid;
    gap: 8px;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1.4fr 1fr 1.2fr 1.4fr;
  gap: 40px;
  ${media.mobile} {
    grid-template-columns: 1fr;
    gap: 32px;
  }
`;

const Bottom = styled.div`
  border-top: 1px solid rgba(255, 255, 255, 0.15);
  margin-top: 40px;
  padding-top: 20px;
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 12px;
  font-size: 0.88rem;
`;

const Social = styled.ul`
  && {
    display: flex;
    gap: 10px;
    margin-top: 20px;
  }
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    border: 1px solid rgba(255, 255, 255, 0.35);
  }
`;

const QUICK_LINKS: [string, string][] = [
  ['/about', 'About'],
  ['/events', 'Events'],
  ['/calendar', 'Calendar'],
  ['/daily-devotion', 'Daily Devotion'],
  ['/community', 'Community'],
  ['/serve', 'Serve'],
  ['/groups', 'Small Groups'],
  ['/offering', 'Donations'],
  ['/news', 'Press'],
];

/** Each legal link jumps to its own section of /policies (anchors are the sections' titles, as PoliciesPage writes them). */
const LEGAL_LINKS: { label: string; to: string }[] = [
  { label: 'Terms', to: '/policies#conditions-of-use' },
  { label: 'Privacy Policy', to: '/policies#privacy-policy' },
  { label: 'Cookie Policy', to: '/policies#our-cookie-policy' },
  { label: 'Personal Info', to: '/policies#user-data-we-collect' },
];

const SOCIAL: { key: keyof typeof siteIdentity.social; label: string; path: string }[] = [
  { key: 'facebook', label: 'Facebook', path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z' },
  {
    key: 'youtube',
    label: 'YouTube',
    path: 'M22 8.2a3 3 0 0 0-2-2C18.3 5.8 12 5.8 12 5.8s-6.3 0-8 .4a3 3 0 0 0-2 2C1.6 10 1.6 12 1.6 12s0 2 .4 3.8a3 3 0 0 0 2 2c1.7.4 8 .4 8 .4s6.3 0 8-.4a3 3 0 0 0 2-2c.4-1.8.4-3.8.4-3.8s0-2-.4-3.8zM10 15.2V8.8l5.3 3.2z',
  },
  {
    key: 'instagram',
    label: 'Instagram',
    path: 'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM17 6a1 1 0 1 0 0 2 1 1 0 0 0 0-2zM12 3c-2.4 0-2.7 0-3.7.1C4.7 3.3 3.3 4.8 3.1 8.3 3 9.3 3 9.6 3 12s0 2.7.1 3.7c.2 3.5 1.6 5 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.5-.2 5-1.7 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.2-3.5-1.7-5-5.2-5.2C14.7 3 14.4 3 12 3z',
  },
  {
    key: 'twitter',
    label: 'X (Twitter)',
    path: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.3 4.7H5.5z',
  },
];

/** The site footer: quick links, contact, legal links, newsletter and social links. */
export function Footer() {
  const { contact, social, ministryName, tagline } = siteIdentity;
  // The year it is on the ministry's clock (rendered pages are renewed at least with each release and data change).
  const copyrightYear = inSiteTimeZone(Date.now()).year();
  return (
    <Wrap>
      <Container>
        <Columns>
          <section aria-labelledby="footer-about">
            <h2 id="footer-about" className="visually-hidden">
              {ministryName}
            </h2>
            <Logo light />
            <p>{tagline}</p>
            <Social aria-label="Social media">
              {SOCIAL.map((s) => (
                <li key={s.key}>
                  <a
                    href={social[s.key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${s.label} (opens in a new tab)`}
                  >
                    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d={s.path} fill="currentColor" />
                    </svg>
                  </a>
                </li>
              ))}
            </Social>
          </section>
          <nav aria-labelledby="footer-quick">
            <h2 id="footer-quick">Quick links</h2>
            <ul>
              {QUICK_LINKS.map(([to, label]) => (
                <li key={label}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contact</h2>
            <address>
              <span>{contact.address}</span>
              <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </address>
          </section>
          <section aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter">Newsletter</h2>
            <p>Devotionals, events and news from {siteIdentity.shortName}, once a week.</p>
            <NewsletterSlot />
          </section>
        </Columns>
        <Bottom>
          <span>
            © {copyrightYear} {ministryName}. All rights reserved.
          </span>
          <nav aria-label="Legal">
            <ul style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              {LEGAL_LINKS.map(({ label, to }) => (
                <li key={label}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </Bottom>
      </Container>
    </Wrap>
  );
}
