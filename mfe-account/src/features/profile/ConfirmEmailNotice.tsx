import { useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import type { User } from '@ministry/shared/types';
import { Button, theme } from '@ministry/shared/ui';
import { resendConfirmation } from './api';

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 20px;
  margin-bottom: 28px;
  padding: 16px 20px;
  border: 1px solid ${theme.colors.accentText};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  h2 {
    font-size: 1.05rem;
    margin: 0 0 4px;
    color: ${theme.colors.text};
  }
  p {
    margin: 0;
  }
  > div {
    flex: 1 1 280px;
  }
`;

/** For a member whose address is not confirmed yet: why it matters, and another link. */
export function ConfirmEmailNotice({ user }: { user: User }) {
  const [state, setState] = useState<{ busy: boolean; said?: string; failed?: boolean }>({ busy: false });
  if (user.emailVerified !== false) return null;
  const resend = async () => {
    setState({ busy: true });
    try {
      setState({ busy: false, said: await resendConfirmation() });
    } catch (error) {
      setState({ busy: false, said: friendlyError(error), failed: true });
    }
  };
  return (
    <Box aria-labelledby="confirm-email-heading">
      <div>
        <h2 id="confirm-email-heading">Confirm your e-mail address</h2>
        <p>Open the link we sent to {user.email} to post prayers and stories and to book tickets.</p>
        {state.said && <p role={state.failed ? 'alert' : 'status'}>{state.said}</p>}
      </div>
      <Button type="button" $variant="outline" disabled={state.busy} onClick={resend}>
        {state.busy ? 'Sending…' : 'Send the link again'}
      </Button>
    </Box>
  );
}
