// `npm run skills -- merge` on files it cannot use: a missing file, a directory, an unwritable output each end with
// status 1 and one line naming the file, never a stack trace; a file with a UTF-8 byte order mark merges.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportLibrary, parseLibrary } from '../../src/skills/io';
import { skillId } from '../../src/skills/library';
import { skillRecord } from '../storage/fixtures';

const skills = (cmd: string[]) => spawnSync('npx', ['tsx', '--import', './scripts/register-raw.mjs', 'cli/skills.ts', ...cmd], { encoding: 'utf8', cwd: process.cwd() });

describe('skills CLI and files', () => {
  it('names a missing file, a directory and an unwritable output with status 1 and no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-skills-cli-'));
    const s = skillRecord('a');
    writeFileSync(join(dir, 'bom.json'), `\uFEFF${exportLibrary([{ ...s, id: skillId(s.family, s.steps) }])}`);
    mkdirSync(join(dir, 'folder'));
    const cases: [string[], RegExp][] = [
      [['merge', join(dir, 'missing.json'), '--out', join(dir, 'o.json')], /^skills: cannot read \S+missing\.json: no such file or directory\n$/],
      [['merge', join(dir, 'folder'), '--out', join(dir, 'o.json')], /^skills: cannot read \S+folder: it is a directory\n$/],
      [['merge', join(dir, 'bom.json'), '--out', join(dir, 'no', 'such', 'dir', 'o.json')], /^skills: cannot write \S+o\.json: no such file or directory\n$/],
    ];
    for (const [args, message] of cases) {
      const r = skills(args);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.status, args.join(' ')).toBe(1);
    }
    const ok = skills(['merge', join(dir, 'bom.json'), '--out', join(dir, 'merged.json')]);
    expect(ok.status).toBe(0);
    expect(parseLibrary(readFileSync(join(dir, 'merged.json'), 'utf8')).ok).toBe(true);
  });
});
