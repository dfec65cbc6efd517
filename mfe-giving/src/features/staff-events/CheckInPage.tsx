import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { formatEventTime, formatNewsDate } from '@ministry/shared/format';
import type { CheckInCounts } from '@ministry/shared/types';
import { Button, ButtonLink, Input, StaffPage, theme } from '@ministry/shared/ui';
import { attendeesPath } from './staffEventStatus';
import { checkInTicket, getCheckInCounts } from './api';

const Counts = styled.p`
  font-size: 1.4rem;
  font-weight: 700;
  color: ${theme.colors.primary};
  margin: 0 0 16px;
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  max-width: 560px;
  label {
    flex-basis: 100%;
    font-weight: 600;
  }
  input {
    flex: 1 1 240px;
    min-width: 0;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    letter-spacing: 0.05em;
    text-transform: uppercase;
  }
`;

const Result = styled.div<{ $tone: 'ok' | 'warn' | 'danger' }>`
  max-width: 560px;
  margin: 18px 0;
  padding: 16px 18px;
  border-radius: ${theme.radius};
  font-size: 1.05rem;
  border: 2px solid ${(p) => (p.$tone === 'ok' ? '#1e7b43' : p.$tone === 'warn' ? '#a86300' : '#b3261e')};
  background: ${(p) => (p.$tone === 'ok' ? '#e7f6ec' : p.$tone === 'warn' ? '#fff4e0' : '#fdecea')};
  strong {
    display: block;
    font-size: 1.25rem;
    margin-bottom: 4px;
  }
`;

const Video = styled.video`
  display: block;
  width: 100%;
  max-width: 420px;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  border-radius: ${theme.radius};
  background: #111;
  margin: 12px 0;
`;

type Shown = { tone: 'ok' | 'warn' | 'danger'; title: string; detail: string };

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const detectorClass = (): DetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector
    : null;

/** Whether this browser can film at all (the page then offers the camera). */
const hasCamera = (): boolean => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * Where the browser detects no QR codes itself (Safari, Firefox): jsQR reads
 * the camera's frames, loaded only then.
 */
async function frameReader(): Promise<Detector> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async detect(video) {
      const { videoWidth: width, videoHeight: height } = video;
      if (!context || !width || !height) return [];
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const found = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' });
      return found ? [{ rawValue: found.data }] : [];
    },
  };
}

/**
 * /admin/events/:id/check-in (editors, on a phone at the door): a ticket's
 * code typed or scanned with the camera (the browser's QR detection, or jsQR)
 * checks it in once; every answer, a failure included, is shown large, and
 * the checked-in / sold count follows every few seconds.
 */
export function CheckInPage() {
  const { id = '' } = useParams();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [counts, setCounts] = useState<CheckInCounts | null>(null);
  const [countsError, setCountsError] = useState(false);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const lastScan = useRef<{ value: string; at: number } | null>(null);

  const refresh = useCallback(async () => {
    try {
      setCounts(await getCheckInCounts(id));
      setCountsError(false);
    } catch {
      setCountsError(true);
    }
  }, [id]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, [refresh]);

  const submit = useCallback(
    async (value: string) => {
      if (!value.trim()) {
        setShown({ tone: 'danger', title: 'No code', detail: 'Type the code under the QR code, or scan it.' });
        return;
      }
      setBusy(true);
      try {
        const result = await checkInTicket(id, value);
        setCounts(result.counts);
        const { ticket } = result;
        const which = `${ticket.name} · ticket ${ticket.position} of ${ticket.quantity} · booking ${ticket.reference}`;
        if (result.outcome === 'checked_in') {
          setShown({ tone: 'ok', title: 'Welcome! Checked in', detail: which });
        } else {
          const by = ticket.checkedInBy ? ` by ${ticket.checkedInBy}` : '';
          setShown({
            tone: 'warn',
            title: `Already checked in at ${formatEventTime(ticket.checkedInAt)}`,
            detail: `${which} · on ${formatNewsDate(ticket.checkedInAt)}${by}.`,
          });
        }
        setCode('');
      } catch (failure) {
        setShown({
          tone: 'danger',
          title: 'Not checked in',
          detail: friendlyError(failure, 'The ticket could not be checked. Please try again.'),
        });
      } finally {
        setBusy(false);
      }
    },
    [id],
  );

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    void (async () => {
      try {
        const Detector = detectorClass();
        const detector = Detector ? new Detector({ formats: ['qr_code'] }) : await frameReader();
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stopped && video.current) {
          const found = await detector.detect(video.current).catch(() => []);
          const value = found[0]?.rawValue;
          const now = Date.now();
          // The same ticket held in front of the camera counts once every few seconds.
          if (value && !(lastScan.current?.value === value && now - lastScan.current.at < 4000)) {
            lastScan.current = { value, at: now };
            await submit(value);
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } catch {
        setShown({ tone: 'danger', title: 'Camera not available', detail: 'Allow the camera for this site, or type the code.' });
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, submit]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  return (
    <StaffPage
      title="Check-in at the door"
      intro="Scan each person's ticket (QR code), or type the code printed under it. Each ticket admits one person, once."
      actions={
        <ButtonLink to={attendeesPath(id)} $variant="outline">
          Attendees
        </ButtonLink>
      }
    >
      <Counts aria-live="polite">
        {counts ? `${counts.checkedIn} checked in / ${counts.sold} tickets` : 'Counting…'}
        {countsError && (
          <span style={{ display: 'block', fontSize: '0.9rem', color: '#b3261e' }}>Offline: the count may be behind.</span>
        )}
      </Counts>
      <Form onSubmit={onSubmit}>
        <label htmlFor="ticket-code">Ticket code</label>
        <Input
          id="ticket-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCDE-FGHJK-MNPQR-STVWX"
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Check in'}
        </Button>
        {hasCamera() && (
          <Button type="button" $variant="outline" onClick={() => setScanning((on) => !on)}>
            {scanning ? 'Stop the camera' : 'Scan with the camera'}
          </Button>
        )}
      </Form>
      {scanning && <Video ref={video} muted playsInline aria-label="Camera" />}
      {shown && (
        <Result $tone={shown.tone} role={shown.tone === 'ok' ? 'status' : 'alert'}>
          <strong>{shown.title}</strong>
          {shown.detail}
        </Result>
      )}
    </StaffPage>
  );
}
