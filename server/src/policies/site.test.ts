import { describe, expect, it } from 'vitest';
import { canSignInUnverified, isAskedForConsent } from './site';

/** The sign-in and consent exemptions by site role (the routes' own tests cover them over HTTP). */
describe('site exemptions by role', () => {
  const table = [
    { actor: undefined, unverified: false, consent: false },
    { actor: { id: 1, role: 'user' as const }, unverified: false, consent: true },
    { actor: { id: 2, role: 'moderator' as const }, unverified: false, consent: true },
    { actor: { id: 3, role: 'admin' as const }, unverified: true, consent: false },
  ];
  it.each(table)('$actor.role: signs in unverified $unverified, asked for consent $consent', ({ actor, unverified, consent }) => {
    expect(canSignInUnverified(actor)).toBe(unverified);
    expect(isAskedForConsent(actor)).toBe(consent);
  });
});
