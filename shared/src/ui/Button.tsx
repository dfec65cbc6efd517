import styled, { css } from 'styled-components';
import { Link } from 'react-router-dom';
import { theme } from './theme';

type Variant = 'primary' | 'outline' | 'light' | 'danger';

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
    border-color: ${theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${theme.colors.primaryHover};
    }
  `,
  outline: css`
    background: transparent;
    color: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${theme.colors.surface};
    }
  `,
  light: css`
    background: #fff;
    color: ${theme.colors.primary};
    border-color: #fff;
    &:hover:not(:disabled) {
      background: ${theme.colors.surface};
    }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: #fff;
    border-color: ${theme.colors.danger};
  `,
};

const base = css<{ $variant?: Variant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 22px;
  border-radius: 999px;
  border: 2px solid transparent;
  font-weight: 600;
  font-size: 0.95rem;
  letter-spacing: 0.02em;
  text-decoration: none;
  cursor: pointer;
  transition: background 0.15s ease;
  width: ${(p) => (p.$block ? '100%' : 'auto')};
  ${(p) => variants[p.$variant ?? 'primary']}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Button = styled.button<{ $variant?: Variant; $block?: boolean }>`
  ${base}
`;

export const ButtonLink = styled(Link)<{ $variant?: Variant; $block?: boolean }>`
  ${base}
`;

export const ExternalButton = styled.a<{ $variant?: Variant; $block?: boolean }>`
  ${base}
`;
