import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { DevotionalTag } from '@ministry/shared/types';
import { Button, FieldError, Input, theme } from '@ministry/shared/ui';
import { CONTENT_LIMITS, tagKey } from '@ministry/shared/validation';

const Box = styled.fieldset`
  border: none;
  margin: 0 0 16px;
  padding: 0;
  legend {
    font-weight: 500;
    font-size: 0.92rem;
    padding: 0;
    margin-bottom: 6px;
  }
  small {
    display: block;
    color: ${theme.colors.muted};
    margin-top: 6px;
  }
`;

const Chosen = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  margin: 0 0 8px;
  padding: 0;
  li {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    padding: 0 0 0 12px;
    border-radius: 999px;
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
    font-size: 0.88rem;
    font-weight: 500;
  }
  button {
    min-width: 36px;
    min-height: 36px;
    border: none;
    background: transparent;
    color: inherit;
    font-size: 1.1rem;
    cursor: pointer;
    border-radius: 999px;
  }
  button:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

const AddRow = styled.div`
  display: flex;
  gap: 8px;
  input {
    flex: 1 1 auto;
    min-width: 0;
  }
`;

const Suggestions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-top: 8px;
  span {
    font-size: 0.85rem;
    color: ${theme.colors.muted};
    align-self: center;
  }
  button {
    min-height: 36px;
    padding: 4px 12px;
    border-radius: 999px;
    border: 1px solid ${theme.colors.border};
    background: #fff;
    color: ${theme.colors.primary};
    font: inherit;
    font-size: 0.85rem;
    cursor: pointer;
  }
  button:hover {
    background: ${theme.colors.surface};
  }
`;

const SUGGESTED = 8;

/**
 * A devotional's tags: chosen from those in use (suggested, and offered as
 * one types) or new; each once, whatever its case; the first is the one the
 * public lists show.
 */
export function TagPicker({
  value,
  onChange,
  known,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  known: DevotionalTag[];
  error?: string | false;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const chosen = new Set(value.map(tagKey));
  const offered = known.filter((t) => !chosen.has(tagKey(t.tag)));

  const add = (tag: string) => {
    const clean = tag.trim().replace(/\s+/g, ' ');
    if (!clean) return;
    const spelled = known.find((t) => tagKey(t.tag) === tagKey(clean))?.tag ?? clean;
    if (!chosen.has(tagKey(spelled))) onChange([...value, spelled]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter (or a comma) adds the tag instead of sending the form.
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    }
  };

  return (
    <Box aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>Tags</legend>
      {value.length > 0 && (
        <Chosen aria-label="Chosen tags">
          {value.map((tag) => (
            <li key={tag}>
              {tag}
              <button type="button" aria-label={`Remove the tag ${tag}`} onClick={() => onChange(value.filter((t) => t !== tag))}>
                ×
              </button>
            </li>
          ))}
        </Chosen>
      )}
      <label htmlFor={`${id}-new`} className="visually-hidden">
        Add a tag
      </label>
      <AddRow>
        <Input
          id={`${id}-new`}
          list={`${id}-known`}
          value={draft}
          maxLength={CONTENT_LIMITS.tag}
          placeholder="Add a tag"
          $invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" $variant="outline" onClick={() => add(draft)} disabled={!draft.trim()}>
          Add
        </Button>
      </AddRow>
      <datalist id={`${id}-known`}>
        {offered.map((t) => (
          <option key={t.tag} value={t.tag} />
        ))}
      </datalist>
      {offered.length > 0 && (
        <Suggestions>
          <span>In use:</span>
          {offered.slice(0, SUGGESTED).map((t) => (
            <button key={t.tag} type="button" aria-label={`Add the tag ${t.tag}`} onClick={() => add(t.tag)}>
              {t.tag}
            </button>
          ))}
        </Suggestions>
      )}
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : (
        <small id={`${id}-hint`}>The first tag is the one the devotional lists show.</small>
      )}
    </Box>
  );
}
