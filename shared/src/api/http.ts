/**
 * The one axios instance every call goes through. Cookies carry the session
 * (`withCredentials`). Loaded on the first call (see ./client), so a page
 * the server rendered, which calls nothing at first, does not load axios.
 * Tests and the server renderer reach it here to answer its calls.
 */
import axios from 'axios';

export const axiosInstance = axios.create({
  baseURL: '',
  withCredentials: true,
  timeout: 15000,
  headers: { Accept: 'application/json' },
});
