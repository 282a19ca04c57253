import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens with dialogs load the widget library on first use: a cold import takes a moment.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => cleanup());

// jsdom lays nothing out and has no scrolling: what scrolls a control into view (the
// toasts keep the focused one clear of them) has nothing to do here. (The server's
// render is tested without a DOM: `entry-server.test.tsx`.)
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView)
  Element.prototype.scrollIntoView = () => undefined;
