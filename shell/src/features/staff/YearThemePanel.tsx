import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import type { YearTheme } from '@ministry/shared/types';
import { Button, Modal, notify, ResourceView, StaffPanel, TextField, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { getYearThemes, removeYearTheme, saveYearTheme } from './api';

const Form = styled.form`
  display: grid;
  gap: 12px;
  grid-template-columns: 8rem minmax(0, 1fr) minmax(0, 1.4fr) auto;
  align-items: end;
  margin-bottom: 16px;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Themes = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    align-items: center;
    justify-content: space-between;
    padding: 10px 0;
    border-top: 1px solid ${theme.colors.border};
  }
  p {
    margin: 0;
  }
  small {
    color: ${theme.colors.muted};
  }
  .actions {
    display: flex;
    gap: 8px;
  }
`;

const TITLE_MAX = 120;
const VERSE_MAX = 300;

type Errors = Partial<Record<'year' | 'title' | 'verse', string>>;

function check(year: string, title: string, verse: string): Errors {
  const errors: Errors = {};
  const y = Number(year);
  if (!/^\d{4}$/.test(year.trim()) || y < 1900 || y > 2999) errors.year = 'Give a year such as 2026';
  if (!title.trim()) errors.title = 'Write the theme of the year';
  else if (title.trim().length > TITLE_MAX) errors.title = `At most ${TITLE_MAX} characters`;
  if (verse.trim().length > VERSE_MAX) errors.verse = `At most ${VERSE_MAX} characters`;
  return errors;
}

function ThemeForm({ currentYear, themes, onSaved }: { currentYear: number; themes: YearTheme[]; onSaved: () => void }) {
  const start = themes.find((t) => t.year === currentYear);
  const [year, setYear] = useState(String(currentYear));
  const [title, setTitle] = useState(start?.title ?? '');
  const [verse, setVerse] = useState(start?.verse ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  /** Choosing a year that has a theme shows it, to change it. */
  const chooseYear = (value: string) => {
    setYear(value);
    const known = themes.find((t) => String(t.year) === value.trim());
    if (known) {
      setTitle(known.title);
      setVerse(known.verse);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(year, title, verse);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await saveYearTheme({ year: Number(year), title: title.trim(), verse: verse.trim() });
      notify.success(
        saved.year === currentYear
          ? `The theme of ${saved.year} is saved: the home page shows it now.`
          : `The theme of ${saved.year} is saved: the home page shows it during ${saved.year}.`,
      );
      onSaved();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length) setErrors(fields);
      else notify.error(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Theme of a year">
      <TextField
        label="Year"
        inputMode="numeric"
        value={year}
        onChange={(e) => chooseYear(e.target.value.replace(/[^\d]/g, '').slice(0, 4))}
        error={errors.year}
      />
      <TextField
        label="Theme"
        value={title}
        placeholder="The Year of the Luminaries"
        maxLength={TITLE_MAX + 20}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <TextField
        label="Verse (optional)"
        value={verse}
        placeholder="Arise, shine, for your light has come. — Isaiah 60:1"
        onChange={(e) => setVerse(e.target.value)}
        error={errors.verse}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save the theme'}
      </Button>
    </Form>
  );
}

function RemoveTheme({ theme: yearTheme, onRemoved }: { theme: YearTheme; onRemoved: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await removeYearTheme(yearTheme.year);
      notify.success(`The theme of ${yearTheme.year} is removed.`);
      setOpen(false);
      onRemoved();
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" $variant="outline" onClick={() => setOpen(true)} aria-label={`Remove the theme of ${yearTheme.year}`}>
        Remove
      </Button>
      <Modal open={open} title={`Remove the theme of ${yearTheme.year}?`} onClose={() => setOpen(false)}>
        <p>
          “{yearTheme.title}” leaves the site. While {yearTheme.year} has no theme, the home page shows the ministry&apos;s name
          instead.
        </p>
        <div className="actions" style={{ display: 'flex', gap: 10, justifyContent: 'flex-end' }}>
          <Button type="button" $variant="outline" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button type="button" $variant="danger" onClick={remove} disabled={busy}>
            Yes, remove it
          </Button>
        </div>
      </Modal>
    </>
  );
}

/** On /admin: the theme of each year, this year's at the top of the home page ("2026: The Year of …"). */
export function YearThemePanel() {
  const themes = useResource(getYearThemes, null);
  return (
    <StaffPanel aria-labelledby="dash-year-theme" style={{ marginTop: 20 }}>
      <h2 id="dash-year-theme">Theme of the year</h2>
      <ResourceView resource={themes} what="the themes of the years" empty={null} isEmpty={() => false}>
        {({ data, currentYear }) => (
          <>
            {!data.some((t) => t.year === currentYear) && (
              <p role="status">{currentYear} has no theme yet: the home page shows the ministry&apos;s name until it has one.</p>
            )}
            <ThemeForm
              key={data.map((t) => `${t.year}:${t.title}:${t.verse}`).join('|')}
              currentYear={currentYear}
              themes={data}
              onSaved={themes.reload}
            />
            <Themes aria-label="Themes of the years">
              {data.map((t) => (
                <li key={t.year}>
                  <div>
                    <p>
                      <strong>
                        {t.year}: {t.title}
                      </strong>
                      {t.year === currentYear && <small> · on the home page now</small>}
                    </p>
                    {t.verse && <small>{t.verse}</small>}
                  </div>
                  <div className="actions">
                    <RemoveTheme theme={t} onRemoved={themes.reload} />
                  </div>
                </li>
              ))}
            </Themes>
          </>
        )}
      </ResourceView>
    </StaffPanel>
  );
}
