import { toIso } from '../db/time';
import { presentAuthor, type UserRow } from './users';

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  receiver_id: number;
  content: string;
  message_type: string;
  is_read: boolean | number;
  created_at: unknown;
}

export type PersonRow = Pick<UserRow, 'id' | 'username' | 'display_name' | 'profile_image' | 'profile_image_thumb' | 'role'>;

/** A message with its sender and receiver, looked up by the service in one query per page. */
export function presentMessage(m: MessageRow, people: Map<number, PersonRow>) {
  return {
    id: m.id,
    senderId: m.sender_id,
    receiverId: m.receiver_id,
    sender: presentAuthor(people.get(m.sender_id)),
    receiver: presentAuthor(people.get(m.receiver_id)),
    content: m.content,
    isRead: Boolean(m.is_read),
    createdAt: toIso(m.created_at),
    messageType: m.message_type,
  };
}
