import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import type { TicketPass } from '@ministry/shared/types';
import { Button, FieldError, Input, theme } from '@ministry/shared/ui';
import { forwardTicket } from './api';

const Form = styled.form`
  display: grid;
  gap: 6px;
  label {
    font-weight: 500;
    font-size: 0.9rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  input {
    flex: 1 1 180px;
    min-width: 0;
  }
`;

const Sent = styled.p`
  color: ${theme.colors.success} !important;
  overflow-wrap: anywhere;
`;

const LinkButton = styled.button`
  justify-self: start;
  padding: 0;
  border: none;
  background: none;
  color: ${theme.colors.primary};
  font: inherit;
  font-weight: 500;
  text-decoration: underline;
  cursor: pointer;
`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Send to a guest": e-mails this one ticket (its QR code and code) to the address the member types. */
export function ForwardTicket({ pass, eventTitle }: { pass: TicketPass; bookingId: string; eventTitle: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(pass.forwardedTo);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError('Enter the guest’s e-mail address');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const after = await forwardTicket(pass._id, address);
      setSentTo(after.forwardedTo ?? address);
      setOpen(false);
      setEmail('');
    } catch (err) {
      setError(friendlyError(err, 'The ticket could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {sentTo && <Sent role="status">Sent to {sentTo}.</Sent>}
      {open ? (
        <Form noValidate onSubmit={(e) => void submit(e)} aria-label={`Send ticket ${pass.position} of ${eventTitle}`}>
          <label htmlFor={`${id}-email`}>Guest’s e-mail address</label>
          <div className="row">
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              maxLength={200}
              value={email}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send'}
            </Button>
          </div>
          {error && <FieldError role="alert">{error}</FieldError>}
        </Form>
      ) : (
        <LinkButton type="button" onClick={() => setOpen(true)}>
          {sentTo ? 'Send it again' : 'Send to a guest'}
        </LinkButton>
      )}
    </>
  );
}
