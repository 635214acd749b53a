/** Entry point: providers around the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { preloadRoute } from './app/lazy-page';
import './app/global.css';

// The first page's chunks (layout + page) in parallel, before React asks for them one by one.
preloadRoute(router.routes, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
