// The experiment config as ONE declarative table of typed properties. The UI form, the CLI flags,
// the share link and the validation schema are all derived from this table.

/** Environment ids, in registry order (src/envs/registry.ts implements exactly these). */
export const ENV_IDS = [
  'click-button',
  'click-checkboxes',
  'click-tab',
  'click-tab-2',
  'click-menu',
  'enter-text',
  'login-user',
  'choose-list',
  'use-autocomplete',
  'form-sequence',
  'read-table',
  'search-engine',
  'email-inbox',
  'shop-checkout',
  'flight-booking',
  'card-battler',
  'grid-world',
  'enter-password',
  'enter-date',
  'enter-time',
  'text-transform',
  'copy-paste-2',
  'find-word',
  'multi-orderings',
  'multi-layouts',
  'login-user-popup',
  'terminal',
  'use-spinner',
  'click-collapsible-2',
  'navigate-tree',
  'choose-date',
  'social-media',
  'social-media-all',
  'phone-book',
  'email-inbox-forward-nl',
  'book-flight-full',
  'forum',
  'long-page',
] as const;

/** How skill discovery chooses a skill or Explore at a state: ours, or Bottom-Up Agent's (src/skills/select.ts). */
export const SKILL_SELECTS = ['bottom-up', 'uct-argmax'] as const;

/** Parts of the page that a share link can hide, for embedding in a lesson. */
export const HIDEABLE = ['presets', 'config', 'controls', 'charts', 'watch', 'inspector', 'runs', 'share', 'onnx', 'tabs', 'header'] as const;

export type PropGroup = 'environment' | 'model' | 'grpo' | 'team' | 'optimizer' | 'run' | 'view';

interface PropBase<K extends string> {
  /** The key in the config object, the share link and the CLI flag (`--key value`). */
  key: K;
  group: PropGroup;
  /** One line shown as the UI tooltip and the CLI help. */
  doc: string;
}
export interface IntProp<K extends string = string> extends PropBase<K> {
  type: 'int';
  default: number;
  min: number;
  max: number;
}
export interface FloatProp<K extends string = string> extends PropBase<K> {
  type: 'float';
  default: number;
  min: number;
  max: number;
}
export interface EnumProp<K extends string = string, V extends string = string> extends PropBase<K> {
  type: 'enum';
  default: V;
  values: readonly V[];
  /** Former names of values (old links, checkpoints and flags still load): old name -> current value. */
  aliases?: Readonly<Record<string, V>>;
}
export interface BoolProp<K extends string = string> extends PropBase<K> {
  type: 'bool';
  default: boolean;
}
export interface SetProp<K extends string = string, V extends string = string> extends PropBase<K> {
  type: 'set';
  default: readonly V[];
  values: readonly V[];
  /** A link's unknown values are dropped with a warning instead of refusing the link (a view option, not the experiment). */
  lenient?: boolean;
}
export type Prop = IntProp | FloatProp | EnumProp | BoolProp | SetProp;

const int = <K extends string>(p: Omit<IntProp<K>, 'type'>): IntProp<K> => ({ type: 'int', ...p });
const float = <K extends string>(p: Omit<FloatProp<K>, 'type'>): FloatProp<K> => ({ type: 'float', ...p });
const oneOf = <K extends string, const V extends string>(p: Omit<EnumProp<K, V>, 'type'>): EnumProp<K, V> => ({
  type: 'enum',
  ...p,
});
const bool = <K extends string>(p: Omit<BoolProp<K>, 'type'>): BoolProp<K> => ({ type: 'bool', ...p });
const setOf = <K extends string, const V extends string>(p: Omit<SetProp<K, V>, 'type'>): SetProp<K, V> => ({
  type: 'set',
  ...p,
});

