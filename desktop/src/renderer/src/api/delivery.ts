import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateMailPreferences } from '@mahalle/shared';
import { call } from './call';

export const pushDevicesKey = ['push-devices'] as const;
export const mailPreferencesKey = ['mail-preferences'] as const;

/** The member's devices that get pushes. */
export const usePushDevices = () => useQuery({ queryKey: pushDevicesKey, queryFn: () => call('GET /api/push/subscriptions') });

export function useRemovePushDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/push/subscriptions/:id', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushDevicesKey }),
  });
}

/** The member's e-mail choices per kind, and whether their address is paused. */
export const useMailPreferences = () => useQuery({ queryKey: mailPreferencesKey, queryFn: () => call('GET /api/users/me/email-notifications') });

export function useSaveMailPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMailPreferences) => call('PUT /api/users/me/email-notifications', { body }),
    onSuccess: (saved) => qc.setQueryData(mailPreferencesKey, saved),
  });
}

export function useResumeMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/users/me/email-notifications/resume'),
    onSuccess: () => qc.invalidateQueries({ queryKey: mailPreferencesKey }),
  });
}

// ---- this browser's push subscription (the service worker shows what arrives) ----

/** Whether this browser can take pushes at all (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The service worker, once it is registered (the app registers it after the first paint); a browser without one gives up after a while. */
function readyWorker(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('service worker not ready')), timeoutMs)),
  ]);
}

/**
 * Turns pushes on for this browser: asks for permission, subscribes with the server's key and
 * registers the subscription with the server. Answers what happened.
 */
export async function turnOnPush(): Promise<'on' | 'denied' | 'unsupported'> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = await call('GET /api/push/key');
  const registration = await readyWorker();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  await call('POST /api/push/subscriptions', {
    body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
  return 'on';
}

/** Turns pushes off for this browser: the server forgets the device, the browser its subscription. */
export async function turnOffPush(deviceId: number | undefined): Promise<void> {
  if (deviceId !== undefined) await call('DELETE /api/push/subscriptions/:id', { params: { id: deviceId } });
  await (await currentPushSubscription())?.unsubscribe();
}
