import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

const Box = styled.p`
  margin: 0 0 28px;
  padding: 18px 20px;
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  a {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
`;

/** What signed-out visitors see in place of a post box (spec: a link to /login). */
export function SignInPrompt({ what, back }: { what: string; back: string }) {
  return (
    <Box>
      <Link to={`/login?next=${encodeURIComponent(back)}`}>Log in</Link> to {what}. New here?{' '}
      <Link to="/signup/0">Create an account</Link>.
    </Box>
  );
}
