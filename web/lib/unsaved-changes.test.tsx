import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { useUnsavedChangesPrompt } from './unsaved-changes';

afterEach(cleanup);

function Editor({ dirty }: { dirty: boolean }) {
  useUnsavedChangesPrompt(dirty);
  return null;
}

function clickLinkTo(path: string): boolean {
  const link = document.createElement('a');
  link.href = path;
  document.body.append(link);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  link.dispatchEvent(event);
  link.remove();
  return event.defaultPrevented;
}

test('two dirty editors ask once, and a refusal keeps the page', () => {
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  render(
    <>
      <Editor dirty />
      <Editor dirty />
    </>,
  );
  expect(clickLinkTo('/admin')).toBe(true);
  expect(confirm).toHaveBeenCalledTimes(1);
  confirm.mockRestore();
});

test('agreeing lets the click through; nothing is asked once the editors are clean or gone', () => {
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  const { rerender, unmount } = render(<Editor dirty />);
  expect(clickLinkTo('/admin')).toBe(false);
  expect(confirm).toHaveBeenCalledTimes(1);
  rerender(<Editor dirty={false} />);
  expect(clickLinkTo('/admin')).toBe(false);
  unmount();
  expect(clickLinkTo('/admin')).toBe(false);
  expect(confirm).toHaveBeenCalledTimes(1);
  confirm.mockRestore();
});

test('a link to another tab of the same page keeps the edits and asks nothing', () => {
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  window.history.replaceState(null, '', '/configure?tab=sections');
  render(<Editor dirty />);
  expect(clickLinkTo('/configure?tab=invites')).toBe(false);
  expect(clickLinkTo('/configure')).toBe(false);
  expect(confirm).not.toHaveBeenCalled();
  expect(clickLinkTo('/setup-data-room?tab=sections')).toBe(true);
  expect(confirm).toHaveBeenCalledTimes(1);
  confirm.mockRestore();
});
