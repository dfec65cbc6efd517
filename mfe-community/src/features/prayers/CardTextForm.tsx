import styled from 'styled-components';
import { Button, TextAreaField, theme } from '@ministry/shared/ui';

/** A link-like button inside a prayer's card ("Mark as answered", "Post an update"). */
export const TextButton = styled.button`
  background: none;
  border: 0;
  padding: 0;
  font: inherit;
  font-weight: 600;
  color: ${theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
`;

const Form = styled.form`
  margin-top: 12px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  div.actions {
    display: flex;
    gap: 10px;
    justify-content: flex-end;
    flex-wrap: wrap;
  }
`;

/** A few lines written under a prayer (how it was answered, an update), with Cancel and the action. */
export function CardTextForm({
  label,
  name,
  value,
  error,
  busy,
  submitLabel,
  busyLabel,
  onChange,
  onCancel,
  onSubmit,
}: {
  label: string;
  /** The form's accessible name, when it needs one. */
  name?: string;
  value: string;
  error?: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onChange: (value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  return (
    <Form
      aria-label={name}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <TextAreaField label={label} rows={3} value={value} error={error} onChange={(e) => onChange(e.target.value)} />
      <div className="actions">
        <Button type="button" $variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
