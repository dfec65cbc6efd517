import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button, ButtonLink } from './Button';
import { Container } from './layout';
import { theme } from './theme';
import { errorStatus } from '../api/errors';

const Box = styled.div`
  text-align: center;
  padding: 40px 16px;
  color: ${theme.colors.muted};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  p {
    margin: 0 0 16px;
  }
`;

const pulse = keyframes`
  0% { opacity: 0.55; } 50% { opacity: 1; } 100% { opacity: 0.55; }
`;

const Skeleton = styled.div`
  height: 160px;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

export function LoadingState({ label = 'Loading…', rows = 1 }: { label?: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div style={{ display: 'grid', gap: 16 }}>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} aria-hidden="true" />
        ))}
      </div>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Box role="status">
      <p>{children}</p>
    </Box>
  );
}

export function ErrorState({ error, onRetry, what = 'this' }: { error: unknown; onRetry?: () => void; what?: string }) {
  return (
    <Box role="alert">
      <p>
        We couldn&apos;t load {what} right now.{' '}
        {errorStatus(error) === 0 ? 'Please check your connection and try again.' : 'Please try again in a moment.'}
      </p>
      {onRetry && (
        <Button type="button" $variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Box>
  );
}

/** Renders loading, error (with retry), empty, or the children with the data. */
export function ResourceView<T>({
  resource,
  what,
  empty,
  isEmpty = (d: T) => Array.isArray(d) && d.length === 0,
  loadingRows = 1,
  children,
}: {
  resource: { data: T | undefined; error: unknown; loading: boolean; reload: () => void };
  what: string;
  empty: ReactNode;
  isEmpty?: (data: T) => boolean;
  loadingRows?: number;
  children: (data: T) => ReactNode;
}) {
  if (resource.loading && resource.data === undefined) return <LoadingState label={`Loading ${what}…`} rows={loadingRows} />;
  if (resource.error) return <ErrorState error={resource.error} onRetry={resource.reload} what={what} />;
  if (resource.data === undefined || isEmpty(resource.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(resource.data)}</>;
}

const NotFoundWrap = styled.div`
  padding: 96px 0;
  text-align: center;
  h1 {
    font-size: 2.2rem;
    color: ${theme.colors.primary};
  }
  p {
    color: ${theme.colors.muted};
    margin-bottom: 24px;
  }
`;

export function NotFound({ title = 'Page not found', message }: { title?: string; message?: string }) {
  return (
    <Container>
      <NotFoundWrap>
        <h1>{title}</h1>
        <p>{message ?? 'The page you are looking for does not exist or has moved.'}</p>
        <ButtonLink to="/">Back to home</ButtonLink>
      </NotFoundWrap>
    </Container>
  );
}
