/** Stable error codes. Clients branch on these, people read the Turkish `error` text. */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'route_not_found',
  'unauthorized',
  'forbidden',
  'cross_origin',
  'too_many_requests',
  'conflict',
  'username_taken',
  'email_taken',
  'invalid_credentials',
  'demo_account',
  'weak_password',
  'common_password',
  'passwords_differ',
  'internal',
  'database_unavailable',
  'unavailable',
  'server_busy',
  'response_contract',
] as const;

export type KnownErrorCode = (typeof ERROR_CODES)[number];

/** Shape of every non-2xx JSON answer of the API. */
export interface ApiErrorBody {
  error: string;
  code: string;
  details?: { path: string; message: string }[];
}
