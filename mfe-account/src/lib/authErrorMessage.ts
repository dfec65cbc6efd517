/** The login and signup error catalogue of spec section 8, by HTTP status. */
export function authErrorMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Incorrect email or password, please try again.';
    case 401:
      return 'Unauthorized';
    case 409:
      return 'This email already exists, please try again with a different email.';
    case 429:
      return 'Too many attempts. Please wait a few minutes and try again.';
    default:
      return 'Oops, there is a problem, please try again later.';
  }
}
