// The pretrained base policy a config with init = 'base' starts from, read from public/base/<model>.ghbs (written by
// `npm run base`); undefined for any other init.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../src/core/config-table';
import { basePath, decodeBase, type BasePolicy } from '../src/rl/pretrain';

export function baseFileFor(config: Config): BasePolicy | undefined {
  return config.init === 'base' ? decodeBase(new Uint8Array(readFileSync(resolve('public', basePath(config.model))))) : undefined;
}
