import type { ArticleKind } from '@ministry/shared/types';

/** How the staff pages name and link each kind of article. */
export const ARTICLE_TEXT: Record<
  ArticleKind,
  {
    title: string;
    one: string;
    newTitle: string;
    base: string;
    intro: string;
    editorIntro: string;
    publicPath: (id: string) => string;
  }
> = {
  news: {
    title: 'News',
    one: 'news item',
    newTitle: 'New news item',
    base: '/admin/news',
    intro:
      'The news page and the home page’s recent news. An item dated ahead and published goes out on its day, without anyone acting.',
    editorIntro: 'A title, a few paragraphs and a photo, for the news page and the home page.',
    publicPath: (id) => `/news?item=${encodeURIComponent(id)}`,
  },
  press: {
    title: 'Press releases',
    one: 'press release',
    newTitle: 'New press release',
    base: '/admin/press',
    intro:
      'Official statements for the press page and the home page’s Latest News. One dated ahead and published goes out on its day.',
    editorIntro: 'An official statement: a title, its text and a photo.',
    publicPath: (id) => `/press?release=${encodeURIComponent(id)}`,
  },
};
