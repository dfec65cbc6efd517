/**
 * What the content staff pages share: dates as the staff read them, the
 * state of an item, the filter bar of a list, the panel beside a form, and
 * the delete dialog. Staff pages only: nothing here is in the public chunks.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatDevotionalDate, inSiteTimeZone } from '@ministry/shared/format';
import type { ContentState } from '@ministry/shared/types';
import { Link } from 'react-router-dom';
import { Button, ButtonLink, ConfirmDialog, media, SelectField, StatusBadge, theme } from '@ministry/shared/ui';
import { siteToday } from '@ministry/shared/validation';

/** 'Fri 27 Nov 2026', for a day 'YYYY-MM-DD' on the site's clock. */
export const formatDay = (day: string): string => inSiteTimeZone(day).format('ddd D MMM YYYY');

/** 'Draft', 'Scheduled for Nov 27, 2026', 'Published'. */
export function stateText(state: ContentState, publishAt: string): string {
  if (state === 'draft') return 'Draft';
  if (state === 'scheduled') return `Scheduled for ${formatDevotionalDate(new Date(publishAt).getTime() / 1000)}`;
  return 'Published';
}

export function StateBadge({ state, publishAt }: { state: ContentState; publishAt: string }) {
  return (
    <StatusBadge $tone={state === 'published' ? 'ok' : state === 'scheduled' ? 'warn' : 'muted'}>
      {stateText(state, publishAt)}
    </StatusBadge>
  );
}

/** The state filter of a staff list. */
const STATE_FILTERS: { value: '' | ContentState; label: string }[] = [
  { value: '', label: 'Every state' },
  { value: 'draft', label: 'Drafts' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'published', label: 'Published' },
];

/** A date field's value to start from: `wanted` when it is a day ('YYYY-MM-DD'), else today on the site's clock. */
export const startingDay = (wanted: string | null): string =>
  wanted && /^\d{4}-\d{2}-\d{2}$/.test(wanted) ? wanted : siteToday();

/** Whether a day is after today on the site's clock (publishing it schedules it). */
export const isAhead = (day: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(day) && day > siteToday();

/** Above a staff list: search and filters, side by side on a wide screen, stacked on a phone. */
export const FilterBar = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 2fr) repeat(auto-fit, minmax(160px, 1fr));
  gap: 0 16px;
  align-items: end;
  margin-bottom: 8px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const ListFoot = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  margin-top: 16px;
  color: ${theme.colors.muted};
`;

/** A staff list's state filter: every state, drafts, scheduled, published. */
export function StateFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <SelectField label="State" value={value} onChange={(e) => onChange(e.target.value)}>
      {STATE_FILTERS.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </SelectField>
  );
}

/** A list row's "On the site" cell: a link to the published item, or a dash. */
export function OnTheSite({ published, title, to }: { published: boolean; title: string; to: string }) {
  return published ? (
    <Link to={to}>
      View<span className="visually-hidden"> {title} on the site</span>
    </Link>
  ) : (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not on the site</span>
    </>
  );
}

/** Below a staff list: how many are shown of how many (of what, when `noun` says: 'devotionals'), and "Show more" while there are more. */
export function ListMore({
  shown,
  total,
  noun,
  more,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  noun?: string;
  more: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <ListFoot>
      <span role="status">
        {shown} of {total}
        {noun ? ` ${noun}` : ''}
      </span>
      {more && (
        <Button type="button" $variant="outline" disabled={loading} onClick={onMore}>
          {loading ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </ListFoot>
  );
}

/** The form on the left, its state and actions beside it (below it on a phone). */
export const EditorLayout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 300px;
  gap: 28px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 8px;
  }
`;

export const SidePanel = styled.section`
  position: sticky;
  /* Below the site's header, which stays at the top (72px). */
  top: 88px;
  display: grid;
  gap: 12px;
  padding: 18px 20px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  h2 {
    font-size: 1.1rem;
    color: ${theme.colors.primary};
    margin: 0;
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 0.92rem;
  }
  ${media.mobile} {
    position: static;
  }
`;

export const PanelActions = styled.div`
  display: grid;
  gap: 8px;
  a,
  button {
    width: 100%;
  }
`;

/** What an editor's item says of its state; `onSite` is the sentence for a published one. */
export function stateLine(item: { state: ContentState; publishAt: string } | null, onSite: string): string {
  if (!item) return 'Not saved yet. Save it as a draft first, or publish it at once.';
  if (item.state === 'draft') return 'A draft: only the staff see it.';
  if (item.state === 'scheduled')
    return `It goes out on ${formatDevotionalDate(new Date(item.publishAt).getTime() / 1000)}, without anyone acting.`;
  return `${onSite} A saved change shows within seconds.`;
}

