/**
 * JSON schemas of what the API answers (spec section 3), used as response
 * schemas: they document the shapes and make serialization fast.
 */
import {
  ApiErrorContract,
  ArticleContract,
  AuthorContract,
  BookingContract,
  ChurchLocationContract,
  CommentContract,
  DevotionalContract,
  EventCalendarContract,
  EventSeriesContract,
  EventContract,
  GiftContract,
  MyTicketContract,
  MyBookingContract,
  TicketPassContract,
  MyPostContract,
  OkContract,
  OkMessageContract,
  PagingContract,
  PendingPostContract,
  PrayerContract,
  QueuedPostContract,
  RecurringGiftContract,
  StoryContract,
  UserContract,
  YearThemeContract,
} from '@ministry/shared/contracts';

/**
 * A contract as an answer's schema. The answers' schemas have never listed
 * `required`: fast-json-stringify leaves out a field that is not there
 * rather than failing the answer, and so it stays (the TypeScript types, from
 * the same contracts, are what keep the fields there). A plain copy, without
 * TypeBox's symbols.
 */
export function answerSchema<T extends object>(contract: T): T {
  return JSON.parse(
    JSON.stringify(contract, (key, value: unknown) => (key === 'required' && Array.isArray(value) ? undefined : value)),
  );
}

export const authorSchema = answerSchema(AuthorContract);
export const userSchema = answerSchema(UserContract);
export const churchSchema = answerSchema(ChurchLocationContract);
/** An event: its contract's fields and the calendar's (end, category). */
export const eventSchema = (() => {
  const event = answerSchema(EventContract);
  return {
    ...event,
    properties: {
      ...event.properties,
      ...answerSchema(EventCalendarContract).properties,
      ...answerSchema(EventSeriesContract).properties,
    },
  };
})();
export const articleSchema = answerSchema(ArticleContract);
export const yearThemeSchema = answerSchema(YearThemeContract);
export const devotionalSchema = answerSchema(DevotionalContract);
export const prayerSchema = answerSchema(PrayerContract);
export const commentSchema = answerSchema(CommentContract);
export const storySchema = answerSchema(StoryContract);
export const myPostSchema = answerSchema(MyPostContract);
export const pendingPostSchema = answerSchema(PendingPostContract);
export const queuedPostSchema = answerSchema(QueuedPostContract);
export const errorSchema = answerSchema(ApiErrorContract);

/** Which page of a list an answer holds (`paging` beside `data`). */
export const pagingSchema = answerSchema(PagingContract);

/** `{ data: T }`. */
export const envelope = (schema: object) => ({ type: 'object', properties: { data: schema } }) as const;
export const listOf = (schema: object) => ({ type: 'array', items: schema }) as const;
/** `{ data: { ok } }`: an answer that only says it was done. */
export const okAnswer = envelope(answerSchema(OkContract));
/** `{ data: { ok, message } }`: done, and what to tell the person. */
export const okMessageAnswer = envelope(answerSchema(OkMessageContract));

/** The error answers a route may give, for its schema. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorSchema]));

export const bookingSchema = answerSchema(BookingContract);
export const myTicketSchema = answerSchema(MyTicketContract);
export const myBookingSchema = answerSchema(MyBookingContract);
export const ticketPassSchema = answerSchema(TicketPassContract);
export const giftSchema = answerSchema(GiftContract);
export const recurringGiftSchema = answerSchema(RecurringGiftContract);
