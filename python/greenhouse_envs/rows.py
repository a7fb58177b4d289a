"""Dataset rows that carry Greenhouse tasks to a trainer: one task seed per row, consecutive from a start seed.

trl_rows(): rows for TRL's GRPOTrainer (datasets.Dataset.from_list); its reset(**row) reads seed, split, level.
verl_rows(): rows for verl's RLHFDataset; the agent loop reads extra_info.greenhouse.

    python -m greenhouse_envs.rows --to verl --env login-user --n 800 --seed 1 --out train.parquet

writes them as parquet (pandas, which verl's environment has) or as JSONL when --out ends with .jsonl.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

SYSTEM_PROMPT = (
    "You act on a web page or a game shown as an accessibility tree, one element a line: [id] role 'name'. "
    "Call one tool per turn until the task is done."
)
USER_PROMPT = "Complete the task."


def _draw(seed: int, split: str, level: int | None) -> dict[str, Any]:
    draw: dict[str, Any] = {"seed": seed, "split": split}
    if level is not None:
        draw["level"] = level
    return draw


def trl_rows(n: int, *, seed: int = 0, split: str = "train", level: int | None = None) -> list[dict[str, Any]]:
    """n rows for TRL: a prompt (system and user messages) and the task's seed, split and level."""
    prompt = [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": USER_PROMPT}]
    return [{"prompt": prompt, **_draw(seed + k, split, level)} for k in range(n)]


def verl_rows(env: str, n: int, *, seed: int = 0, split: str = "train", level: int | None = None) -> list[dict[str, Any]]:
    """n rows for verl: the prompt, the agent loop's name, and the task under extra_info.greenhouse."""
    return [
        {
            "data_source": f"greenhouse/{env}",
            "prompt": [{"role": "user", "content": USER_PROMPT}],
            "agent_name": "greenhouse_agent",
            "reward_model": {"style": "rule", "ground_truth": ""},
            "extra_info": {"index": k, "greenhouse": {"env": env, **_draw(seed + k, split, level)}},
        }
        for k in range(n)
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Greenhouse task rows for TRL or verl")
    parser.add_argument("--to", choices=("trl", "verl"), required=True)
    parser.add_argument("--env", required=True)
    parser.add_argument("--n", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--split", choices=("train", "test"), default="train")
    parser.add_argument("--level", type=int)
    parser.add_argument("--out", required=True, help="FILE.parquet (needs pandas) or FILE.jsonl")
    args = parser.parse_args(argv)
    rows = verl_rows(args.env, args.n, seed=args.seed, split=args.split, level=args.level) if args.to == "verl" else trl_rows(args.n, seed=args.seed, split=args.split, level=args.level)
    if args.out.endswith(".jsonl"):
        with open(args.out, "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    else:
        import pandas  # only for parquet; verl's environment has it

        pandas.DataFrame(rows).to_parquet(args.out)
    print(f"wrote {len(rows)} rows to {args.out}")


if __name__ == "__main__":
    main()
