/** Lists a page at a time: the query's schema and the `paging` that answers beside `data`. */
import type { Paging } from '@ministry/shared/types';

export type { Paging };

/** The deepest page asked for: far beyond any archive, short of a costly offset. */
export const PAGE_PARAM = { type: 'integer', minimum: 1, maximum: 10000 } as const;
/** A page's size, when a caller asks for one. */
export const LIMIT_PARAM = { type: 'integer', minimum: 1, maximum: 100 } as const;

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/** The page asked for (the first by default) and the offset of its first row. */
export function pageWindow(query: PageQuery, defaultSize: number): { page: number; pageSize: number; offset: number } {
  const pageSize = query.pageSize ?? defaultSize;
  const page = Math.max(1, query.page ?? 1);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export const pagingOf = (page: number, pageSize: number, total: number): Paging => ({
  page,
  pageSize,
  total,
  pages: Math.max(1, Math.ceil(total / pageSize)),
});
