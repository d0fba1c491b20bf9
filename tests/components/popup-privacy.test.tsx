/**
 * Each privacy in the popup against the REAL reference service, with and without a password.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { popupPrivacy } from '@/lib/storage';
import {
  auditButton,
  env,
  openPopupFor,
  page,
  radio,
  reportsOf,
  result,
  serviceForFile,
} from './popup-support';

serviceForFile();

describe('popup: privacy', () => {
  it.each([
    ['Public', 0],
    ['Private', 1],
  ] as const)('%s: audits with privacy %i and never sends a password', async (name, privacy) => {
    const url = page('good');
    const { user, h } = await openPopupFor(url);
    // A password typed under Password, then another choice: it stays out of the request.
    await user.click(radio('Password'));
    await user.type(screen.getByLabelText('Password for the report page'), 'typed');
    await user.click(radio(name));
    expect(screen.queryByLabelText('Password for the report page')).toBeNull();
    await user.click(auditButton());
    await result();
    const form = new URLSearchParams(h.recorder.of('POST')[0]!.body);
    expect(form.get('privacy')).toBe(String(privacy));
    expect(form.has('password')).toBe(false);
    const [report] = await reportsOf(url);
    expect(report!.privacy).toBe(privacy);
    expect(await popupPrivacy.getValue()).toBe(privacy);
  });

  it('Password with a password: a protected report page', async () => {
    const url = page('good');
    const { user, h } = await openPopupFor(url);
    await user.click(radio('Password'));
    const field = screen.getByLabelText('Password for the report page');
    expect(field.getAttribute('type')).toBe('password');
    await user.type(field, 's3cret');
    await user.keyboard('{Enter}');
    const card = await result();
    expect(within(card).getByText('Password')).toBeTruthy();
    const form = new URLSearchParams(h.recorder.of('POST')[0]!.body);
    expect(form.get('privacy')).toBe('2');
    expect(form.get('password')).toBe('s3cret');
    const [report] = await reportsOf(url);
    expect(report!.privacy).toBe(2);
    // The report page asks for it.
    const pageRes = await fetch(`${env.service.url}/reports/${report!.id}`);
    expect(await pageRes.text()).not.toContain(String(report!.score) + '/100');
    expect(await popupPrivacy.getValue()).toBe(2);
  });

  it('Password without a password: the service’s message under the password field', async () => {
    const url = page('good');
    const { user } = await openPopupFor(url);
    await user.click(radio('Password'));
    await user.click(auditButton());
    const field = screen.getByLabelText('Password for the report page');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const errorId = field.getAttribute('aria-describedby')!.split(' ').at(-1)!;
    expect(document.getElementById(errorId)?.textContent).toBe(
      'The password field is required when privacy is 2.',
    );
    expect(screen.getByText('Please check what you entered')).toBeTruthy();
    expect(await reportsOf(url)).toHaveLength(0);
    // Typing one and trying again works, and the choice stayed.
    expect(radio('Password').checked).toBe(true);
    await user.type(field, 'now-set');
    await user.click(auditButton());
    await result();
    expect(await reportsOf(url)).toHaveLength(1);
  });
});
