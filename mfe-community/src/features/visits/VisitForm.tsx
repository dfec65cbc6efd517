import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { formatServiceTime, inSiteTimeZone } from '@ministry/shared/format';
import { Button, FieldError, SelectField, TextAreaField, TextField, theme } from '@ministry/shared/ui';
import { VISIT_LIMITS } from '@ministry/shared/limits';
import type { ComingService, VisitLocation } from '@ministry/shared/types';
import { checkWithRules, loadFormRules } from '../../lib/formRules';
import { planVisit, type VisitRequest } from './api';

const { question: QUESTION_MAX, adults: ADULTS_MAX, children: CHILDREN_MAX } = VISIT_LIMITS;

/** "Sunday 30 November · 10:30 AM" on the church's clock. */
export function serviceLabel(service: ComingService, timeZone: string): string {
  const local = inSiteTimeZone(service.at, timeZone);
  const language = service.language !== 'English' ? ` (${service.language})` : '';
  return `${local.format('dddd D MMMM')} · ${formatServiceTime(local.format('HH:mm'))} · ${service.name}${language}`;
}

const Form = styled.form`
  fieldset {
    border: 0;
    margin: 0 0 8px;
    padding: 0;
    min-width: 0;
  }
  legend {
    font-weight: 700;
    color: ${theme.colors.primary};
    font-size: 1.05rem;
    margin-bottom: 12px;
    padding: 0;
  }
`;

const Row = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 600px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Ages = styled.div`
  display: grid;
  gap: 0 12px;
  grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
`;

const Where = styled.p`
  margin: -8px 0 16px;
  color: ${theme.colors.muted};
  font-size: 0.9rem;
`;

/** A field people never see or reach; a form-filling robot fills it. */
const Hidden = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

const Done = styled.div`
  padding: 24px;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  border-left: 4px solid ${theme.colors.success};
  h2 {
    margin: 0 0 8px;
    color: ${theme.colors.primary};
    font-size: 1.3rem;
  }
  p {
    margin: 0 0 12px;
  }
`;

interface Draft {
  location: string;
  service: string;
  name: string;
  email: string;
  adults: string;
  children: string;
  ages: string[];
  question: string;
  website: string;
}

/** The visit as the form sends it: a child whose age is not chosen yet is null (the rules name it). */
function visitOf(draft: Draft): VisitRequest {
  return {
    location: draft.location,
    service: draft.service,
    name: draft.name.trim(),
    email: draft.email.trim(),
    adults: Number(draft.adults),
    childrenAges: Array.from({ length: Number(draft.children) }, (_, i) => (draft.ages[i] ? Number(draft.ages[i]) : null)),
    ...(draft.question.trim() ? { question: draft.question.trim() } : {}),
    ...(draft.website ? { website: draft.website } : {}),
  };
}

/** What the form can tell before asking the server: the visit's rules, which the server checks too (and more). */
const check = (draft: Draft): Promise<Record<string, string>> => checkWithRules((all) => all.visitSchema, visitOf(draft));

/**
 * The visit form: a church and one of its coming services, who is coming
 * (adults, and each child's age), an optional question, and the e-mail
 * address the confirmation link goes to. No account needed.
 */
