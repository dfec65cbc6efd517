import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, TextField } from '@ministry/shared/ui';

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 12px;
  margin-bottom: 8px;
  > div {
    flex: 1 1 260px;
    max-width: 480px;
  }
  > button {
    margin-bottom: 16px;
  }
`;

/** A search box of a staff list: what is typed is searched when sent (Enter or the button). */
export function SearchForm({
  label,
  value,
  onSearch,
  maxLength,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  maxLength: number;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Row role="search" onSubmit={submit}>
      <TextField label={label} type="search" value={text} maxLength={maxLength} onChange={(e) => setText(e.target.value)} />
      <Button type="submit">Search</Button>
      {value && (
        <Button type="button" $variant="outline" onClick={() => onSearch('')}>
          Show all
        </Button>
      )}
    </Row>
  );
}