export type EditorBusy = 'save' | 'publish' | 'unpublish' | null;

/**
 * The panel beside an editor: the item's state and what it means, then what
 * may be done with it: save (and publish, or schedule when dated ahead) or
 * unpublish, preview, view it on the site, delete.
 */
export function StatePanel({
  headingId,
  saved,
  onSite,
  dirty,
  busy,
  datedAhead,
  previewing,
  publicPath,
  onSave,
  onUnpublish,
  onPreview,
  onDelete,
}: {
  headingId: string;
  saved: { state: ContentState; status: string; publishAt: string } | null;
  onSite: string;
  dirty: boolean;
  busy: EditorBusy;
  datedAhead: boolean;
  previewing: boolean;
  publicPath: string | null;
  onSave: (publish: boolean) => void;
  onUnpublish: () => void;
  onPreview: (on: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <SidePanel aria-labelledby={headingId}>
      <h2 id={headingId}>State</h2>
      <div>
        {saved ? <StateBadge state={saved.state} publishAt={saved.publishAt} /> : <StateBadge state="draft" publishAt="" />}
      </div>
      <p>{stateLine(saved, onSite)}</p>
      {dirty && saved && <p role="status">You have changes not saved yet.</p>}
      <PanelActions>
        {saved && saved.status === 'published' ? (
          <>
            <Button type="button" disabled={busy !== null} onClick={() => onSave(false)}>
              {busy === 'save' ? 'Saving…' : 'Save changes'}
            </Button>
            <Button type="button" $variant="outline" disabled={busy !== null} onClick={onUnpublish}>
              {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
            </Button>
          </>
        ) : (
          <>
            <Button type="button" disabled={busy !== null} onClick={() => onSave(true)}>
              {busy === 'publish' ? 'Publishing…' : datedAhead ? 'Save and schedule' : 'Save and publish'}
            </Button>
            <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => onSave(false)}>
              {busy === 'save' ? 'Saving…' : 'Save draft'}
            </Button>
          </>
        )}
        <Button type="button" $variant="outline" aria-pressed={previewing} onClick={() => onPreview(!previewing)}>
          {previewing ? 'Back to editing' : 'Preview'}
        </Button>
        {saved?.state === 'published' && publicPath && (
          <ButtonLink to={publicPath} $variant="outline">
            View on the site
          </ButtonLink>
        )}
        {saved && (
          <Button type="button" $variant="danger" disabled={busy !== null} onClick={onDelete}>
            Delete
          </Button>
        )}
      </PanelActions>
    </SidePanel>
  );
}

/** Room under a field that brings no margin of its own (the photo). */
export const Spaced = styled.div`
  margin-bottom: 20px;
`;

/** Two short fields side by side (one above the other on a phone). */
export const FieldRow = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 16px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const PreviewFrame = styled.section`
  border: 2px dashed ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 20px 24px 28px;
  background: #fff;
  > header {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
    justify-content: space-between;
    margin-bottom: 20px;
    padding-bottom: 16px;
    border-bottom: 1px solid ${theme.colors.border};
  }
  > header h2 {
    margin: 0;
    font-size: 1.1rem;
    color: ${theme.colors.muted};
  }
  ${media.mobile} {
    padding: 14px 12px 20px;
  }
`;

/** 'Preview': the item as its public page will show it, above a way back to the form. */
export function Preview({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <PreviewFrame aria-labelledby="preview-heading">
      <header>
        <h2 id="preview-heading">Preview: as the public page will show it</h2>
        <Button type="button" $variant="outline" onClick={onClose}>
          Back to editing
        </Button>
      </header>
      {children}
    </PreviewFrame>
  );
}

/** "Delete …?" in the site's own dialog: Cancel, or Delete for good. */
export function ConfirmDelete({
  open,
  what,
  title,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** 'devotional', 'news item', 'press release'. */
  what: string;
  title: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={`Delete this ${what}?`}
      onClose={onCancel}
      confirmLabel={`Delete ${what}`}
      busyLabel="Deleting…"
      onConfirm={onConfirm}
      keepLabel="Cancel"
    >
      <p>“{title || `This ${what}`}” will be removed from the site and from the staff pages for good. This cannot be undone.</p>
    </ConfirmDialog>
  );
}

/** What a slug made from `title` looks like (the server makes the real one, unique). */
export function slugPreview(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 110);
}

/** Once the errors are on screen, the first field with one takes the focus. */
export const focusFirstProblem = (): void => {
  setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
};
