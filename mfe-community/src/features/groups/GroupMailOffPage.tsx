import { Link, useParams } from 'react-router-dom';
import { MailOffPage } from '../../lib/MailOffPage';
import { turnGroupMailOff } from './api';

/** /groups/mail-off/:token, the link at the foot of a group's e-mail: one press stops that group's e-mails. */
export function GroupMailOffPage() {
  const { token = '' } = useParams();
  return (
    <MailOffPage
      pageTitle="Stop group e-mails"
      title={<>Stop this group&rsquo;s e-mails?</>}
      what="Its leaders write to the group through the site now and then. You stay in the group either way."
      button="Stop these e-mails"
      stop={async () => `We will no longer send you the e-mails of ${await turnGroupMailOff(token)}.`}
      back={
        <>
          You stay in the group. You can turn its e-mails back on in <Link to="/my-groups">your groups</Link>.
        </>
      }
      elsewhere={
        <>
          You can turn a group&rsquo;s e-mails off in <Link to="/my-groups">your groups</Link>.
        </>
      }
    />
  );
}
