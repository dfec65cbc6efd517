/**
 * Every migration, by name, in the order they were written. A new migration
 * is a file of this folder and a line here (a test fails on a file left out):
 * the list is code, so the server runs them from its build as from its sources.
 */
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.js';
import * as m0003 from './0003_giving.js';
import * as m0004 from './0004_booking_refunds.js';
import * as m0005 from './0005_donation_subscriptions.js';
import * as m0006 from './0006_account_safety.js';
import * as m0007 from './0007_visit_details.js';
import * as m0008 from './0008_prayer_wall.js';
import * as m0009 from './0009_staff.js';
import * as m0010 from './0010_content_staff.js';
import * as m0011 from './0011_giving_staff.js';
import * as m0013 from './0013_uploads.js';
import * as m0014 from './0014_tickets.js';
import * as m0015 from './0015_newsletter.js';
import * as m0017 from './0017_waitlist.js';
import * as m0018 from './0018_giving_history.js';
import * as m0019 from './0019_sign_in_codes.js';
import * as m0022 from './0022_account_deletion.js';
import * as m0023 from './0023_session_devices.js';
import * as m0025 from './0025_sermons.js';
import * as m0028 from './0028_calendar.js';
import * as m0034 from './0034_year_themes.js';
import * as m0035 from './0035_passkeys.js';
import * as m0036 from './0036_event_tickets.js';
import * as m0037 from './0037_visits.js';
import * as m0038 from './0038_groups.js';
import * as m0039 from './0039_serving.js';
import * as m0040 from './0040_prayer_followup.js';
import * as m0041 from './0041_recurring_events.js';
import * as m0042 from './0042_push.js';

export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0003_giving': m0003,
  '0004_booking_refunds': m0004,
  '0005_donation_subscriptions': m0005,
  '0006_account_safety': m0006,
  '0007_visit_details': m0007,
  '0008_prayer_wall': m0008,
  '0009_staff': m0009,
  '0010_content_staff': m0010,
  '0011_giving_staff': m0011,
  '0013_uploads': m0013,
  '0014_tickets': m0014,
  '0015_newsletter': m0015,
  '0017_waitlist': m0017,
  '0018_giving_history': m0018,
  '0019_sign_in_codes': m0019,
  '0022_account_deletion': m0022,
  '0023_session_devices': m0023,
  '0025_sermons': m0025,
  '0028_calendar': m0028,
  '0034_year_themes': m0034,
  '0035_passkeys': m0035,
  '0036_event_tickets': m0036,
  '0037_visits': m0037,
  '0038_groups': m0038,
  '0039_serving': m0039,
  '0040_prayer_followup': m0040,
  '0041_recurring_events': m0041,
  '0042_push': m0042,
};
