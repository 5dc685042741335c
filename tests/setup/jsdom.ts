import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait for what a user would see; on a loaded 2-core machine a notice that follows a
// request can take over the library's default second to render, which is slowness, not a failure.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
