/**
 * JSON schemas of what the API answers (spec section 3), used as response
 * schemas: they document the shapes and make serialization fast.
 */
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;

export const authorSchema = {
  type: 'object',
  properties: { _id: str, firstname: str, lastname: str, photo: strOrNull },
} as const;

export const churchSchema = {
  type: 'object',
  properties: {
    _id: str,
    church_name: str,
    adress: str,
    main_contact: { type: 'array', items: str },
    email: str,
    serviceTimes: {
      type: 'array',
      items: { type: 'object', properties: { name: str, weekday: { type: 'integer' }, time: str, language: str } },
    },
    parking: strOrNull,
    map: { type: ['object', 'null'], properties: { latitude: { type: 'number' }, longitude: { type: 'number' } } },
  },
} as const;

export const eventSchema = {
  type: 'object',
  properties: {
    _id: str,
    title: str,
    description: str,
    photo: str,
    event_date: str,
    seat_price: { type: 'number' },
    numberOfSeats: { type: 'integer' },
    seatsLeft: { type: 'integer' },
    price_Id: strOrNull,
    place: { type: ['object', 'null'], properties: { name: strOrNull, address: str, churchId: strOrNull } },
    durationMinutes: { type: ['integer', 'null'] },
    cancelledAt: strOrNull,
  },
} as const;

export const articleSchema = {
  type: 'object',
  properties: { _id: str, title: str, description: str, photo: str, createdAt: str },
} as const;

export const devotionalSchema = {
  type: 'object',
  properties: {
    _id: str,
    slug: str,
    title: str,
    image: str,
    tag: str,
    tags: { type: 'array', items: str },
    verses: str,
    detail: str,
    timestamp: { type: 'integer' },
    created_at: str,
    createdAt: str,
  },
} as const;

const status = { type: 'string', enum: ['pending', 'published', 'rejected'] } as const;

export const prayerSchema = {
  type: 'object',
  properties: {
    _id: str,
    user: { type: ['object', 'null'], properties: authorSchema.properties },
    date: str,
    text: str,
    status,
    anonymous: { type: 'boolean' },
    prayedCount: { type: 'integer' },
    iPrayed: { type: 'boolean' },
    answered: { type: ['object', 'null'], properties: { date: str, note: str } },
    storyId: strOrNull,
  },
} as const;

export const commentSchema = {
  type: 'object',
  properties: { _id: str, text: str, date: str, user: authorSchema, status },
} as const;

export const storySchema = {
  type: 'object',
  properties: {
    _id: str,
    user: authorSchema,
    content: str,
    createdAt: str,
    nbLikes: { type: 'integer' },
    userLikesThis: { type: 'boolean' },
    comments: { type: 'array', items: commentSchema },
    status,
    answeredPrayer: strOrNull,
  },
} as const;

export const errorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: str, message: str, fields: { type: 'object', additionalProperties: str } },
    },
  },
} as const;

/** Which page of a list an answer holds (`paging` beside `data`). */
export const pagingSchema = {
  type: 'object',
  properties: {
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    total: { type: 'integer' },
    pages: { type: 'integer' },
  },
} as const;

/** `{ data: T }`. */
export const envelope = (schema: object) => ({ type: 'object', properties: { data: schema } }) as const;
export const listOf = (schema: object) => ({ type: 'array', items: schema }) as const;

/** The error answers a route may give, for its schema. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorSchema]));

/** A gift in the member's giving history. */
export const giftSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    date: { type: 'string' },
    type: { type: 'string' },
    typeLabel: { type: 'string' },
    frequency: { type: 'string', enum: ['once', 'weekly', 'monthly'] },
    recurring: { type: 'boolean' },
    amount: { type: 'number' },
    feeCovered: { type: ['number', 'null'] },
    status: { type: 'string', enum: ['paid', 'refunded'] },
  },
} as const;

/** A weekly or monthly gift of the member, with its next date (null once stopped). */
export const recurringGiftSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    type: { type: 'string' },
    typeLabel: { type: 'string' },
    frequency: { type: 'string', enum: ['weekly', 'monthly'] },
    amount: { type: 'number' },
    startedAt: { type: 'string' },
    lastGiftAt: { type: 'string' },
    nextDate: { type: ['string', 'null'] },
    cancelledAt: { type: ['string', 'null'] },
    provider: { type: 'string' },
  },
} as const;
