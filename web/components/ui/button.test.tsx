import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { Button } from './button';

afterEach(cleanup);

test('asChild renders the child with the button look, both class lists joined', () => {
  render(
    <Button asChild variant="outline">
      <a href="/docs" className="extra">
        Docs
      </a>
    </Button>,
  );
  const link = screen.getByRole('link', { name: 'Docs' });
  expect(link.className).toContain('border-slate-300');
  expect(link.className).toContain('extra');
  expect(link.getAttribute('type')).toBeNull();
});

test("asChild calls both the button's and the child's click handlers", () => {
  const onButtonClick = vi.fn();
  const onChildClick = vi.fn();
  render(
    <Button asChild onClick={onButtonClick}>
      <button type="submit" onClick={onChildClick}>
        Top
      </button>
    </Button>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Top' }));
  expect(onChildClick).toHaveBeenCalledOnce();
  expect(onButtonClick).toHaveBeenCalledOnce();
});

test("asChild gives the element to both the button's ref and the child's", () => {
  const buttonRef = createRef<HTMLButtonElement>();
  const childRef = createRef<HTMLButtonElement>();
  render(
    <Button asChild ref={buttonRef}>
      <button type="submit" ref={childRef}>
        Top
      </button>
    </Button>,
  );
  const child = screen.getByRole('button', { name: 'Top' });
  expect(childRef.current).toBe(child);
  expect(buttonRef.current).toBe(child);
});
