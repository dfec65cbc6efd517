import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { theme } from './theme';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
`;

const Label = styled.label`
  font-weight: 500;
  font-size: 0.92rem;
`;

const control = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 10px 14px;
  border-radius: 8px;
  border: 1.5px solid ${(p) => (p.$invalid ? theme.colors.danger : theme.colors.border)};
  background: #fff;
  color: ${theme.colors.text};
  &:disabled,
  &[readonly] {
    background: ${theme.colors.surface};
    color: ${theme.colors.muted};
  }
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${control}
`;
export const Select = styled.select<{ $invalid?: boolean }>`
  ${control}
`;
export const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${control}
  min-height: 110px;
  resize: vertical;
`;

export const FieldError = styled.p`
  color: ${theme.colors.danger};
  font-size: 0.85rem;
  margin: 0;
`;

interface FieldProps {
  label: ReactNode;
  error?: string | false;
  hint?: ReactNode;
}

/** What every control of a field carries: its id, whether it is invalid, and what describes it. */
interface ControlProps {
  id: string;
  $invalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The frame of every field: its label, the control, a hint and the error under it (spec: "Field errors appear under the field"). */
function FieldFrame({
  label,
  error,
  hint,
  id,
  control,
}: FieldProps & { id?: string; control: (props: ControlProps) => ReactNode }) {
  const auto = useId();
  const fieldId = id ?? auto;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  return (
    <Wrap>
      <Label htmlFor={fieldId}>{label}</Label>
      {control({
        id: fieldId,
        $invalid: Boolean(error),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined,
      })}
      {hint && <small id={hintId}>{hint}</small>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Wrap>
  );
}

/** A labelled input with its error under it. */
export function TextField({ label, error, hint, id, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return <FieldFrame label={label} error={error} hint={hint} id={id} control={(control) => <Input {...control} {...props} />} />;
}

export function SelectField({
  label,
  error,
  hint,
  id,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(control) => (
        <Select {...control} {...props}>
          {children}
        </Select>
      )}
    />
  );
}

export function TextAreaField({ label, error, hint, id, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} control={(control) => <TextArea {...control} {...props} />} />
  );
}
