import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { AccountApp } from '../../testing/routes';
import { ADULT_AGE, siteToday } from '@ministry/shared/validation';
import { emptyStep2, type Step1Values } from './signupValues';

const step1: Step1Values = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  birth_date: '1985-03-02',
  email: 'ada@example.org',
  password: 'long enough',
  confirmPassword: 'long enough',
};

function mockLists(api: MockAdapter) {
  api.onGet('/api/locations').reply(200, {
    data: [{ _id: 'church-1', church_name: 'Luminaries Accra', adress: 'x', main_contact: [], email: 'a@b.org' }],
  });
  api.onGet('/api/geo/countries').reply(200, {
    data: [
      { code: 'GH', name: 'Ghana' },
      { code: 'CA', name: 'Canada' },
    ],
  });
  api.onGet('/api/geo/cities', { params: { country: 'Ghana' } }).reply(200, { data: ['Greater Accra', 'Ashanti'] });
  api.onGet('/api/geo/cities', { params: { country: 'Canada' } }).reply(200, { data: ['Ontario', 'Quebec'] });
}

describe('Signup step 1', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('starts with an empty birth date and shows every rule under its field', async () => {
    renderWithProviders(<AccountApp />, { route: '/signup/0' });
    expect(screen.getByLabelText('Birth date')).toHaveValue('');
    await waitFor(() => expect(document.title).toMatch(/^Sign up \| /));
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different');
    fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: '2015-06-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    // The rule's message stands alone: the hint saying the same is gone meanwhile.
    expect(screen.queryByText('At least 8 characters.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByText('You must be at least 18 years old')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(2); // first and last name
    // Focus goes to the first field in error.
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: '1905-06-01' } });
    expect(await screen.findByText('Birth date must be on or after 1910')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/signup\/0$/);
  });

  it('Next carries the values to /nextSignup', async () => {
    mockLists(api);
    renderWithProviders(<AccountApp />, { route: '/signup/0' });
    await userEvent.type(screen.getByLabelText('First name'), step1.firstname);
    await userEvent.type(screen.getByLabelText('Last name'), step1.lastname);
    fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: step1.birth_date } });
    await userEvent.type(screen.getByLabelText('Email'), step1.email);
    await userEvent.type(screen.getByLabelText('Password'), step1.password);
    await userEvent.type(screen.getByLabelText('Confirm password'), step1.confirmPassword);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/nextSignup'));
    expect(screen.getByTestId('where')).toHaveTextContent(JSON.stringify({ step1 }));
  });

  it('takes a member who turned 18 yesterday, and not one who turns 18 tomorrow', async () => {
    // 18 years before today on the ministry's clock, a day either side.
    const [year, month, day] = siteToday().split('-').map(Number);
    const shifted = (days: number) => {
      const d = new Date(Date.UTC(year - ADULT_AGE, month - 1, day + days));
      return d.toISOString().slice(0, 10);
    };
    mockLists(api);
    renderWithProviders(<AccountApp />, { route: '/signup/0' });
    await userEvent.type(screen.getByLabelText('First name'), step1.firstname);
    await userEvent.type(screen.getByLabelText('Last name'), step1.lastname);
    await userEvent.type(screen.getByLabelText('Email'), step1.email);
    await userEvent.type(screen.getByLabelText('Password'), step1.password);
    await userEvent.type(screen.getByLabelText('Confirm password'), step1.confirmPassword);
    fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: shifted(1) } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('You must be at least 18 years old')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/signup\/0$/);
    fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: shifted(-1) } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/nextSignup'));
  });

  it('calls /socialuser with the part before $ for a long path parameter, and not for /signup/0', async () => {
    api.onGet(/\/socialuser\//).reply(204);
    renderWithProviders(<AccountApp />, { route: '/signup/abc123$xyz' });
    await waitFor(() => expect(api.history.get.map((r) => r.url)).toContain('/socialuser/abc123'));
    api.resetHistory();
    renderWithProviders(<AccountApp />, { route: '/signup/0' });
    expect(api.history.get.filter((r) => r.url?.startsWith('/socialuser'))).toHaveLength(0);
  });
});

