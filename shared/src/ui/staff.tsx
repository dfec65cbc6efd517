/**
 * The parts every staff page is made of, whichever remote it lives in: the
 * page's frame (title, what it is for, its actions) and tables that stay
 * usable on a phone (they scroll sideways inside their own region, never the
 * page). Staff pages are lazy chunks of their remotes: nothing here weighs on
 * the public pages.
 */
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { friendlyError } from '../api/errors';
import { FieldError } from './fields';
import { ResponsiveImage } from './ResponsiveImage';
import { Container } from './layout';
import { media, theme } from './theme';
import { usePageTitle } from './usePageTitle';

const Frame = styled.div`
  padding: 28px 0 56px;
  ${media.mobile} {
    padding: 20px 0 40px;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 12px 24px;
  margin-bottom: 20px;
  h1 {
    font-size: 1.7rem;
    color: ${theme.colors.primary};
    margin: 0;
  }
  p {
    margin: 4px 0 0;
    color: ${theme.colors.muted};
    max-width: 62ch;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A staff page: its title (also the tab's), a line on what it is for, its actions, then its content. */
export function StaffPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container>
      <Frame>
        <Head>
          <div>
            <h1>{title}</h1>
            {intro && <p>{intro}</p>}
          </div>
          {actions && <Actions>{actions}</Actions>}
        </Head>
        {children}
      </Frame>
    </Container>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
  /* Clips what is positioned inside too (text for screen readers only), so only the region scrolls sideways. */
  position: relative;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: #fff;
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th,
  td {
    text-align: left;
    padding: 10px 14px;
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: top;
  }
  th {
    background: ${theme.colors.surface};
    color: ${theme.colors.primary};
    font-weight: 600;
    white-space: nowrap;
  }
  tbody tr:last-child td {
    border-bottom: none;
  }
  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** A bordered box on a staff page for one topic under its heading (a dashboard panel, a part of a member's page). */
export const StaffPanel = styled.section`
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 18px 20px;
  h2 {
    font-size: 1.15rem;
    color: ${theme.colors.primary};
    margin: 0 0 12px;
  }
`;

/** A table in a region of its own that scrolls sideways on a narrow screen (reachable by keyboard). */
export function StaffTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Scroll role="region" aria-label={label} tabIndex={0}>
      <Table>
        <caption className="visually-hidden">{label}</caption>
        {children}
      </Table>
    </Scroll>
  );
}

/** A small coloured label: 'Published', 'Scheduled', 'Draft', 'Cancelled'. */
export const StatusBadge = styled.span<{ $tone?: 'ok' | 'warn' | 'muted' | 'danger' }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  white-space: nowrap;
  color: ${(p) => (p.$tone === 'ok' ? theme.colors.success : p.$tone === 'danger' ? theme.colors.danger : p.$tone === 'warn' ? theme.colors.accentText : theme.colors.muted)};
  background: ${theme.colors.surface};
  border: 1px solid currentColor;
`;

const ImageBox = styled.div`
  display: grid;
  gap: 8px;
  min-width: 0;
  /* A file input is wide by default: on a phone it must not widen the page. */
  input[type='file'] {
    max-width: 100%;
    min-width: 0;
  }
  label {
    font-weight: 600;
    color: ${theme.colors.text};
  }
  img {
    max-width: 320px;
    width: 100%;
    height: auto;
    border-radius: 8px;
    border: 1px solid ${theme.colors.border};
  }
`;

/**
 * A photo for what a staff page edits: choosing one uploads it (re-encoded
 * on the server at every width the public pages use) and shows it; the
 * server's reason is shown when it is refused. `upload` is the app's own
 * call of POST /api/admin/images; `onChange` gets what the entity stores.
 */
export function ImageField({
  label,
  value,
  onChange,
  upload,
  error,
  alt = '',
}: {
  label: string;
  value: string;
  onChange: (src: string) => void;
  upload: (file: File) => Promise<{ src: string }>;
  error?: string | false;
  alt?: string;
}) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const shown = state.error ?? (error || null);
  return (
    <ImageBox>
      <label htmlFor={id}>{label}</label>
      {value && <ResponsiveImage src={value} sizes="320px" alt={alt} />}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        disabled={state.busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return;
          setState({ busy: true, error: null });
          upload(file).then(
            (image) => {
              setState({ busy: false, error: null });
              onChange(image.src);
            },
            (failure: unknown) =>
              setState({ busy: false, error: friendlyError(failure, 'The photo could not be uploaded. Please try again.') }),
          );
        }}
      />
      {state.busy && <small role="status">Uploading…</small>}
      {shown && <FieldError id={`${id}-error`}>{shown}</FieldError>}
    </ImageBox>
  );
}
