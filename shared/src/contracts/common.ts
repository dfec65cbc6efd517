/** What every answer shares: the error body (DESIGN section 2) and a list's `paging`. */
import { Type } from '@sinclair/typebox';
import { StringMap } from './schema';

export const ApiErrorContract = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String(), fields: Type.Optional(StringMap()) }),
});

/** Which page of a list an answer holds (`paging` beside `data`). */
export const PagingContract = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});

/** An answer that only says it was done: `{ ok: true }`. */
export const OkContract = Type.Object({ ok: Type.Boolean() });

/** An answer that says it was done, and what to tell the person (signing up, a code or link mailed, an account deleted). */
export const OkMessageContract = Type.Object({ ok: Type.Boolean(), message: Type.String() });
