import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { setCurrentUser, useAppDispatch } from '@ministry/shared/store';
import type { User } from '@ministry/shared/types';
import { notify, theme } from '@ministry/shared/ui';
import { NumberedPanel } from '../../components/Panel';
import { setPrayerMail } from './api';

const Panel = styled(NumberedPanel)`
  p {
    margin: 0 0 12px;
  }
  a {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
`;

const Switch = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
    flex: none;
    accent-color: ${theme.colors.primary};
  }
`;

/** The member's posts on the community pages, and whether they hear when members pray for their requests. */
export function CommunitySection({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const on = user.prayerMail !== false;

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      const now = await setPrayerMail(wanted);
      dispatch(setCurrentUser({ ...user, prayerMail: now }));
      notify.success(
        now ? 'We will tell you when members pray for your requests.' : 'We will no longer e-mail you about prayers.',
      );
    } catch (error) {
      notify.error(friendlyError(error, "We couldn't save that right now. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel aria-labelledby="profile-community">
      <h2 id="profile-community">
        <span>05</span> Prayer wall and stories
      </h2>
      <p>
        <Link to="/community/my-posts">My posts</Link>: your prayer requests, stories and comments, where each one stands, to
        correct or delete.
      </p>
      <Switch>
        <input type="checkbox" checked={on} disabled={busy} onChange={(e) => void change(e.target.checked)} />
        <span>E-mail me when members pray for my requests (at most once a day, without their names)</span>
      </Switch>
    </Panel>
  );
}
