import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from '@/components/Field';
import { PrivacyLabel } from '@/components/PrivacyLabel';
import { RelativeTime } from '@/components/RelativeTime';
import { ResultBadge } from '@/components/ResultBadge';
import { ScoreGauge } from '@/components/ScoreGauge';

afterEach(cleanup);

describe('shared components', () => {
  it.each([
    ['good', 'Good'],
    ['decent', 'Decent'],
    ['bad', 'Bad'],
  ] as const)('tells a %s result by word and shape, not colour alone', (result, word) => {
    const { container } = render(<ResultBadge result={result} />);
    expect(container.textContent).toBe(word);
    expect(container.querySelector('svg path')?.getAttribute('d')).toBeTruthy();
  });

  it('gives each result a different shape', () => {
    const shapes = (['good', 'decent', 'bad'] as const).map((result) => {
      const { container } = render(<ResultBadge result={result} />);
      return container.querySelector('svg path')?.getAttribute('d');
    });
    expect(new Set(shapes).size).toBe(3);
  });

  it('exposes the score as a meter', () => {
    render(<ScoreGauge score={83.4} result="good" />);
    const meter = screen.getByRole('meter', { name: 'Score out of 100' });
    expect(meter.getAttribute('aria-valuenow')).toBe('83');
    expect(meter.textContent).toBe('83');
  });

  it.each([
    [0, 'Public'],
    [1, 'Private'],
    [2, 'Password'],
  ] as const)('labels privacy %i with text', (privacy, name) => {
    const { container } = render(<PrivacyLabel privacy={privacy} />);
    expect(container.textContent).toBe(name);
  });

  it('shows relative time with the exact time on hover', () => {
    render(<RelativeTime iso="2026-01-01T10:00:00Z" now={new Date('2026-01-01T13:00:00Z')} />);
    const time = screen.getByText('3 hours ago');
    expect(time.getAttribute('dateTime')).toBe('2026-01-01T10:00:00Z');
    expect(time.getAttribute('title')).toMatch(/2026/);
  });

  it('wires a field to its label, hint and errors', () => {
    render(
      <Field
        label="Password"
        hint="Needed to open the report"
        errors={['The password is required.']}
      >
        <input type="password" />
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Needed to open the report', 'The password is required.']);
    expect(screen.getByRole('alert').textContent).toBe('The password is required.');
  });

  it('leaves a valid field unmarked', () => {
    render(
      <Field label="Base URL">
        <input type="url" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Base URL' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});
