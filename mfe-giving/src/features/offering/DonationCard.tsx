import styled from 'styled-components';
import { amountNote, type DonationOption } from '@ministry/shared/config';
import { theme } from '@ministry/shared/ui';

const CardButton = styled.button<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  width: 100%;
  height: 100%;
  padding: 24px 22px;
  text-align: left;
  background: ${(p) => (p.$selected ? theme.colors.primary : '#fff')};
  color: ${(p) => (p.$selected ? '#fff' : theme.colors.text)};
  border: 2px solid ${(p) => (p.$selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  cursor: pointer;
  transition:
    transform 0.15s ease,
    border-color 0.15s ease;
  &:hover {
    border-color: ${theme.colors.primary};
    transform: translateY(-2px);
  }
  h3 {
    font-size: 1.3rem;
    margin: 0;
    color: ${(p) => (p.$selected ? '#fff' : theme.colors.primary)};
  }
`;

const Purpose = styled.span<{ $selected: boolean }>`
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${(p) => (p.$selected ? theme.colors.accent : theme.colors.accentText)};
`;

const Amounts = styled.span`
  font-weight: 600;
`;

const Description = styled.span<{ $selected: boolean }>`
  font-size: 0.93rem;
  color: ${(p) => (p.$selected ? 'rgba(255, 255, 255, 0.88)' : theme.colors.muted)};
`;

const Chosen = styled.span`
  margin-top: auto;
  padding-top: 6px;
  font-size: 0.85rem;
  font-weight: 600;
`;

/** One giving type: its name, what it is for, its amounts; pressing it chooses it. */
export function DonationCard({
  option,
  selected,
  onChoose,
}: {
  option: DonationOption;
  selected: boolean;
  onChoose: () => void;
}) {
  return (
    <CardButton type="button" $selected={selected} aria-pressed={selected} onClick={onChoose}>
      <Purpose $selected={selected}>{option.purpose}</Purpose>
      <h3>{option.label}</h3>
      <Amounts>{amountNote(option)}</Amounts>
      <Description $selected={selected}>{option.description}</Description>
      <Chosen aria-hidden="true">{selected ? '✓ Selected' : 'Choose'}</Chosen>
    </CardButton>
  );
}
