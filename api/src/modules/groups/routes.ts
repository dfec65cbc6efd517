import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaff, siteIdentity } from '@ministry/shared/config';
import { countOf } from '@ministry/shared/format';
import {
  GROUP_FREQUENCIES,
  GroupContract,
  GroupJoinAnswerContract,
  GroupMailAnswerContract,
  GroupMailOffAnswerContract,
  GroupMembershipChoicesContract,
  GroupViewContract,
  JoinRequestContract,
  MyGroupsContract,
  RosterEntryContract,
  StaffGroupContract,
} from '@ministry/shared/contracts';
import { csvFileName, toCsv } from '../../lib/csv.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { byAccount, byAddress, limitedBy } from '../../lib/limits.js';
import { greeting } from '../../lib/mailer.js';
import { LIMIT_PARAM, PAGE_PARAM } from '../../lib/paging.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { requireRole, requireUser, requireVerified, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors, listOf, okAnswer, pagingSchema } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import {
  allRosters,
  assertManages,
  createGroup,
  decideRequest,
  deleteGroup,
  findGroup,
  GROUP_KINDS,
  leaderAddresses,
  leaveGroup,
  LIFE_STAGES,
  listGroups,
  parseNear,
  listStaffGroups,
  mailRecipients,
  membershipOf,
  MESSAGE_MAX,
  myGroups,
  pendingRequests,
  removeMember,
  requestToJoin,
  rosterOf,
  setLeaders,
  turnGroupMailOff,
  updateGroup,
  updateMembership,
  type GroupInput,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const bool = { type: 'boolean' } as const;

const groupSchema = answerSchema(GroupContract);
const groupViewSchema = answerSchema(GroupViewContract);
const myGroupsSchema = answerSchema(MyGroupsContract);
const requestSchema = answerSchema(JoinRequestContract);
const rosterSchema = answerSchema(RosterEntryContract);
const staffGroupSchema = answerSchema(StaffGroupContract);

const idParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;
const slugParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', pattern: '^[a-z0-9-]{1,120}$' } },
} as const;
const noteBody = {
  type: ['object', 'null'],
  properties: { note: { type: 'string', maxLength: MESSAGE_MAX } },
  additionalProperties: false,
} as const;

const groupBody = {
  type: 'object',
  required: ['name', 'kind', 'lifeStage', 'weekday', 'time', 'frequency', 'open'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120 },
    slug: { type: 'string', maxLength: 120, pattern: '^[a-z0-9-]*$' },
    kind: { type: 'string', enum: Object.keys(GROUP_KINDS) },
    lifeStage: { type: 'string', enum: Object.keys(LIFE_STAGES) },
    locationId: { anyOf: [idParam, { type: 'null' }, { type: 'string', maxLength: 0 }] },
    meetingPlace: { type: ['string', 'null'], maxLength: 200 },
    weekday: { type: 'integer', minimum: 0, maximum: 6 },
    time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
    frequency: { type: 'string', enum: [...GROUP_FREQUENCIES] },
    description: { type: 'string', maxLength: 4000 },
    photo: { type: ['string', 'null'], maxLength: 300 },
    capacity: { type: ['integer', 'null'], minimum: 1, maximum: 1000 },
    open: { type: 'boolean' },
  },
} as const;

