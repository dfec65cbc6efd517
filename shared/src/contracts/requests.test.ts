/**
 * A request body meets its route's schema (these contracts) and the forms'
 * yup rules: the two must agree on what they share, or a body one lets
 * through would be refused by the other with a message no form shows.
 */
import type { TObject } from '@sinclair/typebox';
import type { AnyObjectSchema, SchemaDescription, SchemaFieldDescription } from 'yup';
import {
  answeredSchema,
  articleInputSchema,
  devotionalInputSchema,
  eventCategorySchema,
  newsletterSchema,
  staffEventSchema,
  visitSchema,
  checkoutSessionSchema,
  commentSchema,
  forgotPasswordSchema,
  locationSchema,
  loginSchema,
  mediaUploadSchema,
  prayerSchema,
  signInCodeRequestSchema,
  signInCodeSchema,
  sermonInputSchema,
  seriesInputSchema,
  speakerInputSchema,
  signupSchema,
  storySchema,
  updateBasicSchema,
  updateSecuritySchema,
} from '../validation';
import {
  AnsweredBody,
  ArticleBody,
  DevotionalBody,
  NewsletterBody,
  StaffEventBody,
  VisitBody,
  CheckoutBody,
  CommentBody,
  ForgotPasswordBody,
  LocationBody,
  LoginBody,
  MediaUploadBody,
  PostEditBody,
  PrayerBody,
  SignInCodeBody,
  SignInCodeRequestBody,
  SermonBody,
  SeriesBody,
  SignupBody,
  SpeakerBody,
  StoryBody,
  UpdateBasicBody,
  UpdateSecurityBody,
} from './index';

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  maxLength?: number;
  required?: string[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
};

/** Each body, its form rules, and the fields only the route reads. */
const BODIES: [string, TObject, AnyObjectSchema, string[]][] = [
  ['signup', SignupBody, signupSchema, []],
  ['login', LoginBody, loginSchema, ['remember']],
  ['basic info', UpdateBasicBody, updateBasicSchema, []],
  ['security', UpdateSecurityBody, updateSecuritySchema, []],
  ['forgot password', ForgotPasswordBody, forgotPasswordSchema, []],
  ['sign-in code request', SignInCodeRequestBody, signInCodeRequestSchema, []],
  ['sign-in code', SignInCodeBody, signInCodeSchema, ['remember']],
  ['church', LocationBody, locationSchema, []],
  ['prayer', PrayerBody, prayerSchema, []],
  ['story', StoryBody, storySchema, []],
  ['comment', CommentBody, commentSchema, ['user']],
  ['answered prayer', AnsweredBody, answeredSchema, []],
  ['post edit', PostEditBody, prayerSchema.pick(['text']), []],
  ['checkout', CheckoutBody, checkoutSessionSchema, []],
  ['sermon', SermonBody, sermonInputSchema, []],
  ['sermon series', SeriesBody, seriesInputSchema, []],
  ['speaker', SpeakerBody, speakerInputSchema, []],
  ['media upload', MediaUploadBody, mediaUploadSchema, []],
  ['staff event', StaffEventBody, staffEventSchema.concat(eventCategorySchema), []],
  ['devotional', DevotionalBody, devotionalInputSchema, []],
  ['news or press article', ArticleBody, articleInputSchema, []],
  ['newsletter sign-up', NewsletterBody, newsletterSchema, []],
  ['visit', VisitBody, visitSchema, []],
];

/** The JSON types a yup type is read from. */
const JSON_TYPES: Record<string, string[]> = {
  string: ['string'],
  number: ['number', 'integer'],
  boolean: ['boolean'],
  array: ['array'],
  object: ['object'],
};

const typesOf = (schema: JsonSchema): string[] =>
  schema.anyOf ? schema.anyOf.flatMap(typesOf) : Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
const maxOf = (rule: SchemaDescription) => rule.tests.find((t) => t.name === 'max')?.params?.max;

function compare(where: string, route: JsonSchema, rules: Record<string, SchemaFieldDescription>, routeOnly: string[]) {
  const routeFields = Object.keys(route.properties ?? {}).filter((name) => !routeOnly.includes(name));
  expect(`${where}: ${routeFields.sort().join(', ')}`).toBe(`${where}: ${Object.keys(rules).sort().join(', ')}`);
  // A missing field is the form's to name ("Required"), never the schema's.
  expect(route.required ?? []).toEqual([]);
  for (const [name, described] of Object.entries(rules)) {
    const rule = described as SchemaDescription & {
      innerType?: SchemaDescription & { fields?: Record<string, SchemaFieldDescription> };
    };
    const field = route.properties![name]!;
    const types = typesOf(field);
    if (types.length) {
      expect(`${where}.${name}: ${JSON_TYPES[rule.type]!.some((t) => types.includes(t))}`).toBe(`${where}.${name}: true`);
      // A field the rules may go without keeps its null for them (the schema would read it as '' or 0).
      if (rule.optional)
        expect(`${where}.${name} takes null: ${types.includes('null')}`).toBe(`${where}.${name} takes null: true`);
    }
    // The schema checks a length only as the rules do, with the same limit.
    if (field.maxLength !== undefined)
      expect(`${where}.${name} max ${field.maxLength}`).toBe(`${where}.${name} max ${maxOf(rule)}`);
    if (rule.type === 'array' && rule.innerType?.fields && field.items)
      compare(`${where}.${name}[]`, field.items, rule.innerType.fields, []);
  }
}

describe('request bodies: route schemas and form rules', () => {
  it.each(BODIES)('%s: the same fields, types and lengths', (where, route, rules, routeOnly) => {
    compare(where, route as JsonSchema, rules.describe().fields, routeOnly);
  });

  it('checks the lengths the rules check on the text as sent', () => {
    expect((SignupBody.properties.password as JsonSchema).maxLength).toBe(200);
    expect((SignupBody.properties.source as JsonSchema).maxLength).toBe(300);
    expect((StoryBody.properties.prayer as JsonSchema).maxLength).toBe(100);
  });
});
