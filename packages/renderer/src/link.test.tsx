import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { Link } from './link.tsx';

it('a link with a stray % (#100%, /sale%) renders as a link that goes nowhere instead of taking the page down', () => {
  for (const to of ['#100%', '/sale%', 'https://example.com/%zz', '\ud800', 'contact']) {
    expect(() => renderToString(<Link to={to}>Sale</Link>), to).not.toThrow();
  }
  expect(renderToString(<Link to="#100%">Sale</Link>)).toBe('<a>Sale</a>');
  expect(renderToString(<Link to="contact">Contact</Link>)).toBe('<a href="/contact">Contact</a>');
});
