import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { Toasts } from './Toasts';
import { notify, productToast } from './toast';

describe('toasts', () => {
  it('live in one region named Notifications, product toasts included', async () => {
    render(<Toasts />);
    act(() => {
      notify.info('Your password is changed.');
      productToast.success('Your request is sent.');
    });
    const regions = screen.getAllByRole('region');
    expect(regions).toHaveLength(1);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('Your password is changed.')).toBeTruthy();
    expect(await within(region).findByText('Your request is sent.')).toBeTruthy();
  });
});