describe('Signup step 2', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    mockLists(api);
  });
  afterEach(() => api.restore());

  it('without the carried state goes back to step 1', async () => {
    renderWithProviders(<AccountApp />, { route: '/nextSignup' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/signup\/0$/));
  });

  it('offers states or regions only after a country of residence, and reloads them when it changes', async () => {
    renderWithProviders(<AccountApp />, { route: { pathname: '/nextSignup', state: { step1 } } });
    expect(screen.queryByLabelText('City')).not.toBeInTheDocument();
    const city = screen.getByLabelText('State or region');
    expect(city).toBeDisabled();
    expect(city).toHaveTextContent('Choose your country first');
    const residence = screen.getByLabelText('Country of residence');
    await screen.findAllByRole('option', { name: 'Ghana' });
    await userEvent.selectOptions(residence, 'Ghana');
    expect(await screen.findByRole('option', { name: 'Greater Accra' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('State or region'), 'Greater Accra');
    await userEvent.selectOptions(residence, 'Canada');
    expect(await screen.findByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Greater Accra' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('State or region')).toHaveValue('');
  });

  it('seniority: slider 1 to 100 step 1, empty at first, editable as a number', async () => {
    renderWithProviders(<AccountApp />, { route: { pathname: '/nextSignup', state: { step1 } } });
    const slider = screen.getByLabelText('Seniority slider');
    const number = screen.getByLabelText('Seniority (years in the church)');
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '100');
    expect(slider).toHaveAttribute('step', '1');
    expect(number).toHaveValue(null);
    expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen yet');
    fireEvent.change(slider, { target: { value: '73' } });
    expect(number).toHaveValue(73);
    await userEvent.clear(number);
    await userEvent.type(number, '12');
    expect(slider).toHaveValue('12');
  });

  it('requires every choice and limits the source to 300 characters', async () => {
    renderWithProviders(<AccountApp />, {
      route: { pathname: '/nextSignup', state: { step1, step2: { ...emptyStep2, source: 'x'.repeat(301) } } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findAllByText('Required')).toHaveLength(7);
    expect(screen.getByText('Must be at most 300 characters')).toBeInTheDocument();
    expect(api.history.post).toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('Gender')).toHaveFocus());
  });

  it('Back returns to step 1 with the values kept', async () => {
    renderWithProviders(<AccountApp />, { route: { pathname: '/nextSignup', state: { step1 } } });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Ada'));
    expect(screen.getByTestId('where')).toHaveTextContent('/signup/0');
  });

  async function completeStep2() {
    await screen.findAllByRole('option', { name: 'Ghana' });
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Female');
    await userEvent.selectOptions(screen.getByLabelText('Civil status'), 'Married');
    await userEvent.selectOptions(screen.getByLabelText('Country of origin'), 'Ghana');
    await userEvent.selectOptions(screen.getByLabelText('Country of residence'), 'Canada');
    await userEvent.selectOptions(
      screen.getByLabelText('State or region'),
      await screen.findByRole('option', { name: 'Ontario' }),
    );
    await userEvent.selectOptions(
      screen.getByLabelText('Church'),
      await screen.findByRole('option', { name: 'Luminaries Accra' }),
    );
    await userEvent.type(screen.getByLabelText('Seniority (years in the church)'), '50');
    await userEvent.type(screen.getByLabelText('How did you hear about the apostle?'), 'On TV');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  }

  it('Sign Up sends both steps without confirmPassword, then asks the visitor to open the link mailed to them', async () => {
    api.onPost('/api/user/signup').reply(202, { data: { ok: true, message: 'Check your e-mail' } });
    const { store } = renderWithProviders(<AccountApp />, { route: { pathname: '/nextSignup', state: { step1 } } });
    await completeStep2();
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/We have sent a link to/)).toHaveTextContent('We have sent a link to ada@example.org.');
    // The password typed in step 1 is not kept in the browser's history.
    await waitFor(() => expect(screen.getByTestId('where')).not.toHaveTextContent('long enough'));
    const sent = JSON.parse(api.history.post[0].data);
    expect(sent).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      birth_date: '1985-03-02',
      email: 'ada@example.org',
      password: 'long enough',
      gender: 'Female',
      civil_status: 'Married',
      church: 'church-1',
      countryOfOrigin: 'Ghana',
      country: 'Canada',
      city: 'Ontario',
      seniority: 50,
      source: 'On TV',
    });
    // Nobody is signed in until the address is confirmed.
    expect(api.history.post).toHaveLength(1);
    expect(store.getState().auth.isAuth).toBe(false);
  });

  it('a taken e-mail shows the 409 message and stays on the page with the input kept', async () => {
    api.onPost('/api/user/signup').reply(409, { error: { code: 'conflict', message: 'taken' } });
    renderWithProviders(<AccountApp />, { route: { pathname: '/nextSignup', state: { step1 } } });
    await completeStep2();
    expect(await screen.findByText('This email already exists, please try again with a different email.')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/nextSignup');
    expect(screen.getByLabelText('How did you hear about the apostle?')).toHaveValue('On TV');
  });

  it('a taken e-mail sends the visitor back to step 1 with the message under the e-mail, and keeps both steps', async () => {
    const message = 'This email already exists, please try again with a different email.';
    api.onPost('/api/user/signup').reply(409, { error: { code: 'conflict', message, fields: { email: message } } });
    renderWithProviders(<AccountApp />, { route: { pathname: '/nextSignup', state: { step1 } } });
    await completeStep2();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/signup\/0 /));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.org');
    expect(email).toHaveAccessibleDescription(expect.stringContaining(message));
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada.two@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('How did you hear about the apostle?')).toHaveValue('On TV');
  });
});
