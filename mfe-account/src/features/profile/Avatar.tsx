import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

const Circle = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${theme.colors.primary};
  color: #fff;
  font-weight: 600;
  font-size: ${(p) => Math.round(p.$size / 2.6)}px;
  flex-shrink: 0;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The member's photo, or their initials when there is none. */
export function Avatar({
  src,
  name,
  size = 96,
  decorative = false,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
  decorative?: boolean;
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <Circle $size={size} aria-hidden={src && !decorative ? undefined : true}>
      {src ? <img src={src} alt={decorative ? '' : `Photo of ${name}`} width={size} height={size} /> : initials}
    </Circle>
  );
}
