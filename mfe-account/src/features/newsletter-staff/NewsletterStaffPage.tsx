import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { friendlyError } from '@ministry/shared/api';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { NewsletterOverview } from '@ministry/shared/types';
import { Button, notify, ResourceView, StaffPage, StaffTable, StatusBadge, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { Panel as AccountPanel } from '../../components/Panel';
import { getNewsletterOverview, sendNewsletterNow, sendNewsletterTest, updateNewsletter } from './api';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr);
  gap: 24px;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

// A staff tool keeps 20px at every width: this rule comes after the panel's own, so it wins on a phone too.
const Panel = styled(AccountPanel)`
  padding: 20px;
  h2 {
    margin: 0 0 12px;
    font-size: 1.15rem;
    color: ${theme.colors.primary};
  }
  p {
    margin: 0 0 12px;
  }
  label {
    display: block;
    font-weight: 600;
    margin: 0 0 6px;
  }
  textarea {
    width: 100%;
    min-height: 120px;
    padding: 10px;
    border-radius: 8px;
    border: 1px solid ${theme.colors.border};
    font: inherit;
  }
  input[type='datetime-local'] {
    min-height: 44px;
    padding: 6px 10px;
    border-radius: 8px;
    border: 1px solid ${theme.colors.border};
    font: inherit;
    max-width: 100%;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: 8px 0 16px;
    align-items: center;
  }
`;

const Preview = styled.iframe`
  width: 100%;
  height: 720px;
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
  background: #f6f4ef;
`;

const when = (iso: string) => inSiteTimeZone(iso).format('dddd D MMMM YYYY, HH:mm');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /admin/newsletter (admins): this week's newsletter before it goes (preview, opening paragraph, test to oneself,
 * reschedule, send now, skip) and the past sends.
 */
