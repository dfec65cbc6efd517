/**
 * Request bodies checked by their route's schema (the contracts in
 * `@ministry/shared/contracts`) and by the forms' rules: the forms' messages
 * still come first, a path or a body that is no object still ends the request
 * before anything else, and the answers' schemas still leave out what is
 * missing rather than failing.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { checkoutSessionSchema, fieldErrors, prayerSchema as prayerRules, updateBasicSchema } from '@ministry/shared/validation';
import type { AnyObjectSchema } from 'yup';
import * as answers from '../src/schemas/entities.js';
import { createMember, describeEachDatabase, json } from './helpers.js';

/** What the test asks of a form's rules (each form's schema has its own shape). */
type FormRules = Pick<AnyObjectSchema, 'validate'>;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** What the form rules alone say of a body (the message the API has always answered). */
async function formMessage(rules: FormRules, body: object): Promise<string> {
  try {
    await rules.validate(body, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    return Object.values(fieldErrors(error))[0] ?? 'The request is not valid.';
  }
  throw new Error('the form rules took the body');
}

it('answer schemas list no required field: a field missing from an answer is left out, as it always was', () => {
  const withRequired = Object.entries(answers).filter(
    ([, value]) => typeof value === 'object' && JSON.stringify(value).includes('"required"'),
  );
  assert.deepEqual(
    withRequired.map(([name]) => name),
    [],
  );
});

describeEachDatabase('request bodies', (ctx) => {
  let ada: Awaited<ReturnType<typeof createMember>>;
  const app = (): FastifyInstance => ctx().app;

  before(async () => {
    ada = await createMember(app());
  });

  it('a body the form rules refuse gets their message, whatever the schema made of it', async () => {
    for (const [url, method, rules, body] of [
      [`/api/prayers/add/${ada.id}`, 'POST', prayerRules, { text: { not: 'text' } }],
      // The schema reads a one-item list as its item; the form rules still see the list, as sent.
      [`/api/prayers/add/${ada.id}`, 'POST', prayerRules, { text: ['For the harvest'] }],
      [`/api/prayers/add/${ada.id}`, 'POST', prayerRules, { text: '', anonymous: 'perhaps' }],
      [`/api/user/updateBasic/${ada.id}`, 'PUT', updateBasicSchema, { firstname: null, seniority: 'many' }],
      [
        '/api/payment/create-checkout-session',
        'POST',
        checkoutSessionSchema,
        { user: ada.id, event: 'e', items: [{ quantity: 'two' }] },
      ],
      [
        '/api/payment/create-checkout-session',
        'POST',
        checkoutSessionSchema,
        { user: ada.id, event: 'e', items: [{ quantity: 1.5 }] },
      ],
      ['/api/payment/create-checkout-session', 'POST', checkoutSessionSchema, { user: ada.id, event: 'e', items: 'two' }],
    ] as const) {
      const res = await app().inject({ method, url, headers: { cookie: ada.cookie }, payload: body });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(json<ErrorBody>(res).error.message, await formMessage(rules, body), `${url} ${JSON.stringify(body)}`);
    }
  });

  it('a path or a body that is no object is refused before anything else, as on every route', async () => {
    const badPath = await app().inject({ method: 'POST', url: '/api/prayers/add/not-an-id', payload: { text: '\u0000' } });
    assert.equal(badPath.statusCode, 400);
    assert.equal(json<ErrorBody>(badPath).error.message, 'The id is not valid.');
    // Not signed in: the body's shape is still what answers.
    const list = await app().inject({ method: 'POST', url: `/api/prayers/add/${ada.id}`, payload: [1, 2] });
    assert.equal(list.statusCode, 400, list.body);
  });

  it('a well-formed body passes both', async () => {
    const res = await app().inject({
      method: 'POST',
      url: `/api/prayers/add/${ada.id}`,
      headers: { cookie: ada.cookie },
      payload: { text: 'For the harvest', anonymous: true },
    });
    assert.equal(res.statusCode, 201, res.body);
  });
});
