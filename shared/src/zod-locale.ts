import { z } from 'zod';

// Zod's own messages in Turkish for anything a schema does not word itself. Every schema module imports
// this file, so the setting comes with the first schema used, and a bundle that uses only texts or limits
// carries no zod at all (package.json lists this file as the package's only side effect).
z.config(z.locales.tr());
