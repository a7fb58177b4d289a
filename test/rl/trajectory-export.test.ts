// Trajectories as datasets: the JSONL export of a real update's episodes is in TRL's conversational
// prompt-completion format (checked by trlFormatError), and lines that are not get a message naming why.

import { describe, expect, it } from 'vitest';
import { createTrainer } from '../../src/rl/setup';
import { toJsonl, trajectoryLine, trlFormatError } from '../../src/rl/export';
import { observationsBeforeActions } from '../../src/rl/replay';
import { tinyConfig } from './helpers';

describe('trajectory export (JSONL)', () => {
  it("writes a real update's episodes in TRL's conversational prompt-completion format, with their reward", async () => {
    const config = tinyConfig({ env: 'login-user', maxTurns: 4 });
    const { trainer } = await createTrainer(config);
    const report = await trainer.step();
    trainer.dispose();
    const lines = report.episodes.map((ep) => trajectoryLine(report.update, ep, observationsBeforeActions(config, ep.seed, ep.turns.map((t) => t.text))));
    expect(lines.length).toBe(config.group * config.tasks);
    for (const [k, line] of lines.entries()) {
      const ep = report.episodes[k];
      expect(trlFormatError(JSON.parse(JSON.stringify(line)))).toBeNull();
      expect(line.prompt).toEqual([{ role: 'system', content: ep.goal }, { role: 'user', content: expect.stringContaining("textbox 'Username'") }]);
      expect(line.completion.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(ep.turns.map((t) => t.text));
      expect(line.completion.length).toBe(2 * ep.turns.length - 1);
      expect(line.reward).toBe(ep.reward);
    }
    expect(toJsonl(lines).trim().split('\n').map((l) => trlFormatError(JSON.parse(l)))).toEqual(lines.map(() => null));
  });

  it('names what is wrong with a line that is not in the format', () => {
    const good = { prompt: [{ role: 'system', content: 'g' }, { role: 'user', content: 'o' }], completion: [{ role: 'assistant', content: 'click(1)' }], reward: 1 };
    expect(trlFormatError(good)).toBeNull();
    expect(trlFormatError({ ...good, reward: 'high' })).toBe('reward: reward must be a number');
    expect(trlFormatError({ ...good, completion: [] })).toBe('completion: completion must not be empty');
    expect(trlFormatError({ ...good, prompt: [{ role: 'system', content: 'g' }] })).toMatch(/prompt must end with a user message/);
    expect(trlFormatError({ ...good, completion: [{ role: 'user', content: 'o' }] })).toMatch(/alternate assistant and user/);
    expect(trlFormatError({ ...good, completion: [...good.completion, { role: 'user', content: 'o' }] })).toMatch(/alternate|end with an assistant/);
    expect(trlFormatError({ ...good, prompt: [{ role: 'tool', content: 'x' }] })).toBe('prompt.0.role: role must be system, user or assistant');
    expect(trlFormatError({ messages: [] })).toMatch(/^prompt: /);
  });
});
