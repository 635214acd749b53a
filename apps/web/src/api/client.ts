/** The app's HTTP client bound to the session, and the typed route call over it. */
import { session } from '../app/session/session';
import { createCallRoute } from './call-route';
import { createHttpClient } from './http';

export const http = createHttpClient({ fetch: (input, init) => fetch(input, init), session });

/** The typed call of a contract route description (call-route.ts), bound to the app's client. */
export const callRoute = createCallRoute(http);
