/** KVKK: legal texts and consent, the data export, the member's own account deletion, and their background job. */
export * from './legal';
export * from './export';
export * from './deletion';
export * from './jobs';
