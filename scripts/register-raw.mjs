// Registers scripts/raw-loader.mjs; used as `tsx --import ./scripts/register-raw.mjs cli/X.ts`.
import { register } from 'node:module';

register('./raw-loader.mjs', import.meta.url);
