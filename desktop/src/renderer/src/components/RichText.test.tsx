// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RichText } from './RichText';

describe('RichText', () => {
  it('links mentions to /user/{name} and reports hashtag clicks, Turkish letters included', () => {
    const onHashtag = vi.fn();
    render(
      <MemoryRouter>
        <RichText text="Merhaba @ayşe_k, #Doğa yürüyüşü yarın!" onHashtag={onHashtag} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '@ayşe_k' }).getAttribute('href')).toBe('/user/ayşe_k');
    fireEvent.click(screen.getByRole('button', { name: '#Doğa' }));
    expect(onHashtag).toHaveBeenCalledWith('Doğa');
    expect(screen.getByText(/yürüyüşü yarın!/)).toBeTruthy();
  });
});
