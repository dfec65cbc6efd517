/** Sample news items and press releases, seeded on first start. */
export interface ArticleSeed {
  title: string;
  description: string;
  photo: string;
  /** ISO date. */
  createdAt: string;
}

export const newsSeeds: ArticleSeed[] = [
  {
    title: 'New branch opens in Wilmington East',
    description:
      'After two years of house fellowships, the Wilmington East congregation moved into its own building this month. The first Sunday service welcomed more than four hundred people, with a dedication led by Apostle Samuel and the branch pastors. Weekly services now run on Sundays at 9 and 11 a.m., with a midweek Bible study on Wednesdays.',
    photo: '/media/news-1.svg',
    createdAt: '2026-11-15',
  },
  {
    title: 'Thanksgiving food drive feeds 1,200 families',
    description:
      'Volunteers from every branch packed and delivered food boxes to 1,200 families across the city in the week before Thanksgiving. The drive, run with local shelters and schools, is the largest the ministry has organised, and donations are still being received for the Christmas drive.',
    photo: '/media/news-2.svg',
    createdAt: '2026-11-10',
  },
  {
    title: 'Luminaries TV launches a daily devotional show',
    description:
      'Luminaries TV now airs a fifteen-minute devotional every morning at 6 a.m., presented by ministers from the branches. Episodes are also available on demand on the network’s website and the ministry’s podcast.',
    photo: '/media/news-3.svg',
    createdAt: '2026-11-02',
  },
  {
    title: 'Youth choir wins the regional gospel festival',
    description:
      'The Luminaries youth choir took first place at the regional gospel music festival with an arrangement of “Arise, Shine” written by one of its members. The choir will perform at the 2027 conference.',
    photo: '/media/news-4.svg',
    createdAt: '2026-10-24',
  },
  {
    title: 'Free health screening at the Harbor Light campus',
    description:
      'Medical professionals in the church offered free blood pressure, diabetes and eye screenings to more than 300 neighbours on Saturday. Follow-up appointments were arranged with partner clinics for those who needed them.',
    photo: '/media/news-5.svg',
    createdAt: '2026-10-12',
  },
  {
    title: 'Apostle Samuel’s tenth book released',
    description:
      'Walking as Luminaries, the tenth book by Apostle Samuel K. Adeyemi, is now available in print and e-book. It gathers a year of teaching on light, holiness and service, with study questions for small groups.',
    photo: '/media/news-6.svg',
    createdAt: '2026-09-30',
  },
  {
    title: 'Back-to-school backpacks for 800 children',
    description:
      'The children’s ministry distributed 800 backpacks filled with school supplies, with a prayer of blessing for students and teachers at every branch.',
    photo: '/media/news-7.svg',
    createdAt: '2026-09-05',
  },
  {
    title: 'Prayer week draws record attendance',
    description:
      'The annual week of prayer and fasting saw record attendance in person and online, with daily early-morning sessions and a closing night of thanksgiving.',
    photo: '/media/news-8.svg',
    createdAt: '2026-08-21',
  },
];

export const pressSeeds: ArticleSeed[] = [
  {
    title: 'Luminaries Christian Ministries announces the 2027 conference',
    description:
      'The ministry will host its annual conference from March 18 to 20, 2027, with guest speakers from five nations, a leaders’ track and a children’s program. Registration is open on the events page.',
    photo: '/media/press-1.svg',
    createdAt: '2026-11-18',
  },
  {
    title: 'Statement on the community partnership with city shelters',
    description:
      'The ministry has signed a two-year partnership with three city shelters to provide meals, mentoring and job-readiness classes, funded by the charitable giving of members.',
    photo: '/media/press-2.svg',
    createdAt: '2026-10-28',
  },
  {
    title: 'New youth centre to open in spring',
    description:
      'Construction has begun on a youth centre beside the Harbor Light campus, with study rooms, a music studio and a sports hall, open to all young people of the neighbourhood.',
    photo: '/media/press-3.svg',
    createdAt: '2026-10-01',
  },
  {
    title: 'Luminaries TV expands to two new regions',
    description:
      'The ministry’s television network is now carried by cable providers in two further regions, bringing its programs to an estimated two million more households.',
    photo: '/media/press-4.svg',
    createdAt: '2026-09-12',
  },
  {
    title: 'Annual report: a year of giving',
    description:
      'The ministry’s annual report shows that 38% of all giving went to outreach, including food drives, scholarships and disaster relief, with independent accounts available on request.',
    photo: '/media/press-5.svg',
    createdAt: '2026-08-30',
  },
  {
    title: 'Pastor Grace Adeyemi to lead national women’s summit',
    description:
      'Pastor Grace Adeyemi has been invited to lead the national women’s leadership summit in June, speaking on faith, family and leadership.',
    photo: '/media/press-6.svg',
    createdAt: '2026-07-15',
  },
];

/** The theme of the year the site starts in, shown at the top of the home page (the staff set each year's on /admin). */
export const yearThemeSeed = {
  title: 'The Year of the Luminaries',
  verse: 'Arise, shine, for your light has come. — Isaiah 60:1',
};
