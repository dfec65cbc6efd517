import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { formatServiceTime, inSiteTimeZone } from '@ministry/shared/format';
import { Container, LoadingState, Section, usePageTitle } from '@ministry/shared/ui';
import type { ConfirmedVisit } from '@ministry/shared/types';
import { confirmVisit } from './api';
import { LinkPageBox } from '../../lib/LinkPageBox';

const Box = styled(LinkPageBox)`
  dl {
    margin: 0 0 16px;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0 0 8px;
  }
`;

const party = (v: ConfirmedVisit) =>
  `${v.adults} ${v.adults === 1 ? 'adult' : 'adults'}${
    v.childrenAges.length
      ? ` and ${v.childrenAges.length} ${v.childrenAges.length === 1 ? 'child' : 'children'} (${v.childrenAges.length === 1 ? 'age' : 'ages'} ${v.childrenAges
          .map((a) => (a === 0 ? 'under 1' : a))
          .join(', ')})`
      : ''
  }`;

/**
 * /visit/confirm/:token: the link of a planned visit's confirmation mail.
 * The page (not the link itself) asks the server, once.
 */
export function ConfirmVisitPage() {
  usePageTitle('Confirm your visit');
  const { token = '' } = useParams();
  const [state, setState] = useState<{ ok: true; visit: ConfirmedVisit } | { ok: false; message: string } | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirmVisit(token).then(
      (visit) => setState({ ok: true, visit }),
      (error: unknown) => setState({ ok: false, message: serverFieldErrors(error).token ?? friendlyError(error) }),
    );
  }, [token]);

  return (
    <Section>
      <Container>
        <Box role="region" aria-labelledby="visit-confirm-title">
          {!state ? (
            <>
              <h1 id="visit-confirm-title">Confirming your visit</h1>
              <LoadingState label="Confirming your visit…" />
            </>
          ) : state.ok ? (
            <>
              <h1 id="visit-confirm-title">We look forward to seeing you</h1>
              <p role="status">{state.visit.message}</p>
              <dl>
                <dt>When</dt>
                <dd>
                  {inSiteTimeZone(state.visit.at, state.visit.timeZone).format('dddd D MMMM')} at{' '}
                  {formatServiceTime(inSiteTimeZone(state.visit.at, state.visit.timeZone).format('HH:mm'))},{' '}
                  {state.visit.serviceName}
                </dd>
                <dt>Where</dt>
                <dd>
                  {state.visit.church_name}, {state.visit.adress}
                </dd>
                {state.visit.parking && (
                  <>
                    <dt>Parking</dt>
                    <dd>{state.visit.parking}</dd>
                  </>
                )}
                <dt>Coming</dt>
                <dd>{party(state.visit)}</dd>
              </dl>
              <p>
                <Link to="/community?tab=location">See our churches</Link>
              </p>
            </>
          ) : (
            <>
              <h1 id="visit-confirm-title">This link does not work</h1>
              <p role="alert">{state.message}</p>
              <p>
                <Link to="/visit">Plan a visit</Link>
              </p>
            </>
          )}
        </Box>
      </Container>
    </Section>
  );
}