/**
 * The small groups, under /api/groups:
 * GET '' (?kind, ?day 0-6, ?location, ?stage, ?near=lat,lng, ?page, ?limit): the finder's page of groups with
 *   `paging`; with `near`, nearest first with each one's `distanceKm` (the position is neither kept nor logged);
 * GET /mine: the signed-in member's groups, their requests waiting, and those waiting in the groups they lead;
 * GET /{slug}: one group, with the viewer's place in it (never anyone's address);
 * POST /{id}/join ({ message, shareEmail }): asks to join (limited per member; its leaders are told by mail);
 * DELETE /{id}/membership: leaves it, or withdraws the request waiting;
 * PUT /{id}/membership ({ shareEmail, mail }): the member's choices in it;
 * POST /requests/{id}/accept and /decline ({ note }): a leader (or staff) answers (the member is told by mail);
 * GET /{id}/roster: the people in it, with the addresses shared (leaders and staff only);
 * POST /{id}/mail ({ subject, text }): a leader mails the group (limited per day; each mail can stop that group's mails);
 * POST /mail-off ({ token }): stops one group's mails from the mail's link, without signing in.
 */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  // A group's size and leaders show on its page; a member's request, settings and mail do not (below).
  writesChange(app, ['groups']);
  const mailer = app.mailer;
  const viewerOf = (request: FastifyRequest) => {
    const me = requireUser(request);
    return { id: me.id, staff: isStaff(me.role) };
  };
  const link = (path: string) => `${app.config.publicUrl}${path}`;

  app.get<{
    Querystring: { kind?: string; day?: number; location?: string; stage?: string; near?: string; page?: number; limit?: number };
  }>(
    '',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            kind: { type: 'string', maxLength: 40 },
            day: { type: 'integer', minimum: 0, maximum: 6 },
            location: idParam,
            stage: { type: 'string', maxLength: 40 },
            near: { type: 'string' },
            page: PAGE_PARAM,
            limit: LIMIT_PARAM,
          },
        },
        response: { 200: { type: 'object', properties: { data: listOf(groupSchema), paging: pagingSchema } }, ...errors(400) },
      },
    },
    async (request) => {
      const { kind, day, location, stage, near, page, limit } = request.query;
      return listGroups(app.db, { kind, day, location, stage, near: parseNear(near), page, pageSize: limit });
    },
  );

  app.get(
    '/mine',
    {
      schema: {
        response: {
          200: envelope(myGroupsSchema),
          ...errors(401),
        },
      },
    },
    async (request) => ({ data: await myGroups(app.db, requireUser(request).id) }),
  );

  app.get<{ Params: { slug: string } }>(
    '/:slug',
    { schema: { params: slugParams, response: { 200: envelope(groupViewSchema), ...errors(400, 404) } } },
    async (request) => {
      const group = await findGroup(app.db, { slug: request.params.slug });
      if (!group) throw notFound('That group');
      const me = request.sessionUser;
      const membership = await membershipOf(app.db, group._id, me?.id);
      return { data: { ...group, membership, manages: membership === 'leader' || isStaff(me?.role) } };
    },
  );

  app.post<{ Params: { id: string }; Body: { message?: string; shareEmail?: boolean } | null }>(
    '/:id/join',
    {
      config: { changes: [] },
      schema: {
        params: idParams,
        body: {
          type: ['object', 'null'],
          properties: { message: { type: 'string', maxLength: MESSAGE_MAX }, shareEmail: bool },
          additionalProperties: false,
        },
        response: { 201: envelope(answerSchema(GroupJoinAnswerContract)), ...errors(400, 401, 403, 404, 409, 429) },
      },
      onRequest: async (request) => void requireUser(request),
      preHandler: limitedBy(
        [['groupJoinsPerAccount', byAccount]],
        'You have asked to join many groups today. Please try again tomorrow.',
      ),
    },
    async (request, reply) => {
      const me = requireVerified(requireUser(request));
      const group = await findGroup(app.db, { id: request.params.id });
      if (!group) throw notFound('That group');
      const message = sanitizePlainText(request.body?.message ?? '');
      await requestToJoin(app.db, group, me.id, { message, shareEmail: request.body?.shareEmail ?? false });
      const leaders = await leaderAddresses(app.db, group._id);
      app.afterReply.run('tell the group leaders', async () => {
        for (const leader of leaders)
          await mailer.send({
            to: leader.email,
            subject: `${me.firstname} ${me.lastname} asks to join ${group.name}`,
            text: `${greeting(leader.firstname)}\n\n${me.firstname} ${me.lastname} asks to join ${group.name}.${message ? `\n\nTheir message:\n${message}` : ''}\n\nAccept or decline: ${link('/my-groups')}\n`,
          });
      });
      return reply.status(201).send({ data: { membership: 'pending' } });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id/membership',
    { schema: { params: idParams, response: { 200: okAnswer, ...errors(400, 401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      if (!(await leaveGroup(app.db, request.params.id, me.id, app.clock.now()))) throw notFound('Your place in that group');
      return { data: { ok: true } };
    },
  );

  app.put<{ Params: { id: string }; Body: { shareEmail?: boolean; mail?: boolean } }>(
    '/:id/membership',
    {
      config: { changes: [] },
      schema: {
        params: idParams,
        body: { type: 'object', properties: { shareEmail: bool, mail: bool }, additionalProperties: false },
        response: { 200: envelope(answerSchema(GroupMembershipChoicesContract)), ...errors(400, 401, 404) },
      },
    },
    async (request) => ({ data: await updateMembership(app.db, request.params.id, requireUser(request).id, request.body) }),
  );

  for (const decision of ['accept', 'decline'] as const) {
    app.post<{ Params: { id: string }; Body: { note?: string } | null }>(
      `/requests/:id/${decision}`,
      { schema: { params: idParams, body: noteBody, response: { 200: okAnswer, ...errors(400, 401, 403, 404, 409) } } },
      async (request) => {
        const viewer = viewerOf(request);
        const note = sanitizePlainText(request.body?.note ?? '');
        const decided = await decideRequest(
          app.db,
          request.params.id,
          viewer,
          decision === 'accept' ? 'accepted' : 'declined',
          note,
          app.clock.now(),
        );
        const group = await findGroup(app.db, { id: decided.groupId });
        const name = group?.name ?? 'the group';
        app.afterReply.run('tell the member', () =>
          mailer.send({
            to: decided.email,
            subject: decision === 'accept' ? `Welcome to ${name}` : `About your request to join ${name}`,
            text:
              decision === 'accept'
                ? `${greeting(decided.firstname)}\n\nYou are now a member of ${name}.${note ? `\n\nA note from its leaders:\n${note}` : ''}\n\nYour groups: ${link('/my-groups')}\n`
                : `${greeting(decided.firstname)}\n\nThe leaders of ${name} could not take you into the group this time.${note ? `\n\nTheir note:\n${note}` : ''}\n\nFind another group: ${link('/groups')}\n`,
          }),
        );
        return { data: { ok: true } };
      },
    );
  }

  app.get<{ Params: { id: string } }>(
    '/:id/roster',
    { schema: { params: idParams, response: { 200: envelope(listOf(rosterSchema)), ...errors(400, 401, 403, 404) } } },
    async (request) => {
      await assertManages(app.db, request.params.id, viewerOf(request));
      return { data: await rosterOf(app.db, request.params.id) };
    },
  );

  app.post<{ Params: { id: string }; Body: { subject: string; text: string } }>(
    '/:id/mail',
    {
      config: { changes: [] },
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['subject', 'text'],
          additionalProperties: false,
          properties: {
            subject: { type: 'string', minLength: 1, maxLength: 120 },
            text: { type: 'string', minLength: 1, maxLength: 5000 },
          },
        },
        response: { 200: envelope(answerSchema(GroupMailAnswerContract)), ...errors(400, 401, 403, 404, 429) },
      },
      onRequest: async (request) => {
        const viewer = viewerOf(request);
        const id = (request.params as { id: string }).id;
        if (/^[0-9a-f-]{36}$/i.test(id)) await assertManages(app.db, id, viewer);
      },
      preHandler: limitedBy(
        [['groupMailsPerAccount', byAccount]],
        'You have sent the most group e-mails for today. Please try again tomorrow.',
      ),
    },
    async (request) => {
      const me = requireUser(request);
      const group = await assertManages(app.db, request.params.id, { id: me.id, staff: isStaff(me.role) });
      const subject = sanitizePlainText(request.body.subject).replace(/\s+/g, ' ');
      const text = sanitizePlainText(request.body.text);
      if (!subject || !text) throw badRequest('Write a subject and a message', { text: 'Write a subject and a message' });
      const recipients = await mailRecipients(app.db, group._id, me.id);
      app.afterReply.run('mail the group', async () => {
        for (const r of recipients) {
          const off = link(`/groups/mail-off/${r.token}`);
          await mailer.send({
            to: r.email,
            subject: `[${group.name}] ${subject}`,
            text: `${greeting(r.firstname)}\n\n${me.firstname} ${me.lastname}, a leader of ${group.name}, writes:\n\n${text}\n\nThe group: ${link(`/groups/${group.slug}`)}\n`,
            unsubscribeUrl: off,
            unsubscribeNote: `You receive this because you are a member of ${group.name} at ${siteIdentity.ministryName}.`,
            headers: { 'List-Unsubscribe': `<${off}>` },
          });
        }
      });
      await recordActivity(app.db, me, {
        action: 'sent',
        subjectType: 'group',
        subjectId: group._id,
        summary: `Mail "${subject}" sent to ${countOf(recipients.length, 'member', 'members')} of "${group.name}"`,
      });
      return { data: { sent: recipients.length } };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/mail-off',
    {
      config: { changes: [] },
      schema: {
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 20, maxLength: 64 } } },
        response: { 200: envelope(answerSchema(GroupMailOffAnswerContract)), ...errors(400, 404, 429) },
      },
      preHandler: limitedBy([['mailLinksPerAddress', byAddress]]),
    },
    async (request) => {
      const group = await turnGroupMailOff(app.db, request.body.token);
      if (group === undefined) throw notFound('That link');
      return { data: { group } };
    },
  );
}

