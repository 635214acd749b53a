/** The app's HTTP client bound to the session. */
import { session } from '../app/session/session';
import { createHttpClient } from './http';

export const http = createHttpClient({ fetch: (input, init) => fetch(input, init), session });