export function NewsletterStaffPage() {
  const resource = useResource(getNewsletterOverview, 'staff-newsletter');
  const [overview, setOverview] = useState<NewsletterOverview | null>(null);
  const [intro, setIntro] = useState('');
  const [moment, setMoment] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmSend, setConfirmSend] = useState(false);
  useEffect(() => {
    if (resource.data) {
      setOverview(resource.data);
      setIntro(resource.data.upcoming.intro);
      setMoment(inSiteTimeZone(resource.data.upcoming.sendAt).format('YYYY-MM-DDTHH:mm'));
    }
  }, [resource.data]);

  const act = async (task: () => Promise<string | NewsletterOverview>, done: string) => {
    setBusy(true);
    try {
      const result = await task();
      if (typeof result === 'string') notify.success(result);
      else {
        setOverview(result);
        notify.success(done);
      }
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StaffPage
      title="Newsletter"
      intro="The weekly e-mail to every confirmed subscriber: what was published since the last one, and the events ahead."
    >
      <ResourceView resource={resource} what="the newsletter" empty="" isEmpty={() => false} loadingRows={3}>
        {() => {
          if (!overview) return null;
          const { upcoming, past } = overview;
          const planned = upcoming.status === 'planned';
          return (
            <>
              <Grid>
                <div>
                  <Panel aria-labelledby="newsletter-week">
                    <h2 id="newsletter-week">This week</h2>
                    <p role="status">
                      {upcoming.status === 'skipped'
                        ? 'Skipped: no newsletter this week.'
                        : planned
                          ? `Goes out ${when(upcoming.sendAt)} to ${plural(upcoming.recipients, 'confirmed subscriber', 'confirmed subscribers')}.`
                          : upcoming.status === 'sending'
                            ? 'This week\u2019s newsletter is going out now.'
                            : 'This week\u2019s newsletter has gone out.'}
                    </p>
                    <p>
                      Since {when(upcoming.since)}: {plural(upcoming.counts.devotionals, 'devotional', 'devotionals')},{' '}
                      {plural(upcoming.counts.news, 'news item', 'news items')};{' '}
                      {plural(upcoming.counts.events, 'event', 'events')} ahead.
                    </p>
                    <label htmlFor="newsletter-intro">Opening paragraph</label>
                    <textarea
                      id="newsletter-intro"
                      value={intro}
                      maxLength={2000}
                      disabled={!planned || busy}
                      onChange={(e) => setIntro(e.target.value)}
                    />
                    <div className="row">
                      <Button
                        type="button"
                        disabled={!planned || busy}
                        onClick={() => void act(() => updateNewsletter({ intro }), 'The opening paragraph is saved.')}
                      >
                        Save the opening paragraph
                      </Button>
                      <Button type="button" $variant="outline" disabled={busy} onClick={() => void act(sendNewsletterTest, '')}>
                        Send me a test
                      </Button>
                    </div>
                    <label htmlFor="newsletter-moment">Send at ({siteIdentity.timeZone.replace(/_/g, ' ')} time)</label>
                    <div className="row">
                      <input
                        id="newsletter-moment"
                        type="datetime-local"
                        value={moment}
                        disabled={!planned || busy}
                        onChange={(e) => setMoment(e.target.value)}
                      />
                      <Button
                        type="button"
                        $variant="outline"
                        disabled={!planned || busy || !moment}
                        onClick={() =>
                          void act(
                            () => updateNewsletter({ sendAt: inSiteTimeZone(moment).toISOString() }),
                            `The newsletter is rescheduled: it goes out ${when(inSiteTimeZone(moment).toISOString())}.`,
                          )
                        }
                      >
                        Reschedule
                      </Button>
                    </div>
                    {planned &&
                      (confirmSend ? (
                        <div className="row" role="group" aria-label="Send now?">
                          <p>
                            Send this week&rsquo;s newsletter now to{' '}
                            {plural(upcoming.recipients, 'confirmed subscriber', 'confirmed subscribers')}? It cannot be called
                            back.
                          </p>
                          <Button
                            type="button"
                            disabled={busy}
                            onClick={() =>
                              void act(sendNewsletterNow, 'The newsletter is going out now.').then(() => setConfirmSend(false))
                            }
                          >
                            {busy ? 'Sending…' : 'Yes, send it now'}
                          </Button>
                          <Button type="button" $variant="outline" disabled={busy} onClick={() => setConfirmSend(false)}>
                            Not now
                          </Button>
                        </div>
                      ) : (
                        <div className="row">
                          <Button type="button" $variant="outline" disabled={busy} onClick={() => setConfirmSend(true)}>
                            Send now…
                          </Button>
                        </div>
                      ))}
                    {upcoming.status === 'skipped' ? (
                      <Button
                        type="button"
                        disabled={busy}
                        onClick={() =>
                          void act(() => updateNewsletter({ skip: false }), 'This week\u2019s newsletter will go out.')
                        }
                      >
                        Send this week after all
                      </Button>
                    ) : (
                      <Button
                        type="button"
                        $variant="outline"
                        disabled={!planned || busy}
                        onClick={() => void act(() => updateNewsletter({ skip: true }), 'No newsletter this week.')}
                      >
                        Skip this week
                      </Button>
                    )}
                  </Panel>
                </div>
                <Panel aria-labelledby="newsletter-preview">
                  <h2 id="newsletter-preview">Preview: {upcoming.subject}</h2>
                  <Preview title="Preview of this week's newsletter" sandbox="" srcDoc={upcoming.html} />
                </Panel>
              </Grid>
              <h2>Past sends</h2>
              {past.length === 0 ? (
                <p>No newsletter has gone out yet.</p>
              ) : (
                <StaffTable label="Past newsletters">
                  <thead>
                    <tr>
                      <th scope="col">Week</th>
                      <th scope="col">Sent</th>
                      <th scope="col">Recipients</th>
                      <th scope="col">Failures</th>
                    </tr>
                  </thead>
                  <tbody>
                    {past.map((issue) => (
                      <tr key={issue.id}>
                        <td>{inSiteTimeZone(issue.week).format('D MMM YYYY')}</td>
                        <td>
                          {issue.status === 'skipped' ? (
                            <StatusBadge $tone="muted">Skipped</StatusBadge>
                          ) : issue.status === 'sending' ? (
                            <StatusBadge $tone="warn">Sending ({issue.sent} so far)</StatusBadge>
                          ) : (
                            issue.startedAt && <time dateTime={issue.startedAt}>{when(issue.startedAt)}</time>
                          )}
                        </td>
                        <td>{issue.recipients}</td>
                        <td>{issue.failed ? <StatusBadge $tone="danger">{issue.failed}</StatusBadge> : 0}</td>
                      </tr>
                    ))}
                  </tbody>
                </StaffTable>
              )}
            </>
          );
        }}
      </ResourceView>
    </StaffPage>
  );
}
