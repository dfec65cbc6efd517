/** Sample community data for the tests, shaped as the API answers it. */
import type { ChurchLocation, Comment, NewsItem, PageOf, Prayer, Story } from '@ministry/shared/types';
import { sampleUser } from '@ministry/shared/testing';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

export const esther = { _id: 'user-esther', firstname: 'Esther', lastname: 'Mensah', photo: null };
export const david = { _id: 'user-david', firstname: 'David', lastname: 'Okafor', photo: null };
export const me = { _id: sampleUser._id, firstname: sampleUser.firstname, lastname: sampleUser.lastname, photo: null };

export const prayers: Prayer[] = [
  {
    _id: 'prayer-1',
    user: esther,
    date: hoursAgo(3),
    text: 'Pray for my mother, who has surgery on Thursday.',
    status: 'published',
    anonymous: false,
    prayedCount: 2,
    iPrayed: false,
    answered: null,
    storyId: null,
  },
  {
    _id: 'prayer-2',
    user: david,
    date: hoursAgo(30),
    text: 'Pray for our youth camp.',
    status: 'published',
    anonymous: false,
    prayedCount: 0,
    iPrayed: false,
    answered: null,
    storyId: null,
  },
  {
    _id: 'prayer-3',
    user: null,
    date: hoursAgo(40),
    text: 'Pray for healing in my marriage.',
    status: 'published',
    anonymous: true,
    prayedCount: 1,
    iPrayed: false,
    answered: null,
    storyId: null,
  },
];

export const comment = (over: Partial<Comment> = {}): Comment => ({
  _id: 'comment-1',
  text: 'Praise God!',
  date: hoursAgo(1),
  user: esther,
  status: 'published',
  ...over,
});

export const story = (over: Partial<Story> = {}): Story => ({
  _id: 'story-1',
  user: david,
  content: 'Last year I lost my business. Today I signed the lease on a new shop.',
  createdAt: hoursAgo(5),
  nbLikes: 3,
  userLikesThis: false,
  comments: [comment()],
  status: 'published',
  answeredPrayer: null,
  ...over,
});

export const stories: Story[] = [
  story(),
  story({
    _id: 'story-2',
    user: esther,
    content: 'I was healed of back pain during the Night of Worship.',
    nbLikes: 1,
    comments: [],
  }),
];

export const topStories: Story[] = [
  story(),
  story({ _id: 'story-3', user: esther, content: 'My daughter now leads worship.', nbLikes: 2, comments: [] }),
  story({
    _id: 'story-2',
    user: esther,
    content: 'I was healed of back pain during the Night of Worship.',
    nbLikes: 1,
    comments: [],
  }),
];

export const news: NewsItem[] = [1, 2, 3, 4].map((n) => ({
  _id: `news-${n}`,
  title: `News item ${n}`,
  description: `What happened in week ${n}.`,
  photo: `/media/news-${n}.svg`,
  createdAt: '2026-11-15',
}));

export const locations: ChurchLocation[] = [
  {
    _id: 'church-1',
    church_name: 'Harbor Light Church',
    adress: '12 Harbor Street, Wilmington, DE',
    main_contact: ['+1 302 555 0101'],
    email: 'harbor@example.org',
    serviceTimes: [
      { name: 'First Service', weekday: 0, time: '08:00', language: 'English' },
      { name: 'Servicio en español', weekday: 0, time: '13:00', language: 'Spanish' },
      { name: 'Bible Study and Prayer', weekday: 3, time: '19:00', language: 'English' },
    ],
    parking: 'Free parking behind the church.',
    map: { latitude: 39.7391, longitude: -75.5398 },
  },
  {
    _id: 'church-2',
    church_name: 'Riverside Church',
    adress: '3 River Road, Dover, DE',
    main_contact: [],
    email: 'riverside@example.org',
    serviceTimes: [],
    parking: null,
    map: null,
  },
];

/** A list as one page of the API's answer (`{ data, paging }`); `page`/`pages` for a later page of a longer list. */
export const pageOf = <T>(data: T[], page = 1, pages = 1, pageSize = 24): PageOf<T> => ({
  data,
  paging: { page, pageSize, total: pages === 1 ? data.length : (pages - 1) * pageSize + data.length, pages },
});
