"""The TRL-shaped classes, used the way GRPOTrainer uses an environment_factory: built with no arguments,
reset(**row) for the prompt's text, public methods as tools (typed and documented for the tool schema),
get_reward() at the end."""

import inspect
import unittest

from greenhouse_envs import Client, environment_factory, tool_class, trl_rows

from .play import call_of
from .server import base_url


def tools_of(instance):
    """What TRL exposes as tools: public methods other than reset and get_reward."""
    return {name: m for name, m in inspect.getmembers(instance, predicate=inspect.ismethod) if name not in ("reset", "get_reward") and not name.startswith("_")}


class TrlEnvTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = Client(base_url())
        cls.listing = cls.client.envs()

    @classmethod
    def tearDownClass(cls):
        cls.client.disconnect()

    def play(self, env_id, fmt, seed):
        """A full episode through the tools, each action the server's expert's, as a model's tool calls."""
        make = environment_factory(env_id, format=fmt, base_url=base_url(), split="test")
        env = make()
        row = trl_rows(1, seed=seed, split="test")[0]
        text = env.reset(**row)
        self.assertTrue(text.startswith("Goal: "), text)
        tools = tools_of(env)
        for _ in range(200):
            name, args = call_of(self.client.expert(env._session))
            text = tools[name](*args)
            if env._done:
                break
        return env, text

    def test_every_environment_is_won_through_its_tools(self):
        for fmt in ("greenhouse", "browsergym"):
            for e in self.listing:
                with self.subTest(env=e["id"], format=fmt):
                    env, text = self.play(e["id"], fmt, seed=21)
                    self.assertEqual(env.get_reward(), 1.0)
                    self.assertIn("The task is done.", text)

    def test_every_action_of_every_environment_has_a_tool_with_a_schema(self):
        for e in self.listing:
            for fmt, actions in (("greenhouse", [a.split("(")[0] for a in e["actions"]]), ("browsergym", e["browsergymActions"])):
                cls = tool_class(e["id"], fmt, base_url())
                tools = {n for n in dir(cls) if not n.startswith("_") and n not in ("reset", "get_reward", "format")}
                self.assertTrue(set(actions) <= tools, f"{e['id']} {fmt}: no tool for {set(actions) - tools}")
                for name in tools:
                    method = getattr(cls, name)
                    doc = inspect.getdoc(method) or ""
                    for param, p in list(inspect.signature(method).parameters.items())[1:]:
                        self.assertIn(f"{param}:", doc, f"{cls.__name__}.{name} documents {param}")
                        self.assertIsNot(p.annotation, inspect.Parameter.empty, f"{cls.__name__}.{name} types {param}")

    def test_rows_choose_the_task_and_rewards_follow_the_reward_mode(self):
        make = environment_factory("login-user", base_url=base_url(), max_turns=1, reward="process", truncation="mask")
        a, b = make(), make()
        self.assertEqual(a.reset(seed=8, prompt=[]), b.reset(seed=8, prompt=[]))
        self.assertNotEqual(a.reset(seed=8), a.reset(seed=9))
        a.reset(seed=8)
        name, args = call_of(self.client.expert(a._session))
        text = getattr(a, name)(*args)
        self.assertIn("The episode is over.", text)  # cut at max_turns=1
        self.assertGreater(a.get_reward(), 0.0)  # process reward: half the progress made
        self.assertLess(a.get_reward(), 0.5)
        self.assertEqual(a.fill(2, "x"), "The episode is over.")


if __name__ == "__main__":
    unittest.main()
