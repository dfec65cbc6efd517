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

function useFieldIds(id?: string) {
  const auto = useId();
  const fieldId = id ?? auto;
  return { fieldId, errorId: `${fieldId}-error`, hintId: `${fieldId}-hint` };
}

/** A labelled input with its error under it (spec: "Field errors appear under the field"). */
export function TextField({ label, error, hint, id, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { fieldId, errorId, hintId } = useFieldIds(id);
  return (
    <Wrap>
      <Label htmlFor={fieldId}>{label}</Label>
      <Input
        id={fieldId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      {hint && <small id={hintId}>{hint}</small>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Wrap>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const { fieldId, errorId, hintId } = useFieldIds(id);
  return (
    <Wrap>
      <Label htmlFor={fieldId}>{label}</Label>
      <Select
        id={fieldId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
        {...props}
      >
        {children}
      </Select>
      {hint && <small id={hintId}>{hint}</small>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Wrap>
  );
}

export function TextAreaField({ label, error, hint, id, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { fieldId, errorId, hintId } = useFieldIds(id);
  return (
    <Wrap>
      <Label htmlFor={fieldId}>{label}</Label>
      <TextArea
        id={fieldId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      {hint && <small id={hintId}>{hint}</small>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Wrap>
  );
}
