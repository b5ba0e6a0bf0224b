// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { Link, NavigationProvider } from './link.tsx';

afterEach(cleanup);

it('a link with a stray % (#100%, /sale%) renders as a link that goes nowhere instead of taking the page down', () => {
  for (const to of ['#100%', '/sale%', 'https://example.com/%zz', '\ud800', 'contact']) {
    expect(() => renderToString(<Link to={to}>Sale</Link>), to).not.toThrow();
  }
  expect(renderToString(<Link to="#100%">Sale</Link>)).toBe('<a>Sale</a>');
  expect(renderToString(<Link to="contact">Contact</Link>)).toBe('<a href="/contact">Contact</a>');
});

it('an internal link moves through the app’s own navigation, given by NavigationProvider; a modified click is the browser’s', () => {
  const navigate = vi.fn();
  render(
    <NavigationProvider navigate={navigate}>
      <Link to="/collections/sale">Sale</Link>
    </NavigationProvider>,
  );
  const link = screen.getByRole('link', { name: 'Sale' });
  expect(fireEvent.click(link)).toBe(false);
  expect(navigate).toHaveBeenCalledWith('/collections/sale');
  expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
  expect(navigate).toHaveBeenCalledTimes(1);
});
