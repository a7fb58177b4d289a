"""A stand-in for TRL in the export test: records what the exported script builds, and plays the first task
through the environment factory the way GRPOTrainer does (reset(**row), a tool call, get_reward())."""

import inspect
import json
import os


class GRPOConfig:
    def __init__(self, **kwargs):
        self.kwargs = kwargs


class SFTConfig(GRPOConfig):
    pass


class SFTTrainer:
    def __init__(self, **kwargs):
        raise AssertionError("no SFT stage without --demos")


class GRPOTrainer:
    def __init__(self, model, args, train_dataset, environment_factory):
        self.model, self.args, self.rows, self.factory = model, args, train_dataset.rows, environment_factory

    def train(self):
        env = self.factory()
        text = env.reset(**self.rows[0])
        tools = sorted(n for n, _ in inspect.getmembers(env, predicate=inspect.ismethod) if n not in ("reset", "get_reward") and not n.startswith("_"))
        report = {
            "model": self.model,
            "args": self.args.kwargs,
            "rows": len(self.rows),
            "first_row": {k: v for k, v in self.rows[0].items() if k != "prompt"},
            "last_seed": self.rows[-1]["seed"],
            "reset_text": text,
            "tools": tools,
            "reward": env.get_reward(),
        }
        with open(os.environ["FAKE_TRL_REPORT"], "w") as f:
            json.dump(report, f)
