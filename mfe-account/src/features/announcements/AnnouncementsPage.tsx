import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { inSiteTimeZone } from '@ministry/shared/format';
import { useResource } from '@ministry/shared/app';
import { Button, notify, ResourceView, StaffPage, StaffTable, TextAreaField, TextField, theme } from '@ministry/shared/ui';
import type { Announcement, AnnouncementPreview } from '@ministry/shared/types';
import { Panel as AccountPanel } from '../../components/Panel';
import { getAnnouncements, previewAnnouncement, sendAnnouncement, type AnnouncementInput } from './api';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 24px;
  align-items: start;
  margin-bottom: 32px;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Panel = styled(AccountPanel)`
  padding: 20px;
  display: grid;
  gap: 12px;
  h2 {
    margin: 0;
    font-size: 1.15rem;
    color: ${theme.colors.primary};
  }
  p {
    margin: 0;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
`;

/** Looks like a phone's notification. */
const Notification = styled.figure`
  margin: 0;
  padding: 14px 16px;
  border-radius: 14px;
  background: #f2f2f4;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15);
  strong {
    display: block;
  }
  p {
    margin: 4px 0 8px;
    white-space: pre-wrap;
  }
  figcaption {
    font-size: 0.85rem;
    color: ${theme.colors.muted};
    word-break: break-all;
  }
`;

const when = (iso: string) => inSiteTimeZone(iso).format('D MMM YYYY, HH:mm');
const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`;

/**
 * /admin/announcements (editors and admins): an announcement sent as a
 * notification to the members who turned announcements on; previewed
 * first, a few a day per person, each in the activity log.
 */
export function AnnouncementsPage() {
  const resource = useResource(getAnnouncements, 'staff-announcements');
  const [sent, setSent] = useState<Announcement[]>([]);
  const [draft, setDraft] = useState<AnnouncementInput>({ title: '', body: '', url: '' });
  const [preview, setPreview] = useState<AnnouncementPreview | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (resource.data) setSent(resource.data.announcements);
  }, [resource.data]);

  const edit = (field: keyof AnnouncementInput) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    setPreview(null);
  };

  const showPreview = async () => {
    setBusy(true);
    try {
      setPreview(await previewAnnouncement(draft));
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    try {
      const done = await sendAnnouncement(draft);
      setSent([done, ...sent]);
      setDraft({ title: '', body: '', url: '' });
      setPreview(null);
      notify.success(`The announcement is going out to ${members(done.recipients)}.`);
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StaffPage
      title="Announcements"
      intro="A notification on the phones and computers of the members who turned on announcements. Use it for what cannot wait for the newsletter."
    >
      <ResourceView resource={resource} what="the announcements" empty="" isEmpty={() => false} loadingRows={2}>
        {() => (
          <>
            <Grid>
              <Panel aria-labelledby="announcement-write">
                <h2 id="announcement-write">Write</h2>
                <TextField label="Title" value={draft.title} maxLength={80} required onChange={edit('title')} />
                <TextAreaField label="Message" value={draft.body} maxLength={240} rows={4} required onChange={edit('body')} />
                <TextField
                  label="Link (optional)"
                  hint="A page of the site such as /events, or an https:// address. Empty: the home page."
                  value={draft.url}
                  maxLength={500}
                  onChange={edit('url')}
                />
                <div className="row">
                  <Button
                    type="button"
                    disabled={busy || !draft.title.trim() || !draft.body.trim()}
                    onClick={() => void showPreview()}
                  >
                    Preview
                  </Button>
                </div>
              </Panel>
              <Panel aria-labelledby="announcement-preview">
                <h2 id="announcement-preview">Preview</h2>
                {preview ? (
                  <>
                    <Notification aria-label="The notification">
                      <strong>{preview.title}</strong>
                      <p>{preview.body}</p>
                      <figcaption>
                        Opens {preview.url} · &ldquo;Stop these&rdquo; opens the member&rsquo;s notification settings
                      </figcaption>
                    </Notification>
                    <p role="status">Goes to {members(preview.audience)} now. It cannot be called back once sent.</p>
                    <div className="row">
                      <Button type="button" disabled={busy} onClick={() => void send()}>
                        {busy ? 'Sending…' : `Send to ${members(preview.audience)}`}
                      </Button>
                    </div>
                  </>
                ) : (
                  <p>Write a title and a message, then press Preview to see the notification before it goes.</p>
                )}
              </Panel>
            </Grid>
            <h2>Sent</h2>
            {sent.length === 0 ? (
              <p>No announcement has been sent yet.</p>
            ) : (
              <StaffTable label="Sent announcements">
                <thead>
                  <tr>
                    <th scope="col">Sent</th>
                    <th scope="col">Title</th>
                    <th scope="col">By</th>
                    <th scope="col">Members</th>
                  </tr>
                </thead>
                <tbody>
                  {sent.map((a) => (
                    <tr key={a._id}>
                      <td>{when(a.createdAt)}</td>
                      <td>
                        <strong>{a.title}</strong>
                        <br />
                        {a.body}
                      </td>
                      <td>{a.sentBy}</td>
                      <td>{a.recipients}</td>
                    </tr>
                  ))}
                </tbody>
              </StaffTable>
            )}
          </>
        )}
      </ResourceView>
    </StaffPage>
  );
}