export function VisitForm({ locations, preselected }: { locations: VisitLocation[]; preselected?: string }) {
  const start = locations.find((l) => l._id === preselected)?._id ?? (locations.length === 1 ? locations[0]!._id : '');
  const [draft, setDraft] = useState<Draft>({
    location: start,
    service: '',
    name: '',
    email: '',
    adults: '1',
    children: '0',
    ages: [],
    question: '',
    website: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const agesLegend = useId();
  const doneHeading = useRef<HTMLHeadingElement>(null);
  // The answer replaces a long form: it is brought into view and read out.
  useEffect(() => {
    if (sent) doneHeading.current?.focus();
  }, [sent]);
  const church = locations.find((l) => l._id === draft.location);
  const children = Number(draft.children);

  const set = (name: keyof Draft) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setDraft((d) => ({ ...d, [name]: value, ...(name === 'location' ? { service: '' } : {}) }));
  };
  const setAge = (i: number) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setDraft((d) => {
      const ages = [...d.ages];
      ages[i] = value;
      return { ...d, ages };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = await check(draft);
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length) {
      document.getElementById(`visit-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await planVisit(visitOf(draft));
      setSent(answer);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Done role="status">
        <h2>Check your inbox</h2>
        <p>{sent.message}</p>
        <p>
          We sent the link to <strong style={{ overflowWrap: 'anywhere' }}>{sent.email}</strong>. Once you confirm, we will send
          you the address, where to park and what to expect, and a reminder the day before.
        </p>
        <Button type="button" $variant="outline" onClick={() => setSent(null)}>
          Plan another visit
        </Button>
      </Done>
    );
  }

  return (
    // The rules load while the visitor fills the form in: sending waits for nothing.
    <Form onSubmit={submit} onFocus={() => void loadFormRules()} noValidate aria-label="Plan a visit">
      <fieldset>
        <legend>Where and when</legend>
        <SelectField id="visit-location" label="Church" value={draft.location} onChange={set('location')} error={errors.location}>
          <option value="">Choose a church</option>
          {locations.map((l) => (
            <option key={l._id} value={l._id}>
              {l.church_name}
            </option>
          ))}
        </SelectField>
        {church && <Where>{church.adress}</Where>}
        <SelectField
          id="visit-service"
          label="Service"
          value={draft.service}
          onChange={set('service')}
          error={errors.service}
          disabled={!church}
          hint={church ? undefined : 'Choose a church first: its services of the coming weeks are listed here.'}
        >
          <option value="">{church ? 'Choose a service' : '—'}</option>
          {church?.services.map((s) => (
            <option key={s.at} value={s.at}>
              {serviceLabel(s, church.timeZone)}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset>
        <legend>Who is coming</legend>
        <Row>
          <TextField
            id="visit-adults"
            label="Adults (you included)"
            type="number"
            inputMode="numeric"
            min={1}
            max={ADULTS_MAX}
            value={draft.adults}
            onChange={set('adults')}
            error={errors.adults}
          />
          <SelectField id="visit-children" label="Children" value={draft.children} onChange={set('children')}>
            {Array.from({ length: CHILDREN_MAX + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? 'None' : n}
              </option>
            ))}
          </SelectField>
        </Row>
        {children > 0 && (
          <div role="group" aria-labelledby={agesLegend}>
            <p id={agesLegend} style={{ margin: '0 0 8px', fontWeight: 500 }}>
              Their ages, so we can prepare children&apos;s church
            </p>
            <Ages>
              {Array.from({ length: children }, (_, i) => (
                <SelectField
                  key={i}
                  id={i === 0 ? 'visit-childrenAges' : undefined}
                  label={`Child ${i + 1}`}
                  value={draft.ages[i] ?? ''}
                  onChange={setAge(i)}
                  error={errors.childrenAges && (draft.ages[i] ?? '') === '' ? 'Choose an age' : undefined}
                >
                  <option value="">Age</option>
                  <option value="0">Under 1</option>
                  {Array.from({ length: 17 }, (_, a) => (
                    <option key={a + 1} value={a + 1}>
                      {a + 1}
                    </option>
                  ))}
                </SelectField>
              ))}
            </Ages>
            {errors.childrenAges && <FieldError>{errors.childrenAges}</FieldError>}
          </div>
        )}
      </fieldset>

      <fieldset>
        <legend>How we reach you</legend>
        <Row>
          <TextField
            id="visit-name"
            label="Your name"
            autoComplete="name"
            maxLength={80}
            value={draft.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextField
            id="visit-email"
            label="E-mail address"
            type="email"
            autoComplete="email"
            value={draft.email}
            onChange={set('email')}
            error={errors.email}
            hint="No account needed: we send you a link to confirm."
          />
        </Row>
        <TextAreaField
          id="visit-question"
          label="A question for us (optional)"
          value={draft.question}
          onChange={set('question')}
          error={errors.question}
          maxLength={QUESTION_MAX + 50}
          rows={3}
        />
        <Hidden aria-hidden="true">
          <label htmlFor="visit-website">Leave this empty</label>
          <input
            id="visit-website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={draft.website}
            onChange={set('website')}
          />
        </Hidden>
      </fieldset>

      {failure && (
        <p role="alert" style={{ color: theme.colors.danger }}>
          {failure}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Plan my visit'}
      </Button>
    </Form>
  );
}