/**
 * The staff's /admin/groups, under /api/admin/groups (editors and admins):
 * GET '' and /{id}: every group with its leaders' addresses and the requests waiting;
 * POST '', PUT /{id}, DELETE /{id}: a group's details;
 * PUT /{id}/leaders ({ emails }): its leaders, by their accounts' addresses;
 * GET /{id}/requests: the requests waiting (answered through /api/groups/requests/{id}/accept or /decline);
 * DELETE /{id}/members/{userId}: takes someone off its roster;
 * GET /rosters.csv (?group={id}): every roster (or one) as CSV, with the addresses members shared.
 */
export async function staffGroupRoutes(app: FastifyInstance): Promise<void> {
  // The groups finder and each group's page.
  writesChange(app, ['groups']);
  const staff = staffOnly('editor');
  const findOne = async (id: string) => {
    const [group] = await listStaffGroups(app.db, id);
    if (!group) throw notFound('That group');
    return group;
  };

  app.get(
    '',
    { onRequest: staff, schema: { response: { 200: envelope(listOf(staffGroupSchema)), ...errors(401, 403) } } },
    async () => ({ data: await listStaffGroups(app.db) }),
  );

  app.get<{ Querystring: { group?: string } }>(
    '/rosters.csv',
    {
      onRequest: staff,
      schema: {
        querystring: { type: 'object', properties: { group: idParam }, additionalProperties: false },
        response: { 200: { type: 'string' }, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const editor = requireRole(request, 'editor');
      const rows = await allRosters(app.db, request.query.group);
      await recordActivity(app.db, editor, {
        action: 'exported',
        subjectType: 'group',
        subjectId: request.query.group ?? null,
        summary: `Group rosters downloaded (${countOf(rows.length, 'member', 'members')})`,
      });
      const csv = toCsv(
        ['Group', 'First name', 'Last name', 'Role', 'E-mail (shared)', 'Joined'],
        rows.map((r) => [r.group, r.firstname, r.lastname, r.role, r.email ?? '', r.joinedAt.toISOString().slice(0, 10)]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${csvFileName(rows.length && request.query.group ? rows[0]!.group : 'groups', 'rosters')}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: staff,
      schema: { params: idParams, response: { 200: envelope(staffGroupSchema), ...errors(400, 401, 403, 404) } },
    },
    async (request) => ({ data: await findOne(request.params.id) }),
  );

  app.post<{ Body: GroupInput }>(
    '',
    { onRequest: staff, schema: { body: groupBody, response: { 201: envelope(staffGroupSchema), ...errors(400, 401, 403) } } },
    async (request, reply) => {
      const editor = requireRole(request, 'editor');
      const id = await createGroup(app.db, request.body);
      const group = await findOne(id);
      await recordActivity(app.db, editor, {
        action: 'created',
        subjectType: 'group',
        subjectId: id,
        summary: `Group "${group.name}" added`,
      });
      return reply.status(201).send({ data: group });
    },
  );

  app.put<{ Params: { id: string }; Body: GroupInput }>(
    '/:id',
    {
      onRequest: staff,
      schema: { params: idParams, body: groupBody, response: { 200: envelope(staffGroupSchema), ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const editor = requireRole(request, 'editor');
      if (!(await updateGroup(app.db, request.params.id, request.body, app.clock.now()))) throw notFound('That group');
      const group = await findOne(request.params.id);
      await recordActivity(app.db, editor, {
        action: 'updated',
        subjectType: 'group',
        subjectId: group._id,
        summary: `Group "${group.name}" updated`,
      });
      return { data: group };
    },
  );

  app.put<{ Params: { id: string }; Body: { emails: string[] } }>(
    '/:id/leaders',
    {
      onRequest: staff,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['emails'],
          additionalProperties: false,
          properties: { emails: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 254 } } },
        },
        response: { 200: envelope(staffGroupSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const editor = requireRole(request, 'editor');
      const before = await findOne(request.params.id);
      await setLeaders(app.db, before._id, request.body.emails);
      const group = await findOne(before._id);
      await recordActivity(app.db, editor, {
        action: 'updated',
        subjectType: 'group',
        subjectId: group._id,
        summary: `Leaders of "${group.name}": ${group.leaders.map((l) => `${l.firstname} ${l.lastname}`).join(', ') || 'none'}`,
      });
      return { data: group };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id/requests',
    {
      onRequest: staff,
      schema: { params: idParams, response: { 200: envelope(listOf(requestSchema)), ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      await findOne(request.params.id);
      return { data: await pendingRequests(app.db, request.params.id) };
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    '/:id/members/:userId',
    {
      onRequest: staff,
      schema: {
        params: { type: 'object', required: ['id', 'userId'], properties: { id: idParam, userId: idParam } },
        response: { 200: okAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const editor = requireRole(request, 'editor');
      const group = await findOne(request.params.id);
      if (!(await removeMember(app.db, group._id, request.params.userId))) throw notFound('That member of the group');
      await recordActivity(app.db, editor, {
        action: 'updated',
        subjectType: 'group',
        subjectId: group._id,
        summary: `A member taken off the roster of "${group.name}"`,
      });
      return { data: { ok: true } };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { onRequest: staff, schema: { params: idParams, response: { 200: okAnswer, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const editor = requireRole(request, 'editor');
      const name = await deleteGroup(app.db, request.params.id);
      if (name === undefined) throw notFound('That group');
      await recordActivity(app.db, editor, {
        action: 'deleted',
        subjectType: 'group',
        subjectId: request.params.id,
        summary: `Group "${name}" removed`,
      });
      return { data: { ok: true } };
    },
  );
}
