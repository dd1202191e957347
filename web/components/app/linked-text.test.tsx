import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { LinkedText, linkedTextParts } from './linked-text';

afterEach(cleanup);

test('an https address is a link opened in a new tab without the opener; the sentence’s full stop is not part of it', () => {
  render(<LinkedText text={'See https://acme.com/q3-report?x=1. Thanks'} />);
  const link = screen.getByRole('link');
  expect(link.getAttribute('href')).toBe('https://acme.com/q3-report?x=1');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
  expect(link.parentElement?.textContent).toBe('See https://acme.com/q3-report?x=1. Thanks');
});

test('markup in the text is shown as text, never rendered; only https addresses become links', () => {
  const { container } = render(
    <LinkedText
      text={
        '<img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a> http://plain.example javascript:alert(1)'
      }
    />,
  );
  expect(container.querySelector('img')).toBeNull();
  expect(screen.queryAllByRole('link')).toEqual([]);
  expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
});

test('the parts keep the text whole and in order, line breaks included', () => {
  const text = 'Two links:\nhttps://a.example and (https://b.example/p)\nend';
  const parts = linkedTextParts(text);
  expect(parts.map((part) => part.text).join('')).toBe(text);
  expect(parts.filter((part) => part.href).map((part) => part.href)).toEqual([
    'https://a.example',
    'https://b.example/p',
  ]);
});
