import { routedPages } from '@ministry/shared/testing';
import app from '../app.json';
import { routes } from './routes';

it('routes every page its manifest declares to its own page', () => {
  expect(routedPages(app.pages, routes)).toEqual(app.pages.map((page) => [page.path, page.path]));
});
