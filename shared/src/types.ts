// The signed-in user and the embedded author are inferred from their response schemas now
// (schemas/auth.ts currentUserSchema, schemas/common.ts authorSummarySchema), exported from there.
export {};
