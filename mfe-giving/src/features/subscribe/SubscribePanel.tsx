import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button, ExternalButton, Input, notify, theme } from '@ministry/shared/ui';
import { feedAddresses, siteOrigin } from './feedAddress';

const Box = styled.section`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  padding: 20px 24px;
  h2,
  h3 {
    margin: 0 0 6px;
    font-size: 1.2rem;
    color: ${theme.colors.primary};
  }
  p {
    margin: 0 0 12px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin: 0 0 14px;
`;

const Address = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: end;
  label {
    flex: 1 1 260px;
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    font-family: monospace;
    font-size: 0.85rem;
  }
`;

const HowTo = styled.details`
  margin-top: 14px;
  summary {
    cursor: pointer;
    font-weight: 600;
    color: ${theme.colors.primary};
  }
  dl {
    margin: 10px 0 0;
  }
  dt {
    font-weight: 700;
    margin-top: 8px;
  }
  dd {
    margin: 2px 0 0;
  }
`;

/** Copies text; says so, or says to copy it by hand where the browser refuses. */
async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('The address is copied.');
  } catch {
    notify.error('Your browser did not let us copy it: select the address and copy it yourself.');
  }
}

/**
 * How to have a calendar feed in one's own calendar: a webcal: link (the
 * calendar app on the phone or computer subscribes), Google Calendar's own
 * link, the address to copy, and what to do in Google, Apple and Outlook.
 * `path` is the feed's path on the site ('/calendar.ics?category=Youth') or
 * its absolute address.
 */
export function SubscribeLinks({ path, name }: { path: string; name: string }) {
  // The origin is known in the browser only: the server renders the path, the browser the full address.
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(siteOrigin()), []);
  const absolute = /^https?:\/\//.test(path) ? path : `${origin}${path}`;
  const links = feedAddresses(absolute);
  const inputId = useId();
  return (
    <>
      <Actions>
        <ExternalButton href={links.webcal} aria-label={`Subscribe to ${name} in your calendar app`}>
          Subscribe
        </ExternalButton>
        <ExternalButton href={links.google} target="_blank" rel="noopener noreferrer" $variant="outline">
          Add to Google Calendar <span className="visually-hidden">(opens in a new tab)</span>
        </ExternalButton>
      </Actions>
      <Address>
        <label htmlFor={inputId}>
          Calendar address
          <Input id={inputId} readOnly value={links.https} onFocus={(e) => e.currentTarget.select()} />
        </label>
        <Button type="button" $variant="outline" onClick={() => void copy(links.https)}>
          Copy the address
        </Button>
      </Address>
      <HowTo>
        <summary>How to subscribe in Google, Apple or Outlook</summary>
        <dl>
          <dt>Google Calendar</dt>
          <dd>
            Use “Add to Google Calendar”, or on a computer open Google Calendar, choose “+” beside “Other calendars”, then “From
            URL”, and paste the address.
          </dd>
          <dt>Apple Calendar (iPhone, iPad, Mac)</dt>
          <dd>
            Use “Subscribe” and confirm; or in Settings › Calendar › Accounts › Add Account › Other › Add Subscribed Calendar (on
            a Mac: File › New Calendar Subscription) paste the address.
          </dd>
          <dt>Outlook</dt>
          <dd>
            Use “Subscribe”; or in Outlook on the web choose Add calendar › Subscribe from web, paste the address and give it a
            name.
          </dd>
        </dl>
        <p style={{ marginTop: 10 }}>
          Your calendar looks for changes by itself (Google every few hours): new events appear, and a cancelled event is marked
          so.
        </p>
      </HowTo>
    </>
  );
}

/** "Subscribe": the church's events (with the filters chosen) in the visitor's own calendar. */
export function SubscribePanel({ path, name, headingLevel = 2 }: { path: string; name: string; headingLevel?: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Box aria-labelledby={headingId}>
      <Heading id={headingId}>Subscribe to {name}</Heading>
      <p>Have these events in your own calendar: it keeps itself up to date.</p>
      <SubscribeLinks path={path} name={name} />
    </Box>
  );
}
