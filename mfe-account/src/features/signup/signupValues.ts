/** Step 1 as the form holds it; carried to step 2 as navigation state. */
export interface Step1Values {
  firstname: string;
  lastname: string;
  birth_date: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface Step2Values {
  gender: string;
  civil_status: string;
  church: string;
  countryOfOrigin: string;
  country: string;
  city: string;
  seniority: number | '';
  source: string;
}

export const emptyStep1: Step1Values = {
  firstname: '',
  lastname: '',
  // Empty until the member gives theirs: no date or number is suggested for them.
  birth_date: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export const emptyStep2: Step2Values = {
  gender: '',
  civil_status: '',
  church: '',
  countryOfOrigin: '',
  country: '',
  city: '',
  seniority: '',
  source: '',
};

/** The state carried between the two steps (step 2's own values come back with Back). */
export interface SignupCarry {
  step1: Step1Values;
  step2?: Step2Values;
  /** The server's messages for step 1's fields, when sign-up sent the visitor back to fix them. */
  step1Errors?: Partial<Record<keyof Step1Values, string>>;
}

export const STEP1_FIELDS: (keyof Step1Values)[] = [
  'firstname',
  'lastname',
  'birth_date',
  'email',
  'password',
  'confirmPassword',
];

export function readCarry(state: unknown): SignupCarry | null {
  const carry = state as Partial<SignupCarry> | null;
  return carry && typeof carry === 'object' && carry.step1 && typeof carry.step1.email === 'string'
    ? (carry as SignupCarry)
    : null;
}