/** Every field of an experiment, in display order. */
export const CONFIG_TABLE = [
  oneOf({ key: 'env', group: 'environment', default: 'click-button', values: ENV_IDS, doc: 'Task the agent trains on.' }),
  setOf({ key: 'families', group: 'environment', default: [], values: ENV_IDS, doc: 'Generalist: one policy on several web families at once, each task instance one of them (at least two; empty: env alone).' }),
  int({ key: 'difficulty', group: 'environment', default: 0, min: 0, max: 9, doc: "Task level in the env's table of levels, 0 the easiest; past its last level, its last." }),
  int({ key: 'maxTurns', group: 'environment', default: 0, min: 0, max: 200, doc: "Turns per episode; 0 uses the task's default." }),
  oneOf({ key: 'split', group: 'environment', default: 'train', values: ['train', 'test'], doc: 'Task pool training draws from (demonstrations always come from train, evaluation always plays test).' }),
  bool({ key: 'curriculum', group: 'environment', default: false, doc: 'Curriculum: train from level 0 up to difficulty, one level up when training success holds, one down when it collapses.' }),
  int({ key: 'curriculumWindow', group: 'environment', default: 5, min: 1, max: 100, doc: 'K: updates of training success the curriculum averages before it moves.' }),
  float({ key: 'curriculumUp', group: 'environment', default: 0.8, min: 0, max: 1, doc: 'Mean training success over the last K updates at or above which the curriculum goes one level up.' }),
  float({ key: 'curriculumDown', group: 'environment', default: 0.2, min: 0, max: 1, doc: 'Mean training success over the last K updates at or below which it goes one level down.' }),
  oneOf({ key: 'model', group: 'model', default: 'tiny', values: ['tiny', 'small', 'base'], doc: 'Policy size: tiny (~50k params), small (~1M), base (~10M, real GPUs).' }),
  bool({ key: 'grammar', group: 'model', default: true, doc: 'Grammar-constrained decoding: only well-formed actions can be sampled.' }),
  bool({ key: 'skipRefused', group: 'model', default: false, doc: "With the grammar on, decoding never offers again an action the env refused since the episode's last accepted action (a refused action leaves the state as it was, so it would be refused again)." }),
  bool({ key: 'fitArgs', group: 'model', default: false, doc: "With the grammar on, arguments must fit: a verb's ids only among the elements it acts on (fill a text box, check a checkbox), and typed text a run of consecutive words of the goal or of one page line (copied), except in families that type other text (terminal, text-transform, enter-time, use-autocomplete)." }),
  bool({ key: 'match', group: 'model', default: false, doc: "Mark the elements whose name shares a word with the goal in the policy's context (DrQA's exact-match feature; an ablation)." }),
  oneOf({ key: 'init', group: 'model', default: 'scratch', values: ['scratch', 'base'], doc: 'Start from random weights, or from the pretrained base policy of this model size (its vocabulary and weights; npm run base).' }),
  bool({ key: 'pointer', group: 'model', default: true, doc: "A pointer/copy head: the policy can point at the page's elements for ids and copy the context's words for text." }),
  float({ key: 'temperature', group: 'model', default: 1, min: 0.05, max: 5, doc: 'Sampling temperature (logits are divided by it in training too).' }),
  float({ key: 'topP', group: 'model', default: 1, min: 0.05, max: 1, doc: 'Nucleus sampling: keep the smallest token set with this much probability.' }),
  int({ key: 'group', group: 'grpo', default: 8, min: 2, max: 64, doc: 'G: episodes per task instance (the GRPO group).' }),
  int({ key: 'tasks', group: 'grpo', default: 4, min: 1, max: 64, doc: 'B: task instances per update.' }),
  oneOf({ key: 'adv', group: 'grpo', default: 'group', values: ['group', 'batch', 'none', 'rloo', 'step-bonus', 'turn-gain'], doc: "Advantage: group std (GRPO), batch std, no std (Dr.GRPO), leave-one-out (RLOO), or GRPO's plus a bonus for each turn whose episode went on to more progress than the group's other turns from a state of the same progress (step-bonus, after GiGPO's step-level groups), or GRPO's plus each turn's own change in progress, both signs (turn-gain)." }),
  oneOf({ key: 'agg', group: 'grpo', default: 'grpo', values: ['grpo', 'bnpo', 'dr_grpo', 'dapo', 'token_mean'], doc: "How token losses are averaged (TRL's loss_type): per episode (grpo), per batch token (bnpo), by the token budget (dr_grpo), or over every loss token of the update (dapo, TRL's default; token_mean is the same)." }),
  oneOf({ key: 'importanceSamplingLevel', group: 'grpo', default: 'token', values: ['token', 'sequence'], doc: "TRL's importance_sampling_level: a ratio per token (GRPO), or one per episode, exp of its mean log-ratio (GSPO)." }),
  bool({ key: 'maskTruncatedCompletions', group: 'grpo', default: false, doc: "TRL's mask_truncated_completions: an episode with an action cut off at the token budget (no END) carries no loss." }),
  float({ key: 'topEntropyQuantile', group: 'grpo', default: 1, min: 0, max: 1, doc: "TRL's top_entropy_quantile: only the action tokens whose sampling entropy is in this top share of the batch carry policy loss (1 = all)." }),
  float({ key: 'entropyCoef', group: 'grpo', default: 0, min: 0, max: 1, doc: "TRL's entropy_coef: the loss gets minus this times the mean entropy of the tokens in the loss (0 = no bonus)." }),
  float({ key: 'clipLow', group: 'grpo', default: 0.2, min: 0, max: 1, doc: 'eps_low: ratio is clipped below at 1 - eps_low.' }),
  float({ key: 'clipHigh', group: 'grpo', default: 0.2, min: 0, max: 5, doc: 'eps_high: ratio is clipped above at 1 + eps_high.' }),
  float({ key: 'beta', group: 'grpo', default: 0, min: 0, max: 1, doc: 'KL coefficient (k3 estimator) towards the frozen reference policy.' }),
  oneOf({ key: 'ref', group: 'grpo', default: 'bc', values: ['bc', 'init'], doc: 'Reference policy for the KL: after BC warm-up, or at initialisation.' }),
  int({ key: 'mu', group: 'grpo', default: 1, min: 1, max: 8, doc: 'Inner optimisation passes over each batch.' }),
  oneOf({ key: 'reward', group: 'grpo', default: 'outcome', values: ['outcome', 'process', 'potential'], doc: "Reward: binary task success, or success plus the task's progress signal (process: paid when an episode ends by failing; potential: however it ends, so ending early earns nothing extra)." }),
  oneOf({ key: 'truncation', group: 'grpo', default: 'zero', values: ['zero', 'mask'], doc: 'Episodes that run out of turns: scored 0, or masked out of the loss.' }),
  oneOf({ key: 'failedTurnCredit', group: 'grpo', default: 'outcome', values: ['outcome', 'nonpositive', 'penalty'], doc: "A turn the env refused (an error, a wasted turn): its episode's advantage A (outcome), min(A, 0) so a won episode never pushes it up (nonpositive), or min(A, 0) - 0.2 (penalty)." }),
  bool({ key: 'async', group: 'grpo', default: false, doc: 'Asynchronous rollouts: episodes from a policy one update old, corrected by the ratio.' }),
  bool({ key: 'skills', group: 'grpo', default: false, doc: "Add the skill library's skills to the action language as skill(k)." }),
  oneOf({ key: 'skillSelect', group: 'grpo', default: 'bottom-up', values: SKILL_SELECTS, doc: "How skill discovery picks a skill or Explore at a state: ours, argmax UCT per state cluster (uct-argmax), or Bottom-Up Agent's softmax over UCT scores (c = 5, temperature max(0.1, e^(-0.1 N))) with its fitness and pruning (bottom-up)." }),
  oneOf({ key: 'workflow', group: 'team', default: 'single', values: ['single', 'chain', 'debate', 'mixture'], doc: 'Agents: one, or a team (MARTI): planner -> executor, debating proposers, or proposers + aggregator.' }),
  int({ key: 'agents', group: 'team', default: 3, min: 2, max: 5, doc: 'Proposers in a debate or mixture team (a chain is always planner + executor).' }),
  int({ key: 'rounds', group: 'team', default: 1, min: 0, max: 3, doc: "Debate rounds after the first proposals: each proposer reads the others' and may revise." }),
  oneOf({ key: 'alloc', group: 'team', default: 'shared', values: ['shared', 'own', 'gain', 'own-if-won', 'marti-quality', 'marti-margin'], aliases: { quality: 'own', margin: 'gain', conditional: 'own-if-won' }, doc: "Team reward per agent: task success (shared); ours: own proposal, improvement over the previous round, own proposal if the team won; or MARTI's shaping of the own score R with the earlier-score mean Q: R + alpha (QR - (1-Q)(1-R)) (marti-quality) or R + alpha (R - Q) (marti-margin)." }),
  float({ key: 'allocAlpha', group: 'team', default: 0.5, min: 0, max: 2, doc: "alpha of MARTI's reward shaping (marti-quality, marti-margin): the weight of the shaping term." }),
  int({ key: 'maxOthers', group: 'team', default: 5, min: 1, max: 6, doc: "MARTI's max_others: how many proposals a debater (or an aggregator) reads at most." }),
  bool({ key: 'shuffleResponses', group: 'team', default: true, doc: "MARTI's shuffle_responses: shuffle the proposals an agent reads before keeping maxOthers of them." }),
  bool({ key: 'containSelf', group: 'team', default: true, doc: "MARTI's contain_self: a debater reads its own previous proposal among the others'." }),
  oneOf({ key: 'aggregate', group: 'team', default: 'vote', values: ['vote', 'agent'], doc: "A debate's final action: majority vote of the proposers, or an aggregator agent." }),
  oneOf({ key: 'view', group: 'team', default: 'whole', values: ['whole', 'parts'], doc: "What each team agent reads of the page: all of it, or its own part (the page split among the readers; a message shows its readers the elements it names, and an aggregator reads only those)." }),
  oneOf({ key: 'leadModel', group: 'team', default: 'tiny', values: ['tiny', 'small', 'base'], doc: "Size of a team's planner or aggregator (the other agents use model)." }),
  int({ key: 'bcSteps', group: 'optimizer', default: 0, min: 0, max: 5000, doc: "Behaviour-cloning steps on the experts' demonstrations before RL (0 = R1-Zero)." }),
  float({ key: 'bcLr', group: 'optimizer', default: 0.003, min: 1e-6, max: 0.1, doc: 'AdamW learning rate of the behaviour-cloning warm-up.' }),
  int({ key: 'bcDemos', group: 'optimizer', default: 0, min: 0, max: 100000, doc: 'Distinct expert episodes behaviour cloning may use, cycled (0 = a new one whenever it needs one).' }),
  float({ key: 'bcNoise', group: 'optimizer', default: 0, min: 0, max: 1, doc: "Noisy expert: share of the expert's actions replaced by a random legal action in the demonstrations." }),
  float({ key: 'bcMistakes', group: 'optimizer', default: 0, min: 0, max: 1, doc: 'Demonstrated mistakes: share of expert turns that an action the env refuses comes before, shown with its error but never copied, so BC sees how to recover from one.' }),
  float({ key: 'lr', group: 'optimizer', default: 0.001, min: 1e-6, max: 0.1, doc: 'AdamW learning rate of the GRPO updates.' }),
  int({ key: 'warmup', group: 'optimizer', default: 0, min: 0, max: 1000, doc: 'Updates of linear learning-rate warmup.' }),
  float({ key: 'weightDecay', group: 'optimizer', default: 0, min: 0, max: 1, doc: 'AdamW decoupled weight decay.' }),
  float({ key: 'gradClip', group: 'optimizer', default: 1, min: 0, max: 100, doc: 'Clip the global gradient norm to this (0 = no clipping).' }),
  int({ key: 'seed', group: 'run', default: 1, min: 0, max: 2147483647, doc: 'Seed of every random stream: one seed, one curve.' }),
  int({ key: 'updates', group: 'run', default: 200, min: 1, max: 100000, doc: 'GRPO updates to run.' }),
  int({ key: 'evalEvery', group: 'run', default: 10, min: 0, max: 100000, doc: 'Evaluate every N updates and after the last on a fixed set of test-split tasks, greedy and sampled (0 = never).' }),
  int({ key: 'evalTasks', group: 'run', default: 50, min: 1, max: 1000, doc: 'Test-split tasks in an evaluation (one greedy and one sampled episode each).' }),
  oneOf({ key: 'backend', group: 'run', default: 'auto', values: ['auto', 'webgpu', 'cpu'], doc: 'Where the policy runs: WebGPU when available, or the CPU twin.' }),
  bool({ key: 'f16', group: 'run', default: true, doc: 'On WebGPU, forward matrix products in f16 when the adapter has shader-f16 (f32 otherwise; gradients and the CPU always f32).' }),
  int({ key: 'checkpointEvery', group: 'run', default: 5, min: 0, max: 10000, doc: 'Save a checkpoint every N updates (0 = never; a run also saves one when paused, hidden or done).' }),
  setOf({ key: 'hide', group: 'view', default: [], values: HIDEABLE, lenient: true, doc: 'Parts of the page to hide, for embedding in a lesson.' }),
] as const;

type Table = typeof CONFIG_TABLE;
type ValueOf<P> = P extends { type: 'int' | 'float' }
  ? number
  : P extends { type: 'bool' }
    ? boolean
    : P extends EnumProp<string, infer V>
      ? V
      : P extends SetProp<string, infer V>
        ? readonly V[]
        : never;

/** A complete, valid experiment config. */
export type Config = { [P in Table[number] as P['key']]: ValueOf<P> };
export type ConfigKey = keyof Config;

/** The defaults, straight from the table. */
export const DEFAULT_CONFIG: Config = Object.freeze(
  Object.fromEntries(CONFIG_TABLE.map((p) => [p.key, p.default])),
) as Config;

/** The table entry for a key, or undefined. */
export function propOf(key: string): Prop | undefined {
  return (CONFIG_TABLE as readonly Prop[]).find((p) => p.key === key);
}

/** Episodes per update are bounded so no link can ask for more than a page can hold. */
export const MAX_EPISODES_PER_UPDATE = 512;
