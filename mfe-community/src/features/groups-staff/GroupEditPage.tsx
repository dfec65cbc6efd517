import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError, serverFieldErrors, serverMessage } from '@ministry/shared/api';
import { useResource } from '@ministry/shared/app';
import { weekdayName } from '@ministry/shared/format';
import {
  Button,
  ConfirmDialog,
  ExternalButton,
  ImageField,
  notify,
  ResourceView,
  SelectField,
  StaffPanel,
  TextAreaField,
  TextField,
  StaffPage,
  theme,
} from '@ministry/shared/ui';
import type { StaffGroup } from '@ministry/shared/types';
import { DAYS, FREQUENCIES, GROUP_KINDS, LIFE_STAGES, type Frequency } from '../../lib/groups';
import {
  answerGroupRequest,
  createGroup,
  deleteGroup,
  getGroupRequests,
  removeGroupMember,
  getGroupRoster,
  getLocationChoices,
  getStaffGroup,
  rostersCsvUrl,
  setGroupLeaders,
  updateGroup,
  uploadGroupPhoto,
  type GroupInput,
} from './api';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 4px 20px;
  .wide {
    grid-column: 1 / -1;
  }
  @media (max-width: 768px) {
    grid-template-columns: 1fr;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 12px;
`;

const Check = styled.label`
  display: flex;
  gap: 10px;
  align-items: center;
  min-height: 44px;
  input {
    width: 20px;
    height: 20px;
  }
`;

const People = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li {
    padding: 6px 0;
    border-bottom: 1px solid ${theme.colors.border};
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
  }
  small {
    color: ${theme.colors.muted};
  }
`;

const EMPTY: GroupInput = {
  name: '',
  kind: 'bible-study',
  lifeStage: 'everyone',
  locationId: null,
  meetingPlace: null,
  weekday: 2,
  time: '19:00',
  frequency: 'weekly',
  description: '',
  photo: null,
  capacity: null,
  open: true,
};

const inputOf = (g: StaffGroup): GroupInput => ({
  name: g.name,
  slug: g.slug,
  kind: g.kind,
  lifeStage: g.lifeStage,
  locationId: g.location?._id ?? null,
  meetingPlace: g.meetingPlace,
  weekday: g.weekday,
  time: g.time,
  frequency: g.frequency,
  description: g.description,
  photo: g.photo,
  capacity: g.capacity,
  open: g.open,
});

function GroupForm({ group }: { group: StaffGroup | null }) {
  const navigate = useNavigate();
  const locations = useResource(getLocationChoices, 'locations');
  const [values, setValues] = useState<GroupInput>(group ? inputOf(group) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof GroupInput>(key: K, value: GroupInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.name.trim()) found.name = 'Required';
    if (!values.locationId && !values.meetingPlace?.trim())
      found.meetingPlace = 'Choose a location or write where the group meets';
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    try {
      const body = { ...values, meetingPlace: values.meetingPlace?.trim() || null, slug: values.slug || undefined };
      const saved = group ? await updateGroup(group._id, body) : await createGroup(body);
      notify.success(group ? 'The group is saved.' : 'The group is added. Now choose its leaders.');
      if (!group) navigate(`/admin/groups/${saved._id}`);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setErrors(Object.keys(fields).length ? fields : { form: serverMessage(failure) ?? friendlyError(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="The group's details">
      <TextField
        label="Name"
        value={values.name}
        maxLength={120}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      {group && (
        <TextField
          label="Address on the site"
          value={values.slug ?? ''}
          maxLength={120}
          hint={`/groups/${values.slug ?? ''}`}
          error={errors.slug}
          onChange={(e) => set('slug', e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, '-'))}
        />
      )}
      <SelectField label="Kind" value={values.kind} onChange={(e) => set('kind', e.target.value)}>
        {Object.entries(GROUP_KINDS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Life stage" value={values.lifeStage} onChange={(e) => set('lifeStage', e.target.value)}>
        {Object.entries(LIFE_STAGES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Day" value={values.weekday} onChange={(e) => set('weekday', Number(e.target.value))}>
        {DAYS.map((d) => (
          <option key={d} value={d}>
            {weekdayName(d)}
          </option>
        ))}
      </SelectField>
      <TextField label="Time" type="time" value={values.time} error={errors.time} onChange={(e) => set('time', e.target.value)} />
      <SelectField label="How often" value={values.frequency} onChange={(e) => set('frequency', e.target.value as Frequency)}>
        {Object.entries(FREQUENCIES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Location"
        value={values.locationId ?? ''}
        error={errors.locationId}
        onChange={(e) => set('locationId', e.target.value || null)}
      >
        <option value="">Elsewhere (write the place below)</option>
        {(locations.data ?? []).map((l) => (
          <option key={l._id} value={l._id}>
            {l.church_name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Meeting place"
        className="wide"
        value={values.meetingPlace ?? ''}
        maxLength={200}
        hint="An address, when the group meets in a home or a café: the group's page links it to a map."
        error={errors.meetingPlace}
        onChange={(e) => set('meetingPlace', e.target.value)}
      />
      <TextField
        label="Capacity"
        type="number"
        min={1}
        max={1000}
        value={values.capacity ?? ''}
        hint="Leave empty for no limit."
        error={errors.capacity}
        onChange={(e) => set('capacity', e.target.value ? Number(e.target.value) : null)}
      />
      <Check>
        <input type="checkbox" checked={values.open} onChange={(e) => set('open', e.target.checked)} />
        Open to new members
      </Check>
      <div className="wide">
        <TextAreaField
          label="Description"
          rows={5}
          maxLength={4000}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div className="wide">
        <ImageField
          label="Photo (optional)"
          value={values.photo ?? ''}
          onChange={(src) => set('photo', src)}
          upload={uploadGroupPhoto}
          error={errors.photo}
        />
        {values.photo && (
          <Button type="button" $variant="outline" onClick={() => set('photo', null)}>
            Remove the photo
          </Button>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="wide">
          {errors.form}
        </p>
      )}
      <Actions className="wide">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : group ? 'Save' : 'Add the group'}
        </Button>
      </Actions>
    </Form>
  );
}

function Leaders({ group, onSaved }: { group: StaffGroup; onSaved: (g: StaffGroup) => void }) {
  const [text, setText] = useState(group.leaderEmails.join(', '));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const emails = text
        .split(/[,;\s]+/)
        .map((e) => e.trim())
        .filter(Boolean);
      onSaved(await setGroupLeaders(group._id, emails));
      notify.success('The leaders are saved.');
    } catch (failure) {
      setError(serverFieldErrors(failure).leaders ?? serverMessage(failure) ?? friendlyError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} aria-label="Leaders" noValidate>
      <TextField
        label="Leaders' e-mail addresses"
        value={text}
        error={error}
        hint="The addresses of their accounts, separated by commas. Leaders see the requests and the roster on their My groups page."
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save the leaders'}
      </Button>
    </form>
  );
}

function RequestsPanel({ group, onAnswered }: { group: StaffGroup; onAnswered: () => void }) {
  const load = useCallback(() => getGroupRequests(group._id), [group._id]);
  const requests = useResource(load);
  const answer = async (id: string, decision: 'accept' | 'decline') => {
    try {
      await answerGroupRequest(id, decision);
      notify.success(
        decision === 'accept' ? 'Accepted: the member is told by e-mail.' : 'Declined: the member is told by e-mail.',
      );
      requests.reload();
      onAnswered();
    } catch (failure) {
      notify.error(serverMessage(failure) ?? friendlyError(failure));
    }
  };
  if (!requests.data?.length) return null;
  return (
    <StaffPanel aria-labelledby="requests-title">
      <h2 id="requests-title">Requests waiting</h2>
      <People>
        {requests.data.map((r) => {
          const who = r.member ? `${r.member.firstname} ${r.member.lastname}` : 'A member';
          return (
            <li key={r._id}>
              <strong>{who}</strong>
              <span>{r.message || <small>No message</small>}</span>
              <Button type="button" onClick={() => answer(r._id, 'accept')}>
                Accept<span className="visually-hidden"> {who}</span>
              </Button>
              <Button type="button" $variant="outline" onClick={() => answer(r._id, 'decline')}>
                Decline<span className="visually-hidden"> {who}</span>
              </Button>
            </li>
          );
        })}
      </People>
    </StaffPanel>
  );
}

function RosterPanel({ group }: { group: StaffGroup }) {
  const load = useCallback(() => getGroupRoster(group._id), [group._id]);
  const roster = useResource(load);
  const remove = async (userId: string, name: string) => {
    try {
      await removeGroupMember(group._id, userId);
      notify.success(`${name} is off the roster.`);
      roster.reload();
    } catch (failure) {
      notify.error(friendlyError(failure));
    }
  };
  return (
    <StaffPanel aria-labelledby="roster-title">
      <h2 id="roster-title">Roster</h2>
      <ResourceView resource={roster} what="the roster" empty="Nobody is in this group yet.">
        {(list) => (
          <People>
            {list.map((p) => (
              <li key={p._id}>
                <strong>
                  {p.firstname} {p.lastname}
                </strong>
                {p.role === 'leader' && <small>Leader</small>}
                <span>{p.email ?? <small>Address not shared</small>}</span>
                {p.role === 'member' && (
                  <Button type="button" $variant="outline" onClick={() => remove(p._id, `${p.firstname} ${p.lastname}`)}>
                    Remove
                    <span className="visually-hidden">
                      {' '}
                      {p.firstname} {p.lastname}
                    </span>
                  </Button>
                )}
              </li>
            ))}
          </People>
        )}
      </ResourceView>
      <ExternalButton href={rostersCsvUrl(group._id)} download $variant="outline">
        Download the roster (CSV)
      </ExternalButton>
    </StaffPanel>
  );
}

function EditGroup({ id }: { id: string }) {
  const navigate = useNavigate();
  const load = useCallback(() => getStaffGroup(id), [id]);
  const group = useResource(load);
  const [current, setCurrent] = useState<StaffGroup | null>(null);
  const [removing, setRemoving] = useState(false);
  const [rosterVersion, setRosterVersion] = useState(0);
  const shown = current ?? group.data ?? null;
  const remove = async () => {
    await deleteGroup(id);
    notify.success('The group is removed.');
    navigate('/admin/groups');
  };
  return (
    <StaffPage
      title={shown?.name ?? 'Group'}
      intro={shown ? <a href={`/groups/${shown.slug}`}>See its page</a> : undefined}
      actions={
        <Button type="button" $variant="danger" onClick={() => setRemoving(true)}>
          Remove the group
        </Button>
      }
    >
      <ResourceView resource={group} what="the group" empty="That group was not found.">
        {(data) => (
          <>
            <StaffPanel aria-labelledby="details-title">
              <h2 id="details-title">Details</h2>
              <GroupForm key={data._id} group={data} />
            </StaffPanel>
            <StaffPanel aria-labelledby="leaders-title">
              <h2 id="leaders-title">Leaders</h2>
              <Leaders group={shown ?? data} onSaved={setCurrent} />
            </StaffPanel>
            <RequestsPanel group={data} onAnswered={() => setRosterVersion((n) => n + 1)} />
            <RosterPanel key={`${(shown ?? data).leaderEmails.join()}-${rosterVersion}`} group={shown ?? data} />
          </>
        )}
      </ResourceView>
      <ConfirmDialog
        open={removing}
        title="Remove this group?"
        onClose={() => setRemoving(false)}
        confirmLabel="Remove"
        busyLabel="Removing…"
        onConfirm={remove}
        keepLabel="Keep it"
      >
        <p>Its page, roster and requests are removed for good. Its members are not told.</p>
      </ConfirmDialog>
    </StaffPage>
  );
}

/** /admin/groups/:id (editors and admins): a group's details, leaders and roster; `new` for a new group. */
export function GroupEditPage() {
  const { id = 'new' } = useParams();
  if (id === 'new')
    return (
      <StaffPage title="Add a group" intro="It appears in the group finder once added.">
        <GroupForm group={null} />
      </StaffPage>
    );
  return <EditGroup id={id} />;
}
