import { isStaff } from '@ministry/shared/config';
import { useAuth } from '@ministry/shared/store';
import { notify } from '@ministry/shared/ui';
import type { PostKind } from '@ministry/shared/types';
import { ReasonButton } from './ReasonButton';
import { moderatePost, reportPost } from './api';

const NAMES: Record<PostKind, string> = { prayers: 'prayer request', stories: 'story', comments: 'comment' };

/**
 * On a published post someone else wrote: "Report" for a member (with a
 * reason: the moderators see it; the post stays up for others unless
 * several members report it), "Hide" for the staff (with a reason mailed to
 * its author). Either way the post leaves this page.
 */
export function ReportButton({ kind, id, onReported }: { kind: PostKind; id: string; onReported: () => void }) {
  const { user } = useAuth();
  const name = NAMES[kind];
  if (isStaff(user?.role)) {
    return (
      <ReasonButton
        label={
          <>
            Hide<span className="visually-hidden"> this {name}</span>
          </>
        }
        title={`Hide this ${name}`}
        question="Reason for the author (optional)"
        submitLabel="Hide and tell the author"
        required={false}
        send={async (reason) => {
          await moderatePost(kind, id, 'reject', { reason: reason || undefined });
          notify.success(`The ${name} is hidden; its author is told by e-mail.`);
          onReported();
        }}
      />
    );
  }
  return (
    <ReasonButton
      label={
        <>
          Report<span className="visually-hidden"> this {name}</span>
        </>
      }
      title={`Report this ${name}`}
      question="What is wrong with it?"
      submitLabel="Report"
      required
      send={async (reason) => {
        await reportPost(kind, id, reason);
        notify.success('Thank you. Our moderators will look at it.');
        onReported();
      }}
    />
  );
}
