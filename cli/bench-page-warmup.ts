// npm run bench -- --page-warmup [--preset debate,chain,mixture] [--no-build] [--json]: what a student waits for in
// the page before a team's first update. Builds the app, opens each team preset's link in headless Chromium, presses
// Train on the Team tab and times the warm-up (the agents' behaviour cloning in their workers, until the phase turns
// to 'running') and the first update after it. Timings belong here, not in tests: they depend on the machine's load.
import { build } from 'vite';
import { encodeLink } from '../src/core/share-link';
import { getPreset, presetConfig, PRESETS } from '../src/rl/presets';
import { openPage, startE2e } from '../test/support/e2e';

const TEAM_PRESETS = PRESETS.filter((p) => (p.config.workflow ?? 'single') !== 'single').map((p) => p.name);
/** The bound on the debate team's warm-up in the page. */
const WARMUP_TARGET_S = 30;

export interface PageWarmup {
  preset: string;
  warmupSeconds: number;
  firstUpdateSeconds: number;
  problems: string[];
}

function presetsFrom(argv: readonly string[]): string[] {
  const at = argv.indexOf('--preset');
  const names = at >= 0 ? (argv[at + 1] ?? '').split(',') : TEAM_PRESETS;
  for (const n of names) {
    if (!TEAM_PRESETS.includes(n)) throw new Error(`--page-warmup: '${n}' is not a team preset (have ${TEAM_PRESETS.join(', ')})`);
  }
  return names;
}

export async function pageWarmupMain(argv: readonly string[], log: (line: string) => void, json: boolean): Promise<void> {
  const names = presetsFrom(argv);
  if (!argv.includes('--no-build')) {
    log('building the app...');
    await build({ logLevel: 'error' });
  }
  const h = await startE2e();
  const out: PageWarmup[] = [];
  try {
    for (const name of names) {
      const preset = getPreset(name);
      if (!preset) throw new Error(`unknown preset '${name}'`);
      const config = presetConfig(preset);
      const { page, problems } = await openPage(h, `#${encodeLink(config)}`);
      await page.getByTestId('team-tab').waitFor();
      const status = page.getByTestId('team-status');
      const start = performance.now();
      await page.getByTestId('team-train').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="team-status"]')?.getAttribute('data-phase') !== 'starting', undefined, { timeout: 900_000, polling: 100 });
      const warmupSeconds = (performance.now() - start) / 1000;
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="team-status"]')?.getAttribute('data-update') ?? 0) >= 1, undefined, { timeout: 600_000, polling: 100 });
      const firstUpdateSeconds = (performance.now() - start) / 1000 - warmupSeconds;
      const phase = await status.getAttribute('data-phase');
      if (phase === 'failed') problems.push(`the run failed: ${await status.innerText()}`);
      out.push({ preset: name, warmupSeconds, firstUpdateSeconds, problems });
      const bound = name === 'debate' ? ` (target <= ${WARMUP_TARGET_S} s: ${warmupSeconds <= WARMUP_TARGET_S ? 'met' : 'NOT MET'})` : '';
      log(`${name}: warm-up ${warmupSeconds.toFixed(1)} s${bound}, first update ${firstUpdateSeconds.toFixed(1)} s; ${config.bcSteps} BC steps an agent on ${config.backend}; ${problems.length} console errors`);
      await page.context().close();
    }
  } finally {
    await h.close();
  }
  if (json) process.stdout.write(`${JSON.stringify({ pageWarmup: out })}\n`);
}
