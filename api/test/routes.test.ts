/**
 * Every route the API registers, method and full URL. The list is written out
 * so that a URL lost or added by accident (a prefix wrong, a trailing-slash
 * twin dropped) fails here; a deliberate change updates it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { freshDatabase, testConfig } from './helpers.js';

const EXPECTED = [
  'DELETE /api/admin/devotionals/:id',
  'DELETE /api/admin/locations/:id',
  'DELETE /api/admin/news/:id',
  'DELETE /api/admin/press/:id',
  'DELETE /api/community/mine/:kind/:id',
  'DELETE /api/events/:id/waitlist',
  'DELETE /api/user/logout',
  'GET /api/admin/activity',
  'GET /api/admin/dashboard',
  'GET /api/admin/devotionals',
  'GET /api/admin/devotionals/:id',
  'GET /api/admin/devotionals/tags',
  'GET /api/admin/donations',
  'GET /api/admin/donations.csv',
  'GET /api/admin/events',
  'GET /api/admin/events/:id',
  'GET /api/admin/events/:id/attendees',
  'GET /api/admin/events/:id/attendees.csv',
  'GET /api/admin/events/:id/check-in',
  'GET /api/admin/events/:id/waitlist',
  'GET /api/admin/locations',
  'GET /api/admin/locations/:id',
  'GET /api/admin/members',
  'GET /api/admin/members/:id',
  'GET /api/admin/news',
  'GET /api/admin/news/:id',
  'GET /api/admin/newsletter',
  'GET /api/admin/press',
  'GET /api/admin/press/:id',
  'GET /api/admin/subscribers',
  'GET /api/admin/subscribers.csv',
  'GET /api/community/mine',
  'GET /api/devotionals',
  'GET /api/devotionals/:idOrSlug',
  'GET /api/devotionals/tags',
  'GET /api/devotionals/tags/:tag',
  'GET /api/events',
  'GET /api/events/',
  'GET /api/events/:eventId/calendar.ics',
  'GET /api/events/:id/waitlist',
  'GET /api/events/search/:eventId',
  'GET /api/geo/cities',
  'GET /api/geo/countries',
  'GET /api/giving/fee',
  'GET /api/giving/mine',
  'GET /api/giving/statement/:year',
  'GET /api/health',
  'GET /api/locations',
  'GET /api/moderation/pending',
  'GET /api/news',
  'GET /api/news/:id',
  'GET /api/news/recent',
  'GET /api/payment/bookings/:id',
  'GET /api/payment/my-bookings',
  'GET /api/payment/my-tickets',
  'GET /api/payment/status',
  'GET /api/prayers',
  'GET /api/prayers/',
  'GET /api/prayers/:id',
  'GET /api/prayers/:id/page',
  'GET /api/pressrelease',
  'GET /api/pressrelease/:id',
  'GET /api/ready',
  'GET /api/share/image',
  'GET /api/stories',
  'GET /api/stories/:id/page',
  'GET /api/story',
  'GET /api/story/',
  'GET /api/story/top',
  'GET /api/user/newsletter',
  'GET /api/user/search/:token',
  'GET /pay/checkout/:bookingId',
  'GET /pay/donate/:type',
  'GET /socialuser/:part',
  'POST /api/admin/devotionals',
  'POST /api/admin/devotionals/:id/publish',
  'POST /api/admin/devotionals/:id/unpublish',
  'POST /api/admin/events',
  'POST /api/admin/events/:id/cancel',
  'POST /api/admin/events/:id/check-in',
  'POST /api/admin/images',
  'POST /api/admin/locations',
  'POST /api/admin/news',
  'POST /api/admin/news/:id/publish',
  'POST /api/admin/news/:id/unpublish',
  'POST /api/admin/newsletter/test',
  'POST /api/admin/press',
  'POST /api/admin/press/:id/publish',
  'POST /api/admin/press/:id/unpublish',
  'POST /api/comments/add',
  'POST /api/community/report/:kind/:id',
  'POST /api/events/:id/waitlist',
  'POST /api/giving/recurring/:id/cancel',
  'POST /api/moderation/:kind/:id/:action',
  'POST /api/moderation/members/:userId/posting',
  'POST /api/moderation/members/:userId/reject-pending',
  'POST /api/newsletter',
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe/:token',
  'POST /api/payment/bookings/:id/cancel',
  'POST /api/payment/bookings/:id/sync',
  'POST /api/payment/create-checkout-session',
  'POST /api/payment/my-bookings/:id/cancel',
  'POST /api/payment/webhook',
  'POST /api/prayers/:id/answered',
  'POST /api/prayers/:id/prayed',
  'POST /api/prayers/add/:id',
  'POST /api/prayers/mail-off',
  'POST /api/story/add/:id',
  'POST /api/story/like/:storyId',
  'POST /api/user/code',
  'POST /api/user/code/verify',
  'POST /api/user/login',
  'POST /api/user/password-check',
  'POST /api/user/reset-password',
  'POST /api/user/reset-password/check',
  'POST /api/user/signup',
  'POST /api/user/verify-email',
  'POST /api/user/verify-email/resend',
  'POST /pay/checkout/:bookingId/cancel',
  'POST /pay/checkout/:bookingId/complete',
  'POST /pay/donate/:type',
  'PUT /api/admin/devotionals/:id',
  'PUT /api/admin/events/:id',
  'PUT /api/admin/locations/:id',
  'PUT /api/admin/members/:id/disabled',
  'PUT /api/admin/members/:id/role',
  'PUT /api/admin/news/:id',
  'PUT /api/admin/newsletter',
  'PUT /api/admin/press/:id',
  'PUT /api/community/mine/:kind/:id',
  'PUT /api/prayers/mail',
  'PUT /api/test/clock',
  'PUT /api/user/deletePhoto/:userId',
  'PUT /api/user/forgotpassword',
  'PUT /api/user/newsletter',
  'PUT /api/user/updateBasic/:id',
  'PUT /api/user/updatePhoto/:userId',
  'PUT /api/user/updateSecurity/:userId',
];

describe('route list', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  before(async () => {
    const fresh = await freshDatabase('pglite');
    cleanup = fresh.cleanup;
    app = await buildApp({ database: fresh.database, config: testConfig({ testClock: true }), serveSite: false });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await cleanup();
  });

  it('serves exactly the known URLs', () => {
    const actual = app.routeList.map((r) => `${r.method} ${r.url}`).sort();
    assert.deepEqual(actual, [...new Set(actual)], 'no route is registered twice');
    assert.deepEqual(actual, EXPECTED);
  });
});
