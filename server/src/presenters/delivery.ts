import type { PushDevice } from '@mahalle/shared';
import { toIso, toIsoOrNull } from '../db/time';

export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: unknown;
  last_success_at: unknown;
}

export function presentPushDevice(r: PushSubscriptionRow): PushDevice {
  return { id: Number(r.id), label: r.label, endpoint: r.endpoint, createdAt: toIso(r.created_at), lastSuccessAt: toIsoOrNull(r.last_success_at) };
}
