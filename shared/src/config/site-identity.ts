/**
 * The ministry's identity: every name, address, link and figure the site shows
 * about the church itself. A church adopting the site edits this file (and the
 * sample content in api/content) and rebuilds; no screen hard-codes these.
 * No React here: the API reads it too (e-mails, share previews, seed data).
 */
import { theme } from '../ui/theme';

export const siteIdentity = {
  /** Full name, used in titles, share text and e-mails. */
  ministryName: 'Luminaries Christian Ministries',
  shortName: 'Luminaries',
  /** The installed app's colours (web app manifest, browser bar): the header's navy, the page's white. */
  appColors: { theme: theme.colors.primary, background: theme.colors.background },
  /** The fixed title carried by every share button. */
  shareTitle: 'Luminaries Christian Ministries — Daily Devotional',
  tagline: 'A people of light, for a world that needs it.',
  hero: {
    year: 2025,
    headline: '2025: The Year of the Luminaries',
    subline: 'Arise, shine, for your light has come. — Isaiah 60:1',
  },
  mission:
    'To raise a generation of luminaries who carry the light of Christ into every home, city and nation through the Word, prayer and love in action.',
  apostle: {
    title: 'Apostle',
    name: 'Samuel K. Adeyemi',
    shortName: 'Apostle Samuel',
    birthPlace: 'Ibadan, Nigeria',
    books: 10,
    songs: 80,
    photo: '/media/apostle.svg',
  },
  spouse: {
    title: 'Pastor',
    name: 'Grace Adeyemi',
    shortName: 'Pastor Grace',
    photo: '/media/spouse.svg',
  },
  members: '500,000',
  tvNetwork: { name: 'Luminaries TV', url: 'https://tv.example.org' },
  links: {
    podcast: 'https://podcast.example.org',
    liveStream: 'https://live.example.org',
    books: 'https://books.example.org',
    music: 'https://music.example.org',
    songs: 'https://music.example.org/songs',
  },
  contact: {
    address: '1200 Harbor Light Avenue, Wilmington, DE 19801, United States',
    phone: '+1 (302) 555-0142',
    email: 'contact@luminaries.example.org',
    adminEmail: 'admin@luminaries.example.org',
  },
  /** What every gift receipt and the yearly statement say of the gifts' tax standing (the church's own words). */
  giving: {
    taxNote:
      'Luminaries Christian Ministries is a nonprofit church: this gift is tax-deductible as the law allows. No goods or services were provided in exchange for it.',
  },
  social: {
    facebook: 'https://facebook.com/luminaries.example',
    youtube: 'https://youtube.com/@luminaries.example',
    instagram: 'https://instagram.com/luminaries.example',
    twitter: 'https://x.com/luminaries_example',
  },
  /**
   * The sermons' podcast (/sermons/podcast.xml). `artwork` is a square JPEG
   * or PNG of 1400 to 3000 pixels (what Apple Podcasts asks). Once the feed
   * is listed on Apple Podcasts and Spotify, put the show's addresses in
   * `appleUrl` and `spotifyUrl`; until then the Subscribe box opens the feed
   * in the Podcasts app and searches Spotify for the show.
   */
  podcast: {
    title: 'Luminaries Sermons',
    description:
      'Sunday messages from Luminaries Christian Ministries: the Word preached, verse by verse, for everyday life. New sermons every week.',
    author: 'Luminaries Christian Ministries',
    ownerEmail: 'contact@luminaries.example.org',
    category: 'Religion & Spirituality',
    subcategory: 'Christianity',
    language: 'en-us',
    artwork: '/media/podcast-artwork.jpg',
    appleUrl: null as string | null,
    spotifyUrl: null as string | null,
  },
  copyrightYear: 2025,
  legal: { governingLaw: 'Delaware', minimumAge: 18 },
  /**
   * The ministry's clock, an IANA time zone name. Every date and time the site
   * shows (devotional days, news dates, event dates and times, e-mails, share
   * previews) is given in this zone, whatever the visitor's or the server's.
   */
  timeZone: 'America/New_York',
  /** How prices are written ($60, $12.50): the locale and currency of the ministry's donors. */
  locale: 'en-US',
  currency: 'USD',
} as const;

export type SiteIdentity = typeof siteIdentity;
