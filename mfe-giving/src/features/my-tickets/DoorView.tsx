import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button } from '@ministry/shared/ui';

const Screen = styled.div`
  position: fixed;
  inset: 0;
  z-index: 10000;
  background: #fff;
  color: #000;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 16px;
  padding: 16px;
  text-align: center;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 1.3rem;
    letter-spacing: 0.08em;
  }
`;

const BigQr = styled.img`
  width: min(88vw, 70vh);
  height: min(88vw, 70vh);
  object-fit: contain;
  background: #fff;
  image-rendering: pixelated;
`;

/**
 * "Show at the door": the ticket's QR code alone, as large as the screen
 * allows, black on white (the browser's full screen when it lets us, and the
 * screen kept awake), with its code beneath for a door that types it.
 * It needs nothing from the network: it works offline from the kept tickets.
 */
export function DoorView({ qrSrc, code, title }: { qrSrc: string; code: string; title: string }) {
  const [open, setOpen] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    let lock: { release: () => Promise<void> } | null = null;
    const wakeLock = (navigator as Navigator & { wakeLock?: { request: (type: 'screen') => Promise<typeof lock> } }).wakeLock;
    wakeLock?.request('screen').then(
      (l) => (lock = l),
      () => undefined,
    );
    document.documentElement.requestFullscreen?.().catch(() => undefined);
    return () => {
      window.removeEventListener('keydown', onKey);
      void lock?.release().catch(() => undefined);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [open]);
  return (
    <>
      <Button type="button" $variant="outline" onClick={() => setOpen(true)}>
        Show at the door
      </Button>
      {open &&
        createPortal(
          <Screen role="dialog" aria-modal="true" aria-label={`Ticket for ${title}, to show at the door`}>
            <h2>{title}</h2>
            <BigQr src={qrSrc} alt={`QR code of the ticket ${code}`} />
            <p aria-label="Ticket code">{code}</p>
            <Button ref={close} type="button" onClick={() => setOpen(false)}>
              Close
            </Button>
          </Screen>,
          document.body,
        )}
    </>
  );
}
