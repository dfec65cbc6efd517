import { Link, useParams, useSearchParams } from 'react-router-dom';
import { MailOffPage } from '../../lib/MailOffPage';
import { turnPrayerMailOff, turnPrayerSummaryOff } from './api';

const SUMMARY_WORDS = {
  title: 'Stop the weekly summary?',
  what: 'We e-mail you once a week how many people prayed for this request.',
  done: 'We will no longer send you the weekly summary for this request.',
  back: (
    <>
      You can turn it back on under your request on the <Link to="/community">prayer wall</Link>.
    </>
  ),
  button: 'Stop the weekly summary',
};

const DAILY_WORDS = {
  title: 'Stop prayer e-mails?',
  what: 'We e-mail you, at most once a day, when members of the church family pray for your requests.',
  done: 'We will no longer e-mail you when members pray for your requests.',
  back: (
    <>
      You can turn these e-mails back on in <Link to="/profile">your profile</Link>.
    </>
  ),
  button: 'Stop these e-mails',
};

/**
 * /community/prayer-mail-off/:token, the link in a "people prayed" e-mail
 * (with `?summary=1`, in a request's weekly summary): one press stops those
 * e-mails, without signing in. (A press, not the link itself: mail scanners
 * open links.)
 */
export function PrayerMailOffPage() {
  const [search] = useSearchParams();
  const summary = search.get('summary') === '1';
  const words = summary ? SUMMARY_WORDS : DAILY_WORDS;
  const { token = '' } = useParams();
  return (
    <MailOffPage
      pageTitle={summary ? 'Stop the weekly summary' : 'Stop prayer e-mails'}
      title={words.title}
      what={words.what}
      button={words.button}
      stop={async () => {
        await (summary ? turnPrayerSummaryOff(token) : turnPrayerMailOff(token));
        return words.done;
      }}
      back={words.back}
      elsewhere={
        <>
          You can turn these e-mails off in <Link to="/profile">your profile</Link>.
        </>
      }
    />
  );
}
