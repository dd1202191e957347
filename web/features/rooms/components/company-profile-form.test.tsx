import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { ApiRequestError } from '#web/lib/api-client';
import { confirmDiscardUnsavedChanges } from '#web/lib/unsaved-changes';
import { CompanyProfileForm } from './company-profile-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const room: MyDataRoom = {
  id: 'c4a3b1de-0000-4000-8000-000000000001',
  companyName: 'Northwind Robotics',
  description: 'Picking robots for warehouses.',
  stage: 'Seed',
  foundedYear: 2021,
  website: 'https://northwind.example',
  isActive: true,
  isDownloadAllowed: true,
  isWatermarkEnabled: false,
  isNdaRequired: false,
};

function renderForm(saveError: Error | null = null) {
  const onSave = vi.fn(async (_profile: unknown) => room);
  const onEdit = vi.fn();
  const view = render(
    <CompanyProfileForm room={room} saving={false} saveError={saveError} onSave={onSave} onEdit={onEdit} />,
  );
  return { onSave, onEdit, view };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The form checks its values asynchronously (react-hook-form): wait for that to finish. */
async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save Company Info' }));
  });
}

/** The error a field is described by, read the way a screen reader reaches it. */
function errorBeside(label: string): string | null {
  const control = screen.getByLabelText(label);
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

test('the form starts from the saved profile', () => {
  renderForm();
  expect(screen.getByLabelText('Company name')).toHaveProperty('value', 'Northwind Robotics');
  expect(screen.getByLabelText('Funding stage')).toHaveProperty('value', 'Seed');
  expect(screen.getByLabelText('Founded year')).toHaveProperty('value', '2021');
  expect(screen.getByLabelText('Website')).toHaveProperty('value', 'https://northwind.example');
  expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Picking robots for warehouses.');
  expect(
    Array.from(screen.getByLabelText<HTMLSelectElement>('Funding stage').options, (option) => option.value),
  ).toEqual(['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Growth']);
});

test('a year before 1900 is refused beside the field and nothing is sent', async () => {
  const { onSave } = renderForm();
  fill('Founded year', '1850');
  await save();
  expect(errorBeside('Founded year')).toBe('Founded year must be 1900 or later.');
  expect(screen.getByLabelText('Founded year')).toBe(document.activeElement);
  expect(onSave).not.toHaveBeenCalled();
});

test('next year is refused as a year in the future', async () => {
  const { onSave } = renderForm();
  fill('Founded year', String(new Date().getFullYear() + 1));
  await save();
  expect(errorBeside('Founded year')).toBe('Founded year cannot be in the future.');
  expect(onSave).not.toHaveBeenCalled();
});

test('a year that is not a number is refused', async () => {
  const { onSave } = renderForm();
  fill('Founded year', 'twenty');
  await save();
  expect(errorBeside('Founded year')).toBe('Founded year must be a year.');
  expect(onSave).not.toHaveBeenCalled();
});

test('an empty company name is refused, and every bad field is named at once', async () => {
  const { onSave } = renderForm();
  fill('Company name', '   ');
  fill('Website', 'northwind dot com');
  await save();
  expect(errorBeside('Company name')).toBe('Company name is required.');
  expect(errorBeside('Website')).toBe('Website must be an http:// or https:// address.');
  expect(errorBeside('Founded year')).toBeNull();
  expect(screen.getByLabelText('Company name')).toBe(document.activeElement);
  expect(onSave).not.toHaveBeenCalled();
});

test('a website that is not http(s) is refused', async () => {
  const { onSave } = renderForm();
  fill('Website', 'ftp://northwind.example');
  await save();
  expect(errorBeside('Website')).toBe('Website must be an http:// or https:// address.');
  expect(onSave).not.toHaveBeenCalled();
});

test('correcting a field clears its error', async () => {
  renderForm();
  fill('Founded year', '1850');
  await save();
  fill('Founded year', '1999');
  expect(errorBeside('Founded year')).toBeNull();
});

test('a good profile is sent as the API takes it: a number for the year, trimmed text', async () => {
  const { onSave } = renderForm();
  fill('Company name', '  Northwind Labs ');
  fill('Funding stage', 'Series B');
  fill('Founded year', ' 2019 ');
  fill('Website', ' https://northwind-labs.example ');
  fill('Description', 'Robots that pick.');
  await save();
  expect(onSave).toHaveBeenCalledExactlyOnceWith({
    name: 'Northwind Labs',
    stage: 'Series B',
    foundedYear: 2019,
    website: 'https://northwind-labs.example',
    description: 'Robots that pick.',
  });
});

test('an empty year and an empty website are sent as no year and no website', async () => {
  const { onSave } = renderForm();
  fill('Founded year', '');
  fill('Website', '');
  await save();
  expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ foundedYear: null, website: '' }));
});

test("the server's refusal of a field is shown beside that field", () => {
  const refusal = new ApiRequestError(
    400,
    'invalid_request',
    'website: must be an http:// or https:// address',
    {
      error: 'invalid_request',
      message: 'website: must be an http:// or https:// address',
      field: 'website',
    },
  );
  const { onEdit } = renderForm(refusal);
  expect(errorBeside('Website')).toBe('Website must be an http:// or https:// address.');
  expect(screen.getByLabelText('Website')).toBe(document.activeElement);
  fill('Website', 'https://northwind.example/about');
  expect(onEdit).toHaveBeenCalled();
});

test('a failure that names no field leaves the fields alone', () => {
  renderForm(new ApiRequestError(500, 'internal_error', 'Something went wrong on our side.', null));
  for (const label of ['Company name', 'Funding stage', 'Founded year', 'Website', 'Description'])
    expect(errorBeside(label)).toBeNull();
});

test('while saving the button is disabled and says so', () => {
  render(<CompanyProfileForm room={room} saving saveError={null} onSave={vi.fn(async () => room)} />);
  expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
});

test('after a save the form holds the value the server saved, and leaving asks nothing', async () => {
  // The server adds https:// to a website typed as its hint says; the room query then holds that room.
  const saved: MyDataRoom = { ...room, website: 'https://acme.com' };
  const onSave = vi.fn(async () => saved);
  const view = render(<CompanyProfileForm room={room} saving={false} saveError={null} onSave={onSave} />);
  fill('Website', 'acme.com');
  await save();
  expect(onSave).toHaveBeenCalledOnce();
  view.rerender(<CompanyProfileForm room={saved} saving={false} saveError={null} onSave={onSave} />);
  expect(screen.getByLabelText('Website')).toHaveProperty('value', 'https://acme.com');
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  expect(confirmDiscardUnsavedChanges()).toBe(true);
  expect(confirm).not.toHaveBeenCalled();
});

test('a failed save keeps what the founder typed, still unsaved', async () => {
  const onSave = vi.fn(async () => {
    throw new ApiRequestError(500, 'internal_error', 'Something went wrong on our side.', null);
  });
  render(<CompanyProfileForm room={room} saving={false} saveError={null} onSave={onSave} />);
  fill('Website', 'acme.com');
  await save();
  expect(screen.getByLabelText('Website')).toHaveProperty('value', 'acme.com');
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  expect(confirmDiscardUnsavedChanges()).toBe(false);
  expect(confirm).toHaveBeenCalledOnce();
});
