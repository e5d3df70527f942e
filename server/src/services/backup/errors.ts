/** A refusal or failure an organiser can act on, said in Turkish and English (the CLI prints both). */
export class OpsError extends Error {
  constructor(readonly text: { tr: string; en: string }) {
    super(text.en);
    this.name = 'OpsError';
  }
}
