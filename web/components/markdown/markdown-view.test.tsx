import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { MarkdownView } from './markdown-view';

afterEach(cleanup);

test('headings, emphasis, lists and quotes are shown formatted', () => {
  const { container } = render(
    <MarkdownView text={'# Terms\n\nThe **recipient** keeps it *secret*.\n\n1. One\n2. Two\n\n> Quoted'} />,
  );
  expect(screen.getByRole('heading', { name: 'Terms' }).tagName).toBe('H2');
  expect(screen.getByText('recipient').tagName).toBe('STRONG');
  expect(screen.getByText('secret').tagName).toBe('EM');
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['One', 'Two']);
  expect(container.querySelector('blockquote')?.textContent).toBe('Quoted');
});

test('raw HTML is shown as text, never run or rendered', () => {
  const { container } = render(<MarkdownView text={'<img src=x onerror="alert(1)">\n\nHi <b>there</b>'} />);
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('b')).toBeNull();
  expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  expect(container.textContent).toContain('<b>there</b>');
});

test('only http(s) and mailto links are links, opened in a new tab; images load nothing', () => {
  const { container } = render(
    <MarkdownView
      text={
        '[site](https://example.com) [bad](javascript:alert(1)) [mail](mailto:a@b.co) ![Logo](https://tracker.example/p.png)'
      }
    />,
  );
  const links = screen.getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com', 'mailto:a@b.co']);
  expect(links[0]?.getAttribute('target')).toBe('_blank');
  expect(links[0]?.getAttribute('rel')).toContain('noopener');
  expect(screen.getByText('bad').tagName).toBe('SPAN');
  expect(container.querySelector('img')).toBeNull();
  expect(container.textContent).toContain('[Logo]');
});
