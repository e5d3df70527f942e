// @vitest-environment jsdom
/** The mute dialog sends the duration chosen (a day, a week, a month or for good). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const calls: { route: string; body: unknown }[] = [];
vi.mock('../../api/call', () => ({
  call: (route: string, input: { body?: unknown }) => {
    calls.push({ route, body: input.body });
    return Promise.resolve({ muted: true, until: null });
  },
}));

const success = vi.fn();
vi.mock('../../components/LazyFeedback', () => ({ useApp: () => ({ notification: { success, error: vi.fn() } }) }));

const { MuteDialog } = await import('./BlockMuteReport');

afterEach(cleanup);

describe('MuteDialog', () => {
  it('mutes for the chosen duration', async () => {
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MuteDialog member={{ id: 7, displayName: 'Gürültülü Komşu' }} onClose={onClose} />
      </QueryClientProvider>,
    );
    const week = screen.getByRole('radio', { name: '7 gün' });
    fireEvent.click(week);
    expect((week as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sessize al' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([{ route: 'POST /api/users/:id/mute', body: { duration: '7d' } }]);
    expect(success).toHaveBeenCalledWith({ message: 'Gürültülü Komşu sessize alındı' });
    // antd's modal renders slowly in jsdom the first time, more so on a busy machine.
  }, 30_000);
});
