import { useEffect, useRef } from 'react';
import { useFormikContext } from 'formik';

/**
 * Inside a Formik form: once a submit fails (the form's own rules, or the
 * server's field errors), focus moves to the first field in error, in the
 * order the form shows them, so a keyboard or screen-reader user lands on
 * what to fix. `atStart`: also when the form opens with errors shown (sent
 * back from a later step to fix a field).
 */
export function FocusFirstError({ atStart = false }: { atStart?: boolean }) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const marker = useRef<HTMLSpanElement>(null);
  const handled = useRef(atStart ? -1 : 0);
  useEffect(() => {
    if (isSubmitting || isValidating || handled.current === submitCount) return;
    handled.current = submitCount;
    if (Object.keys(errors).length === 0) return;
    const form = marker.current?.closest('form');
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [submitCount, isSubmitting, isValidating, errors]);
  return <span ref={marker} hidden />;
}
